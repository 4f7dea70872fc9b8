import { useRef, type Ref } from 'react';
import type { Purchase } from '../../../contract/store/purchases';
import { Button, Dialog, Notice, Stack } from '../../ui';
import { CheckoutConsentDialog } from './CheckoutConsentDialog';
import { formatCoins } from './format';
import { Receipt } from './Receipt';
import type { PurchaseFlow } from './usePurchase';

type DialogFlow = Pick<PurchaseFlow, 'dialog' | 'dismiss' | 'toggleWaiver' | 'continueToPayment'>;

/**
 * Every step of a purchase that needs the buyer's eyes, as a modal dialog:
 * the coin pack's waiver before checkout, the wait for the payment once back,
 * the receipt, and any other outcome (SPEC: an alert), which the buyer
 * confirms before going on. Each step is a dialog of its own, so focus moves
 * to it as it opens.
 */
export function PurchaseDialog({ flow }: { flow: DialogFlow }) {
  const { dialog, dismiss } = flow;
  if (!dialog) return null;
  switch (dialog.kind) {
    case 'consent':
      return (
        <CheckoutConsentDialog
          item={dialog.item}
          waiverTicked={dialog.waiverTicked}
          busy={dialog.busy}
          onToggleWaiver={flow.toggleWaiver}
          onContinue={flow.continueToPayment}
          onCancel={dismiss}
        />
      );
    case 'progress':
      return (
        <Dialog open onClose={dismiss} title={dialog.title} footer={dialog.canClose ? <OkButton onClick={dismiss} /> : undefined}>
          <Notice tone="info">{dialog.text}</Notice>
        </Dialog>
      );
    case 'receipt':
      return <ReceiptDialog purchase={dialog.purchase} onDismiss={dismiss} />;
    case 'outcome':
      return <OutcomeDialog title={dialog.title} tone={dialog.tone} text={dialog.text} onDismiss={dismiss} />;
  }
}

function OkButton({ onClick, ref }: { onClick: () => void; ref?: Ref<HTMLButtonElement> }) {
  return (
    <Button ref={ref} type="button" onClick={onClick}>
      OK
    </Button>
  );
}

function OutcomeDialog({ title, tone, text, onDismiss }: { title: string; tone: 'info' | 'error'; text: string; onDismiss: () => void }) {
  const okRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog open onClose={onDismiss} title={title} initialFocusRef={okRef} footer={<OkButton ref={okRef} onClick={onDismiss} />}>
      <Notice tone={tone}>{text}</Notice>
    </Dialog>
  );
}

function ReceiptDialog({ purchase, onDismiss }: { purchase: Purchase; onDismiss: () => void }) {
  const okRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog open onClose={onDismiss} title="Payment received" initialFocusRef={okRef} footer={<OkButton ref={okRef} onClick={onDismiss} />}>
      <Stack gap={4}>
        <Notice tone="success">
          {purchase.coins !== null ? `${formatCoins(purchase.coins)} added to your balance.` : `You are a ${purchase.itemName} VIP member.`}
        </Notice>
        <Receipt purchase={purchase} />
      </Stack>
    </Dialog>
  );
}
