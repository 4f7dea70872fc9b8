import { useState } from 'react';
import { WITHDRAWAL_DAYS, type VipSubscription } from '../../../contract/store/subscriptions';
import { withdrawFromSubscription } from '../../api/subscriptions';
import { Text } from '../../ui';
import { ConfirmChangeDialog } from './ConfirmChangeDialog';
import { formatExpiryDate, formatPrice } from './format';

type Withdrawal = NonNullable<VipSubscription['withdrawal']>;

/**
 * The right of withdrawal (issue 48): within 14 days of the first payment the
 * member may end the subscription and get the payment back less the days
 * used. It cannot be undone, so it is confirmed first; the answer stays on
 * screen after the subscription (and the controls that opened this) is gone.
 */
function WithdrawDialog({ subscription, withdrawal, onClose }: { subscription: VipSubscription; withdrawal: Withdrawal; onClose: () => void }) {
  return (
    <ConfirmChangeDialog
      title={`Withdraw from ${subscription.planName} VIP`}
      keepLabel="Keep VIP"
      confirmLabel="Withdraw"
      pendingLabel="Withdrawing..."
      variant="danger"
      change={withdrawFromSubscription}
      onClose={onClose}
      explanation={
        <Text>
          {`You may withdraw until ${formatExpiryDate(withdrawal.until) ?? withdrawal.until}, ${WITHDRAWAL_DAYS} days after your first payment. Your VIP ends now and `}
          <strong>{formatPrice(withdrawal.refund)}</strong>
          {` goes back to you: what you paid, less the days you used.`}
        </Text>
      }
    />
  );
}

/** Opens the withdrawal's dialog for a subscription, held by a screen that outlives the subscription's controls. */
export function useWithdrawal() {
  const [opened, setOpened] = useState<{ subscription: VipSubscription; withdrawal: Withdrawal } | null>(null);
  const open = (subscription: VipSubscription) => {
    if (subscription.withdrawal) setOpened({ subscription, withdrawal: subscription.withdrawal });
  };
  const dialog = opened ? <WithdrawDialog subscription={opened.subscription} withdrawal={opened.withdrawal} onClose={() => setOpened(null)} /> : null;
  return { open, dialog };
}
