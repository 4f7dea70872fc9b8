import { assertEvent, assign, setup, type SnapshotFrom } from 'xstate';
import { actorNotProvided } from '../actor-not-provided';
import { errorMessage } from '../error-message';

/** What the buyer picked on the Store, Coins or VIP screen. */
export interface PurchaseItem {
  kind: 'coinPack' | 'vipPlan';
  id: string;
  name: string;
  /** The price as the buyer saw it, already formatted for their locale. */
  priceLabel: string;
}

/** What checkout tells the buyer once it has taken over. */
export interface PurchaseReceipt {
  message: string;
}

export interface PurchaseContext {
  item: PurchaseItem | null;
  message: string | null;
  error: string | null;
}

export type PurchaseEvent = { type: 'BUY'; item: PurchaseItem } | { type: 'DISMISS' };

/** SPEC section 8: a failed purchase alerts the error text, or this. */
export const PURCHASE_FAILED_MESSAGE = 'Purchase failed';

const EMPTY_CONTEXT: PurchaseContext = { item: null, message: null, error: null };

/**
 * Buying one coin pack or VIP plan. Checkout itself is the injected
 * `purchase` actor (SPEC: simulated for now, see purchase.sim.ts), so a real
 * payment provider replaces it without the screens changing. The default
 * fails loudly so a screen that forgets `.provide()` shows why.
 */
export const purchaseMachine = setup({
  types: {
    context: {} as PurchaseContext,
    events: {} as PurchaseEvent,
  },
  actors: {
    purchase: actorNotProvided<PurchaseReceipt, PurchaseItem>('purchase machine', 'purchase'),
  },
}).createMachine({
  id: 'purchase',
  description:
    'Buying a coin pack or VIP plan: checkout runs in the injected purchase actor, and its answer (or the failure) ' +
    'stays on screen as an alert until the buyer dismisses it.',
  context: EMPTY_CONTEXT,
  initial: 'idle',
  states: {
    idle: {
      description: 'Every Buy Now and Get VIP button is ready.',
      on: {
        BUY: {
          target: 'purchasing',
          actions: assign(({ event }) => ({ ...EMPTY_CONTEXT, item: event.item })),
        },
      },
    },
    purchasing: {
      description: "Checkout is running; the chosen item's button is busy and the others wait.",
      invoke: {
        id: 'purchase',
        src: 'purchase',
        input: ({ event }) => {
          assertEvent(event, 'BUY');
          return event.item;
        },
        onDone: { target: 'succeeded', actions: assign(({ event }) => ({ message: event.output.message })) },
        onError: { target: 'failed', actions: assign(({ event }) => ({ error: errorMessage(event.error, PURCHASE_FAILED_MESSAGE) })) },
      },
    },
    succeeded: {
      description: "The alert shows checkout's message (for now: a real app would redirect to payment).",
      on: { DISMISS: { target: 'idle', actions: assign(EMPTY_CONTEXT) } },
    },
    failed: {
      description: "The alert shows the error text, or 'Purchase failed'.",
      on: { DISMISS: { target: 'idle', actions: assign(EMPTY_CONTEXT) } },
    },
  },
});

export type PurchaseSnapshot = SnapshotFrom<typeof purchaseMachine>;

/** The item whose checkout is running, if any. */
export const selectPendingItem = (snapshot: PurchaseSnapshot): PurchaseItem | null =>
  snapshot.matches('purchasing') ? snapshot.context.item : null;

/** What the purchase alert shows, once there is something to show. */
export const selectOutcome = (snapshot: PurchaseSnapshot): { tone: 'success' | 'error'; text: string; item: PurchaseItem | null } | null => {
  if (snapshot.matches('succeeded')) return { tone: 'success', text: snapshot.context.message ?? '', item: snapshot.context.item };
  if (snapshot.matches('failed')) return { tone: 'error', text: snapshot.context.error ?? PURCHASE_FAILED_MESSAGE, item: snapshot.context.item };
  return null;
};
