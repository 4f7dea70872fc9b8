import type { QueryClient } from '@tanstack/react-query';
import { fromCallback, fromPromise } from 'xstate';
import type { Purchase } from '../../../contract/store/purchases';
import type {
  CancelOutcome,
  CheckoutRequest,
  CheckoutStart,
  PageRestoredEvent,
  PurchaseRef,
  PurchaseUpdatedEvent,
} from '../../../machines/store/purchase.machine';
import { ApiError } from '../../api/client';
import { refetchAccount } from '../../api/member-keys';
import { cancelCheckout, confirmPurchase, startCheckout } from '../../api/purchases';
import type { RealtimeHub } from '../../realtime/hub';

export interface PurchaseActorDeps {
  hub: Pick<RealtimeHub, 'subscribe'>;
  queryClient: QueryClient;
  /** The window whose `pageshow` tells that the page came back from the browser's cache. */
  window?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
}

/** The purchase machine's actors in the app: coin packs and VIP plans through the server's checkout (issue 48). */
export function createPurchaseActors({ hub, queryClient, window: target = window }: PurchaseActorDeps) {
  // The balance, the coin history and the purchase history are all under the account's key.
  const refreshAccount = (purchase: Purchase) => {
    if (purchase.status !== 'pending') void refetchAccount(queryClient);
  };

  return {
    createCheckout: fromPromise<CheckoutStart, CheckoutRequest>(async ({ input }) => {
      // The machine only gets here with the box ticked; the server refuses anything else too.
      const { item, attemptId, waiveWithdrawal: ticked } = input;
      const consent = item.kind === 'vipPlan' ? { startNow: ticked } : { waiveWithdrawal: ticked };
      const { checkoutUrl } = await startCheckout({ item: { kind: item.kind, id: item.id }, attemptId, ...consent });
      return { type: 'redirect', url: checkoutUrl };
    }),

    confirmPurchase: fromPromise<Purchase, PurchaseRef>(async ({ input }) => {
      const { purchase } = await confirmPurchase(input.purchaseId);
      refreshAccount(purchase);
      return purchase;
    }),

    cancelCheckout: fromPromise<CancelOutcome, PurchaseRef>(async ({ input }) => {
      try {
        const { purchase, message } = await cancelCheckout(input.purchaseId);
        refreshAccount(purchase);
        return { purchase, message };
      } catch (error) {
        // 409: paid after all (the payment went through as the buyer left checkout): the receipt instead.
        if (!(error instanceof ApiError) || error.status !== 409) throw error;
        const { purchase } = await confirmPurchase(input.purchaseId);
        refreshAccount(purchase);
        if (purchase.status !== 'paid') throw error;
        return { purchase, message: '' };
      }
    }),

    awaitPurchaseUpdate: fromCallback<PurchaseUpdatedEvent, PurchaseRef>(({ input, sendBack }) =>
      hub.subscribe((signal) => {
        if (signal.type === 'purchase' && signal.purchase._id === input.purchaseId) sendBack({ type: 'PURCHASE_UPDATED', purchase: signal.purchase });
      }),
    ),

    watchPageRestore: fromCallback<PageRestoredEvent, void>(({ sendBack }) => {
      const onPageShow = (event: PageTransitionEvent) => {
        if (event.persisted) sendBack({ type: 'PAGE_RESTORED' });
      };
      target.addEventListener('pageshow', onPageShow);
      return () => target.removeEventListener('pageshow', onPageShow);
    }),
  };
}

/** Leaves for checkout: the provider's page (absolute) or the local test checkout (a path on this site), as a full page load. */
export function goToCheckoutPage(url: string): void {
  window.location.assign(url);
}
