import type { PurchaseRow, VipSubscriptionRow } from '../db/schema';
import type { OrbitDatabase } from '../db/types';
import { postCoinChange } from '../coins/ledger';
import type { CoinEntryRow } from '../coins/queries/ledger';
import { announceBalance } from '../coins/views';
import { UnknownCheckoutError, type CheckoutState, type PaymentEvent } from './payments-provider';
import { applyRefundOutcome } from './coin-refund';
import { applyDisputeState } from './disputes';
import { lockPurchaseBySession, updatePurchase } from './queries/purchases';
import { sendReceipt } from './receipt-mail';
import type { StoreApp } from './store-app';
import { announceSubscription, applySubscriptionEvent, startSubscription } from './subscriptions';
import { receiptNumber, toPurchase } from './views';

// The one way a payment is granted: what the provider itself reports about a
// checkout (asked by the return page, or told by a signed webhook) applied to
// the pending purchase under its row lock. Paying twice, a webhook delivered
// twice and a webhook racing the return page all credit once: the purchase is
// paid once, and the coins' ledger key is the purchase's.

interface AppliedCheckout {
  purchase: PurchaseRow;
  /** The purchase's status changed in this transaction. */
  changed: boolean;
  credit: CoinEntryRow | null;
  /** The VIP subscription a paid plan's checkout started. */
  subscription?: VipSubscriptionRow | null;
}

async function applyCheckoutState(tx: OrbitDatabase, app: StoreApp, state: CheckoutState, now: Date, expiredAs: 'expired' | 'cancelled' = 'expired'): Promise<AppliedCheckout | null> {
  const purchase = await lockPurchaseBySession(tx, state.sessionId);
  if (!purchase) {
    app.log.warn({ sessionId: state.sessionId }, 'payment provider reported a checkout Orbit has no purchase for');
    return null;
  }
  const unchanged = { purchase, changed: false, credit: null };
  if (state.purchaseId !== null && state.purchaseId !== purchase.id) {
    app.log.error({ sessionId: state.sessionId, purchaseId: purchase.id }, 'checkout session names another purchase; nothing granted');
    return unchanged;
  }
  const move = (status: PurchaseRow['status']) => updatePurchase(tx, purchase.id, { status }).then((row) => ({ purchase: row, changed: true, credit: null }));
  switch (state.outcome) {
    case 'paid': {
      if (purchase.status === 'paid') return unchanged;
      // What the member was shown at checkout is what must have been paid: a price changed since does not matter, a different charge does.
      if (state.amountMinor !== purchase.amountMinor || state.currency.toUpperCase() !== purchase.currency) {
        app.log.error({ purchaseId: purchase.id, charged: { amountMinor: state.amountMinor, currency: state.currency } }, 'payment does not match the purchase; nothing granted');
        return unchanged;
      }
      const paid = await updatePurchase(tx, purchase.id, { status: 'paid', paidAt: now, paymentId: state.paymentId });
      if (paid.kind === 'vip') {
        if (!state.subscription) {
          app.log.error({ purchaseId: paid.id, sessionId: state.sessionId }, 'paid VIP checkout without a subscription; no VIP granted');
          return { purchase: paid, changed: true, credit: null };
        }
        const subscription = await startSubscription(tx, app, paid, state.subscription);
        return { purchase: paid, changed: true, credit: null, subscription };
      }
      if (paid.coins === null || paid.userId === null) {
        if (paid.userId === null) app.log.warn({ purchaseId: paid.id }, 'paid purchase of a deleted account: nothing to credit, refund it');
        return { purchase: paid, changed: true, credit: null };
      }
      const { entry } = await postCoinChange(tx, {
        userId: paid.userId,
        amount: paid.coins,
        kind: 'purchased',
        purchaseId: paid.id,
        reference: `${paid.itemName} (receipt ${receiptNumber(paid.id)})`,
        idempotencyKey: `purchase:${paid.id}`,
      });
      return { purchase: paid, changed: true, credit: entry };
    }
    case 'processing':
      return purchase.status === 'pending' ? move('processing') : unchanged;
    case 'failed':
      return purchase.status === 'pending' || purchase.status === 'processing' ? move('failed') : unchanged;
    case 'expired':
      return purchase.status === 'pending' ? move(expiredAs) : unchanged;
    case 'open':
      return unchanged;
  }
}

/** After the commit: the buyer's tabs hear of it, and a paid purchase gets its receipt by email. */
function announce(app: StoreApp, applied: AppliedCheckout | null, now: Date): void {
  if (!applied?.changed || applied.purchase.userId === null) return;
  const { purchase, credit } = applied;
  const userId = applied.purchase.userId;
  // Just credited, all its coins are unspent.
  app.realtime.toMember(userId, 'purchase:updated', { purchase: toPurchase(purchase, now, credit ? purchase.coins : null) });
  if (credit) announceBalance(app.realtime, userId, credit);
  if (applied.subscription) announceSubscription(app, { subscription: applied.subscription, renewal: null }, now);
  if (purchase.status === 'paid') app.mailer.inBackground(() => sendReceipt(app, purchase, userId));
}

/** Asks the provider how the checkout ended and applies it: the return page's path (and a lost webhook's stand-in). */
export async function fulfilCheckout(app: StoreApp, sessionId: string, now = new Date()): Promise<PurchaseRow | null> {
  return applyCheckout(app, await app.payments.retrieveCheckout(sessionId), now);
}

/** Applies a checkout's state; `expiredAs` 'cancelled' when the member closed it. */
export async function applyCheckout(app: StoreApp, state: CheckoutState, now = new Date(), expiredAs: 'expired' | 'cancelled' = 'expired'): Promise<PurchaseRow | null> {
  const applied = await app.db.transaction((tx) => applyCheckoutState(tx, app, state, now, expiredAs));
  announce(app, applied, now);
  return applied?.purchase ?? null;
}

/**
 * A verified webhook event. The event id is recorded in the same transaction
 * as its effects, so a redelivery (or a replay of a captured request) applies
 * nothing; the checkout's state is read from the provider, so events arriving
 * out of order still leave the purchase as the provider has it.
 */
export async function applyPaymentEvent(app: StoreApp, event: PaymentEvent, recordEvent: (tx: OrbitDatabase) => Promise<boolean>, now = new Date()): Promise<void> {
  if (event.kind === 'ignored') {
    await app.db.transaction(recordEvent);
    return;
  }
  if (event.kind === 'subscription') {
    await applySubscriptionEvent(app, event, recordEvent, now);
    return;
  }
  if (event.kind === 'dispute') {
    const dispute = await app.payments.retrieveDispute(event.disputeId);
    const announce = await app.db.transaction(async (tx) => ((await recordEvent(tx)) ? applyDisputeState(app, tx, dispute, now) : null));
    announce?.();
    return;
  }
  if (event.kind === 'refund') {
    const refund = await app.payments.retrieveRefund(event.refundId);
    const announce = await app.db.transaction(async (tx) => ((await recordEvent(tx)) ? applyRefundOutcome(app, tx, refund, now) : null));
    announce?.();
    return;
  }
  if (event.kind === 'paymentRefunded') {
    const refunds = await app.payments.refundsOfPayment(event.paymentId);
    const announcements = await app.db.transaction(async (tx) => {
      if (!(await recordEvent(tx))) return [];
      const made: Array<(() => void) | null> = [];
      for (const refund of refunds) made.push(await applyRefundOutcome(app, tx, refund, now));
      return made;
    });
    for (const announce of announcements) announce?.();
    return;
  }
  const state = await app.payments.retrieveCheckout(event.sessionId).catch((error: unknown) => {
    if (!(error instanceof UnknownCheckoutError)) throw error;
    app.log.warn({ eventId: event.id, sessionId: event.sessionId }, 'payment event about a checkout the provider does not know; ignored');
    return null;
  });
  if (!state) {
    await app.db.transaction(recordEvent);
    return;
  }
  const applied = await app.db.transaction(async (tx) => ((await recordEvent(tx)) ? applyCheckoutState(tx, app, state, now) : null));
  announce(app, applied, now);
}
