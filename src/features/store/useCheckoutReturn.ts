import { useEffect } from 'react';
import type { CheckoutReturn } from '../../../machines/store/purchase.machine';
import type { PurchaseFlow } from './usePurchase';

/** The purchase checkout sent the buyer back with (the address's `purchase` and `checkout`), if any. */
export interface CheckoutReturnProps {
  checkoutReturn?: { purchaseId: string; outcome: CheckoutReturn } | null;
  /** The buyer closed how that checkout ended: the address forgets it. */
  onCheckoutReturnDone?: () => void;
}

/**
 * Back from checkout on /coins or /vip: the purchase is confirmed (or
 * cancelled) as the screen opens, once per return, and closing its dialog
 * takes the return out of the address so a reload does not confirm it again.
 * Answers the flow the purchase dialog uses.
 */
export function useCheckoutReturn(flow: PurchaseFlow, isAuthenticated: boolean, { checkoutReturn = null, onCheckoutReturnDone }: CheckoutReturnProps): PurchaseFlow {
  const { returned, dismiss } = flow;
  const returnedId = checkoutReturn?.purchaseId;
  const returnOutcome = checkoutReturn?.outcome;

  // Once per return (the machine ignores a second one while it is busy with the first).
  useEffect(() => {
    if (returnedId && returnOutcome && isAuthenticated) returned(returnedId, returnOutcome);
  }, [returnedId, returnOutcome, isAuthenticated, returned]);

  return {
    ...flow,
    dismiss: () => {
      const closed = dismiss();
      if (closed && returnedId) onCheckoutReturnDone?.();
      return closed;
    },
  };
}
