import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VipPlan } from '../../../contract/store/listings';
import type { VipSubscription } from '../../../contract/store/subscriptions';
import { refetchAccount } from '../../api/member-keys';
import { changeSubscriptionPlan } from '../../api/subscriptions';
import { Button, Dialog, Notice, Stack, Text } from '../../ui';
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
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: () => changeSubscriptionPlan({ planId: plan._id }),
    onSuccess: () => void refetchAccount(queryClient),
  });
  const renewal = formatExpiryDate(subscription.currentPeriodEnd) ?? subscription.currentPeriodEnd;
  const done = change.isSuccess;
  return (
    <Dialog
      open
      onClose={onClose}
      title={`Change to ${plan.name} VIP`}
      footer={
        done ? (
          <Button type="button" onClick={onClose}>
            OK
          </Button>
        ) : (
          <>
            <Button type="button" variant="secondary" onClick={onClose} disabled={change.isPending}>
              Keep {subscription.planName}
            </Button>
            <Button type="button" onClick={() => change.mutate()} loading={change.isPending} loadingLabel="Changing plan...">
              Change plan
            </Button>
          </>
        )
      }
    >
      <Stack gap={4}>
        <Text>
          {`You move from ${subscription.planName} to ${plan.name} now. From your next renewal on ${renewal}, you pay `}
          <strong>{`${formatPrice(plan.price)} ${planBillingLabel(plan)}`}</strong>
          {' (VAT included); what is left of this period counts towards it.'}
        </Text>
        <div role="status">{done ? <Notice tone="success">{change.data.message}</Notice> : null}</div>
        {change.isError ? <Notice tone="error">{change.error.message}</Notice> : null}
      </Stack>
    </Dialog>
  );
}
