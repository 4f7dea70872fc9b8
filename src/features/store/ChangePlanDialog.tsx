import type { VipPlan } from '../../../contract/store/listings';
import type { VipSubscription } from '../../../contract/store/subscriptions';
import { changeSubscriptionPlan } from '../../api/subscriptions';
import { Text } from '../../ui';
import { ConfirmChangeDialog } from './ConfirmChangeDialog';
import { formatExpiryDate, formatPrice, planBillingLabel } from './format';

interface ChangePlanDialogProps {
  plan: VipPlan;
  subscription: VipSubscription;
  onClose: () => void;
}

/**
 * A subscriber moving to another plan: what changes and when, before it does.
 * The new level applies at once; the provider bills the new price from the
 * next renewal and credits what is left of this period.
 */
export function ChangePlanDialog({ plan, subscription, onClose }: ChangePlanDialogProps) {
  const renewal = formatExpiryDate(subscription.currentPeriodEnd) ?? subscription.currentPeriodEnd;
  return (
    <ConfirmChangeDialog
      title={`Change to ${plan.name} VIP`}
      keepLabel={`Keep ${subscription.planName}`}
      confirmLabel="Change plan"
      pendingLabel="Changing plan..."
      change={() => changeSubscriptionPlan({ planId: plan._id })}
      onClose={onClose}
      explanation={
        <Text>
          {`You move from ${subscription.planName} to ${plan.name} now. From your next renewal on ${renewal}, you pay `}
          <strong>{`${formatPrice(plan.price)} ${planBillingLabel(plan)}`}</strong>
          {' (VAT included); what is left of this period counts towards it.'}
        </Text>
      }
    />
  );
}
