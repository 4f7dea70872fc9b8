import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { WITHDRAWAL_DAYS, type VipSubscription } from '../../../contract/store/subscriptions';
import { refetchAccount } from '../../api/member-keys';
import { withdrawFromSubscription } from '../../api/subscriptions';
import { Button, Dialog, Notice, Stack, Text } from '../../ui';
import { formatExpiryDate, formatPrice } from './format';

type Withdrawal = NonNullable<VipSubscription['withdrawal']>;

/**
 * The right of withdrawal (issue 48): within 14 days of the first payment the
 * member may end the subscription and get the payment back less the days
 * used. It cannot be undone, so it is confirmed first; the answer stays on
 * screen after the subscription (and the controls that opened this) is gone.
 */
function WithdrawDialog({ subscription, withdrawal, onClose }: { subscription: VipSubscription; withdrawal: Withdrawal; onClose: () => void }) {
  const queryClient = useQueryClient();
  const withdraw = useMutation({ mutationFn: withdrawFromSubscription, onSuccess: () => refetchAccount(queryClient) });
  const done = withdraw.isSuccess;
  return (
    <Dialog
      open
      onClose={onClose}
      title={`Withdraw from ${subscription.planName} VIP`}
      footer={
        done ? (
          <Button type="button" onClick={onClose}>
            OK
          </Button>
        ) : (
          <>
            <Button type="button" variant="secondary" onClick={onClose} disabled={withdraw.isPending}>
              Keep VIP
            </Button>
            <Button type="button" variant="danger" onClick={() => withdraw.mutate()} loading={withdraw.isPending} loadingLabel="Withdrawing...">
              Withdraw
            </Button>
          </>
        )
      }
    >
      <Stack gap={4}>
        {done ? null : (
          <Text>
            {`You may withdraw until ${formatExpiryDate(withdrawal.until) ?? withdrawal.until}, ${WITHDRAWAL_DAYS} days after your first payment. Your VIP ends now and `}
            <strong>{formatPrice(withdrawal.refund)}</strong>
            {` goes back to you: what you paid, less the days you used.`}
          </Text>
        )}
        <div role="status">{done ? <Notice tone="success">{withdraw.data.message}</Notice> : null}</div>
        {withdraw.isError ? <Notice tone="error">{withdraw.error.message}</Notice> : null}
      </Stack>
    </Dialog>
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
