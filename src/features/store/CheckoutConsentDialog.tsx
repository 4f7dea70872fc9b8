import { WITHDRAWAL_WAIVER_TEXT } from '../../../contract/store/purchases';
import { VIP_START_NOW_TEXT } from '../../../contract/store/subscriptions';
import type { PurchaseItem } from '../../../machines/store/purchase.machine';
import { Button, Checkbox, Dialog, Stack, Text } from '../../ui';

interface CheckoutConsentDialogProps {
  item: PurchaseItem;
  waiverTicked: boolean;
  /** Continue to payment was pressed: checkout is opening. */
  busy: boolean;
  onToggleWaiver: () => void;
  onContinue: () => void;
  onCancel: () => void;
}

/**
 * Before checkout, in words the buyer ticks themselves (never pre-ticked), as
 * the EU's consumer rules ask: a coin pack's coins come at once only by giving
 * up the 14-day right of withdrawal; a VIP subscription starts at once on the
 * buyer's express request, and withdrawing within 14 days costs only the days
 * used. Payment itself is on the provider's page.
 */
export function CheckoutConsentDialog({ item, waiverTicked, busy, onToggleWaiver, onContinue, onCancel }: CheckoutConsentDialogProps) {
  return (
    <Dialog
      open
      onClose={onCancel}
      title={item.kind === 'vipPlan' ? `Get ${item.name}` : `Buy ${item.name}`}
      footer={
        <>
          <Button type="button" variant="secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button type="button" onClick={onContinue} disabled={!waiverTicked} loading={busy} loadingLabel="Opening checkout...">
            Continue to payment
          </Button>
        </>
      }
    >
      <Stack gap={4}>
        <Text>
          {`${item.name} for `}
          <strong>{item.priceLabel}</strong>
          {' (VAT included). You pay on our payment provider\u2019s secure page.'}
        </Text>
        {item.kind === 'vipPlan' ? (
          <Text>It renews until you cancel. Cancel any time, in one click on the VIP page or in Settings: VIP then stays until the period you paid for ends.</Text>
        ) : null}
        <Checkbox label={item.kind === 'vipPlan' ? VIP_START_NOW_TEXT : WITHDRAWAL_WAIVER_TEXT} checked={waiverTicked} onChange={onToggleWaiver} disabled={busy} />
      </Stack>
    </Dialog>
  );
}
