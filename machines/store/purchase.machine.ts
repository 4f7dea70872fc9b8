import { assertEvent, assign, raise, setup, type SnapshotFrom } from 'xstate';
import { CHECKOUT_CANCELLED_MESSAGE, type Purchase } from '../../contract/store/purchases';
import { actorNotProvided, callbackActorNotProvided } from '../actor-not-provided';
import { errorMessage } from '../error-message';

/** What the buyer picked on the Store, Coins or VIP screen. */
export interface PurchaseItem {
  kind: 'coinPack' | 'vipPlan';
  id: string;
  name: string;
  /** The price as the buyer saw it, already formatted for their locale. */
  priceLabel: string;
}

/** What the `createCheckout` actor is asked for: one item, once per Buy Now. */
export interface CheckoutRequest {
  item: PurchaseItem;
  /** Made by the browser once per Buy Now: a double click or a retry finds the same checkout. */
  attemptId: string;
  /** The buyer ticked the box: a coin pack's withdrawal waiver, or a VIP plan's request to start now (checkout cannot start without it). */
  waiveWithdrawal: boolean;
}

/** How checkout started: where the browser goes to pay (the provider's page, or the local test checkout). */
export interface CheckoutStart {
  url: string;
}

/** The purchase the buyer came back to from checkout. */
export interface PurchaseRef {
  purchaseId: string;
}

/** What cancelling a checkout ends with: the purchase, and the words for the buyer. */
export interface CancelOutcome {
  purchase: Purchase;
  message: string;
}

export interface PurchaseContext {
  item: PurchaseItem | null;
  attemptId: string | null;
  /** The consent box (never ticked to begin with): a coin pack's withdrawal waiver, a VIP plan's start-now request. */
  waiverTicked: boolean;
  /** The purchase the buyer came back to from checkout. */
  purchaseId: string | null;
  /** The latest news of that purchase: the receipt once paid, the bank's wait while processing. */
  purchase: Purchase | null;
  message: string | null;
  error: string | null;
}

/** How the buyer left checkout, as the return address says (`/coins` or `/vip`, `?purchase=<id>[&checkout=cancelled]`). */
export type CheckoutReturn = 'returned' | 'cancelled';

/** What the `awaitPurchaseUpdate` actor (the tab's realtime hub) tells the machine. */
export type PurchaseUpdatedEvent = { type: 'PURCHASE_UPDATED'; purchase: Purchase };
/** What the `watchPageRestore` actor tells the machine: the browser showed this page again from its cache (Back from checkout). */
export type PageRestoredEvent = { type: 'PAGE_RESTORED' };

export type PurchaseEvent =
  | { type: 'BUY'; item: PurchaseItem; attemptId: string }
  | { type: 'TOGGLE_WAIVER' }
  | { type: 'CONTINUE' }
  | { type: 'RETURNED'; purchaseId: string; outcome: CheckoutReturn }
  | PurchaseUpdatedEvent
  | PageRestoredEvent
  | { type: 'DISMISS' };

/** SPEC section 8: a failed purchase alerts the error text, or this. */
export const PURCHASE_FAILED_MESSAGE = 'Purchase failed';
export const PAYMENT_FAILED_MESSAGE = 'Your payment failed. Nothing was charged.';
export const CHECKOUT_EXPIRED_MESSAGE = 'This checkout expired before it was paid. Nothing was charged.';
export const CONFIRMING_MESSAGE = 'Confirming your payment…';
export const STILL_CONFIRMING_MESSAGE = 'Still confirming your payment. What you bought is yours as soon as it is confirmed; you can leave this page.';
export const BANK_CONFIRMING_MESSAGE = 'Your bank is confirming this payment. What you bought is yours as soon as it is confirmed; you can leave this page.';
export const CANCELLING_MESSAGE = 'Cancelling checkout…';

export const PURCHASE_DELAYS = {
  /** How long the buyer back from checkout sees a plain "Confirming" before being told it may take longer. */
  CONFIRMATION_PATIENCE: 5000,
} as const;

const EMPTY_CONTEXT: PurchaseContext = {
  item: null,
  attemptId: null,
  waiverTicked: false,
  purchaseId: null,
  purchase: null,
  message: null,
  error: null,
};

function returnedPurchase(context: PurchaseContext): PurchaseRef {
  if (!context.purchaseId) throw new Error('purchase machine: no purchase came back from checkout');
  return { purchaseId: context.purchaseId };
}

/**
 * Buying one coin pack or VIP plan (a subscription). The buyer ticks the
 * item's consent box (a pack's withdrawal waiver, a plan's start-now
 * request), then the injected `createCheckout` starts a checkout and the
 * browser leaves for the provider's page (`goToCheckout`). Back from checkout (`RETURNED`, from the return
 * address), `confirmPurchase` asks the server how it ended while
 * `awaitPurchaseUpdate` listens for the server's news of it; whichever says
 * paid first shows the receipt. The defaults fail loudly so a screen that
 * forgets `.provide()` shows why.
 */
export const purchaseMachine = setup({
  types: {
    context: {} as PurchaseContext,
    events: {} as PurchaseEvent,
  },
  actors: {
    createCheckout: actorNotProvided<CheckoutStart, CheckoutRequest>('purchase machine', 'createCheckout'),
    confirmPurchase: actorNotProvided<Purchase, PurchaseRef>('purchase machine', 'confirmPurchase'),
    cancelCheckout: actorNotProvided<CancelOutcome, PurchaseRef>('purchase machine', 'cancelCheckout'),
    awaitPurchaseUpdate: callbackActorNotProvided<PurchaseUpdatedEvent, PurchaseRef>('purchase machine', 'awaitPurchaseUpdate'),
    watchPageRestore: callbackActorNotProvided<PageRestoredEvent, void>('purchase machine', 'watchPageRestore'),
  },
  actions: {
    // The browser's navigation, injected with `.provide()`: window.location.assign(url).
    goToCheckout: (_, _params: { url: string }) => {},
    startBuying: assign(({ event }) => {
      assertEvent(event, 'BUY');
      return { ...EMPTY_CONTEXT, item: event.item, attemptId: event.attemptId };
    }),
    startReturn: assign(({ event }) => {
      assertEvent(event, 'RETURNED');
      return { ...EMPTY_CONTEXT, purchaseId: event.purchaseId };
    }),
    toggleWaiver: assign(({ context }) => ({ waiverTicked: !context.waiverTicked })),
    keepPurchase: assign((_, params: { purchase: Purchase }) => ({ purchase: params.purchase })),
    noteFailedPayment: assign((_, params: { purchase: Purchase }) => ({ purchase: params.purchase, error: PAYMENT_FAILED_MESSAGE })),
    noteEndedCheckout: assign((_, params: { purchase: Purchase }) => ({
      purchase: params.purchase,
      message: params.purchase.status === 'expired' ? CHECKOUT_EXPIRED_MESSAGE : CHECKOUT_CANCELLED_MESSAGE,
    })),
    /** The confirm call's answer, handled as the server's news of the purchase is. */
    countAsNews: raise((_, params: { purchase: Purchase }) => ({ type: 'PURCHASE_UPDATED' as const, purchase: params.purchase })),
    forget: assign(EMPTY_CONTEXT),
  },
  guards: {
    leftWithoutPaying: ({ event }) => event.type === 'RETURNED' && event.outcome === 'cancelled',
    waiverTicked: ({ context }) => context.waiverTicked,
    isPaid: (_, params: { purchase: Purchase }) => params.purchase.status === 'paid',
    isProcessing: (_, params: { purchase: Purchase }) => params.purchase.status === 'processing',
    isFailed: (_, params: { purchase: Purchase }) => params.purchase.status === 'failed',
    isEnded: (_, params: { purchase: Purchase }) => params.purchase.status === 'cancelled' || params.purchase.status === 'expired',
  },
  delays: PURCHASE_DELAYS,
}).createMachine({
  id: 'purchase',
  description:
    'Buying a coin pack or a VIP plan: the consent box (a pack\'s withdrawal waiver, a plan\'s start-now request), ' +
    'then the payment provider\'s checkout, then the receipt once paid.',
  context: EMPTY_CONTEXT,
  initial: 'idle',
  states: {
    idle: {
      description: 'Every Buy Now and Get VIP button is ready.',
      on: {
        BUY: { target: 'consenting', actions: 'startBuying' },
        RETURNED: [
          { guard: 'leftWithoutPaying', target: 'cancelling', actions: 'startReturn' },
          { target: 'confirming', actions: 'startReturn' },
        ],
      },
    },
    consenting: {
      description:
        "The item's dialog: the price, its consent box (unticked) and Continue to payment, which waits for the box.",
      on: {
        TOGGLE_WAIVER: { actions: 'toggleWaiver' },
        CONTINUE: { guard: 'waiverTicked', target: 'creatingCheckout' },
        DISMISS: { target: 'idle', actions: 'forget' },
      },
    },
    creatingCheckout: {
      description: "Checkout is being opened; the chosen item's button is busy and a second Buy Now is ignored.",
      invoke: {
        id: 'createCheckout',
        src: 'createCheckout',
        input: ({ context }) => {
          if (!context.item || !context.attemptId) throw new Error('purchase machine: nothing to check out');
          return { item: context.item, attemptId: context.attemptId, waiveWithdrawal: context.waiverTicked };
        },
        onDone: {
          target: 'awayAtCheckout',
          actions: { type: 'goToCheckout', params: ({ event }) => ({ url: event.output.url }) },
        },
        onError: { target: 'failed', actions: assign(({ event }) => ({ error: errorMessage(event.error, PURCHASE_FAILED_MESSAGE) })) },
      },
    },
    awayAtCheckout: {
      description:
        "The browser is on its way to the provider's checkout page; the button stays busy. " +
        'Back to this page from the browser\'s cache (its Back button), the buttons are ready again.',
      invoke: { id: 'watchPageRestore', src: 'watchPageRestore' },
      on: { PAGE_RESTORED: { target: 'idle', actions: 'forget' } },
    },
    confirming: {
      description:
        'Back from checkout: the server asks the provider how it ended, while the server\'s news of the purchase ' +
        '(purchase:updated) is awaited too; whichever says paid first shows the receipt.',
      type: 'parallel',
      invoke: { id: 'awaitPurchaseUpdate', src: 'awaitPurchaseUpdate', input: ({ context }) => returnedPurchase(context) },
      on: {
        PURCHASE_UPDATED: [
          {
            guard: { type: 'isPaid', params: ({ event }) => ({ purchase: event.purchase }) },
            target: 'credited',
            actions: { type: 'keepPurchase', params: ({ event }) => ({ purchase: event.purchase }) },
          },
          {
            guard: { type: 'isFailed', params: ({ event }) => ({ purchase: event.purchase }) },
            target: 'failed',
            actions: { type: 'noteFailedPayment', params: ({ event }) => ({ purchase: event.purchase }) },
          },
          {
            guard: { type: 'isEnded', params: ({ event }) => ({ purchase: event.purchase }) },
            target: 'cancelled',
            actions: { type: 'noteEndedCheckout', params: ({ event }) => ({ purchase: event.purchase }) },
          },
        ],
      },
      states: {
        server: {
          description: 'The confirm call; its answer counts as news of the purchase.',
          initial: 'asking',
          states: {
            asking: {
              description: 'POST /store/purchases/:id/confirm is on its way.',
              invoke: {
                id: 'confirmPurchase',
                src: 'confirmPurchase',
                input: ({ context }) => returnedPurchase(context),
                onDone: { target: 'asked', actions: { type: 'countAsNews', params: ({ event }) => ({ purchase: event.output }) } },
                onError: { target: 'asked' },
              },
            },
            asked: {
              description: 'The server answered (not yet paid) or could not be asked: the server\'s news is awaited.',
            },
          },
        },
        patience: {
          description: 'What the buyer reads meanwhile.',
          initial: 'waiting',
          states: {
            waiting: {
              description: "'Confirming your payment…'.",
              after: { CONFIRMATION_PATIENCE: { target: 'slow' } },
              on: {
                PURCHASE_UPDATED: {
                  guard: { type: 'isProcessing', params: ({ event }) => ({ purchase: event.purchase }) },
                  target: 'slow',
                  actions: { type: 'keepPurchase', params: ({ event }) => ({ purchase: event.purchase }) },
                },
              },
            },
            slow: {
              description:
                "'Still confirming your payment…', or 'Your bank is confirming this payment…' while the payment is processing; " +
                'the buyer may close it (what they bought arrives anyway).',
              on: {
                PURCHASE_UPDATED: {
                  guard: { type: 'isProcessing', params: ({ event }) => ({ purchase: event.purchase }) },
                  actions: { type: 'keepPurchase', params: ({ event }) => ({ purchase: event.purchase }) },
                },
                DISMISS: { target: '#purchase.idle', actions: 'forget' },
              },
            },
          },
        },
      },
    },
    cancelling: {
      description: "Back from checkout without paying: the purchase is cancelled ('Cancelling checkout…').",
      invoke: {
        id: 'cancelCheckout',
        src: 'cancelCheckout',
        input: ({ context }) => returnedPurchase(context),
        onDone: [
          {
            // Paid after all (the provider took the payment as the buyer left): the receipt.
            guard: { type: 'isPaid', params: ({ event }) => ({ purchase: event.output.purchase }) },
            target: 'credited',
            actions: { type: 'keepPurchase', params: ({ event }) => ({ purchase: event.output.purchase }) },
          },
          {
            target: 'cancelled',
            actions: assign(({ event }) => ({ purchase: event.output.purchase, message: event.output.message || CHECKOUT_CANCELLED_MESSAGE })),
          },
        ],
        onError: { target: 'failed', actions: assign(({ event }) => ({ error: errorMessage(event.error, PURCHASE_FAILED_MESSAGE) })) },
      },
    },
    credited: {
      description: "The receipt: 'Payment received', the receipt number, the item, the coins (or the VIP plan's renewal), the amount and the date.",
      on: { DISMISS: { target: 'idle', actions: 'forget' } },
    },
    cancelled: {
      description: "'Checkout cancelled. Nothing was charged.' (or that the checkout expired).",
      on: { DISMISS: { target: 'idle', actions: 'forget' } },
    },
    failed: {
      description: "The alert shows the error text, or 'Purchase failed'; a failed payment says so.",
      on: { DISMISS: { target: 'idle', actions: 'forget' } },
    },
  },
});

export type PurchaseSnapshot = SnapshotFrom<typeof purchaseMachine>;

/** The item whose checkout is being opened, if any: its button is busy and the others wait. */
export const selectPendingItem = (snapshot: PurchaseSnapshot): PurchaseItem | null =>
  snapshot.matches('creatingCheckout') || snapshot.matches('awayAtCheckout') ? snapshot.context.item : null;

/** What the purchase dialog shows, if anything. */
export type PurchaseDialogView =
  /** The item's consent dialog; `busy` once Continue to payment was pressed. */
  | { kind: 'consent'; item: PurchaseItem; waiverTicked: boolean; busy: boolean }
  /** Back from checkout, waiting for the answer. */
  | { kind: 'progress'; title: string; text: string; canClose: boolean }
  | { kind: 'receipt'; purchase: Purchase }
  | { kind: 'outcome'; tone: 'info' | 'error'; title: string; text: string };

const checkoutTitle = (item: PurchaseItem | null) => (item ? `Checkout: ${item.name}` : 'Checkout');

export const selectDialog = (snapshot: PurchaseSnapshot): PurchaseDialogView | null => {
  const { item, purchase, message, error, waiverTicked } = snapshot.context;
  if (item && snapshot.matches('consenting')) return { kind: 'consent', item, waiverTicked, busy: false };
  if (item && (snapshot.matches('creatingCheckout') || snapshot.matches('awayAtCheckout'))) {
    return { kind: 'consent', item, waiverTicked, busy: true };
  }
  if (snapshot.matches({ confirming: { patience: 'slow' } })) {
    const text = purchase?.status === 'processing' ? BANK_CONFIRMING_MESSAGE : STILL_CONFIRMING_MESSAGE;
    return { kind: 'progress', title: 'Confirming your payment', text, canClose: true };
  }
  if (snapshot.matches('confirming')) return { kind: 'progress', title: 'Confirming your payment', text: CONFIRMING_MESSAGE, canClose: false };
  if (snapshot.matches('cancelling')) return { kind: 'progress', title: 'Checkout', text: CANCELLING_MESSAGE, canClose: false };
  if (snapshot.matches('credited') && purchase) return { kind: 'receipt', purchase };
  if (snapshot.matches('cancelled')) return { kind: 'outcome', tone: 'info', title: 'Checkout cancelled', text: message ?? CHECKOUT_CANCELLED_MESSAGE };
  if (snapshot.matches('failed')) return { kind: 'outcome', tone: 'error', title: checkoutTitle(item), text: error ?? PURCHASE_FAILED_MESSAGE };
  return null;
};
