import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TEST_PAYMENT_LABEL } from '../../../contract/store/purchases';
import { billingPeriodLabel, type VipSubscription } from '../../../contract/store/subscriptions';
import { refetchAccount } from '../../api/member-keys';
import { cancelSubscription, resumeSubscription } from '../../api/subscriptions';
import { Button, Notice, Stack, Text } from '../../ui';
import { formatExpiryDate, formatPrice } from './format';

type SubscriptionAction = 'cancel' | 'resume';

/** A date from the subscription, or words that still read when it is missing. */
function dateOf(iso: string): string {
  return formatExpiryDate(iso) ?? 'the end of the period';
}

/** The one line that says where the subscription stands, and the one thing to do about it (null: nothing to do). */
function subscriptionState(subscription: VipSubscription): { line: string; action: SubscriptionAction | null } {
  const { planName } = subscription;
  if (subscription.status === 'ended') return { line: `Your ${planName} VIP subscription has ended.`, action: null };
  if (subscription.status === 'pastDue') {
    const ended = dateOf(subscription.vipUntil);
    // Cancelled while a retry was pending: no retry will bring it back, so Resume is what is left to do.
    return subscription.cancelAtPeriodEnd
      ? { line: `Your last renewal payment failed and your ${planName} VIP is cancelled. Your VIP ended on ${ended} and will not renew.`, action: 'resume' }
      : { line: `Your last renewal payment failed. Your VIP ended on ${ended}; it comes back as soon as a retry succeeds.`, action: 'cancel' };
  }
  const periodEnd = dateOf(subscription.currentPeriodEnd);
  return subscription.cancelAtPeriodEnd
    ? { line: `Your ${planName} VIP is cancelled. It stays active until ${periodEnd} and will not renew.`, action: 'resume' }
    : {
        line: `Your ${planName} VIP renews on ${periodEnd}: ${formatPrice(subscription.price)} ${billingPeriodLabel(subscription.billingMonths)}.`,
        action: 'cancel',
      };
}

const ACTIONS = {
  cancel: { label: 'Cancel subscription', busy: 'Cancelling...', request: cancelSubscription, variant: 'secondary' },
  resume: { label: 'Resume subscription', busy: 'Resuming...', request: resumeSubscription, variant: 'primary' },
} as const;

/**
 * Issue 48: cancelling (or resuming) VIP is one click away, on /vip and in
 * Settings. Either takes effect at the period's end, so VIP stays until then;
 * the server's message says so in its own words.
 */
export function SubscriptionControls({ subscription, onWithdraw }: { subscription: VipSubscription; onWithdraw?: (subscription: VipSubscription) => void }) {
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: (action: SubscriptionAction) => ACTIONS[action].request(),
    // Awaited so the button stays busy until the account (VIP status and this subscription) shows the change.
    onSuccess: () => refetchAccount(queryClient),
  });
  const { line, action } = subscriptionState(subscription);
  const button = action ? ACTIONS[action] : null;
  // While busy, the words are those of the click, even if a refetch has already flipped the state.
  const busyLabel = change.variables ? ACTIONS[change.variables].busy : button?.busy;

  return (
    <Stack gap={3} align="flex-start">
      <Text>{line}</Text>
      {subscription.testPayment ? (
        <Text tone="muted" size="sm">
          {TEST_PAYMENT_LABEL}
        </Text>
      ) : null}
      <div role="status">{change.isSuccess ? <Notice tone="success">{change.data.message}</Notice> : null}</div>
      {change.isError ? <Notice tone="error">{change.error.message}</Notice> : null}
      {action && button ? (
        <Button variant={button.variant} loading={change.isPending} loadingLabel={busyLabel} onClick={() => change.mutate(action)}>
          {button.label}
        </Button>
      ) : null}
      {subscription.withdrawal && onWithdraw ? (
        <Button variant="ghost" onClick={() => onWithdraw(subscription)}>
          {`Withdraw and get ${formatPrice(subscription.withdrawal.refund)} back`}
        </Button>
      ) : null}
    </Stack>
  );
}
