import { WITHDRAWAL_WAIVER_TEXT } from '../../../contract/store/purchases';
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
 * Before a coin pack's checkout: the EU's consumer rules let the buyer have
 * digital content at once only by giving up the 14-day right of withdrawal,
 * in words they tick themselves (never pre-ticked). Payment itself is on
 * the provider's page.
 */
export function CheckoutConsentDialog({ item, waiverTicked, busy, onToggleWaiver, onContinue, onCancel }: CheckoutConsentDialogProps) {
  return (
    <Dialog
      open
      onClose={onCancel}
      title={`Buy ${item.name}`}
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
        <Checkbox label={WITHDRAWAL_WAIVER_TEXT} checked={waiverTicked} onChange={onToggleWaiver} disabled={busy} />
      </Stack>
    </Dialog>
  );
}
