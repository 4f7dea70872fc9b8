import { COIN_REFUND_MESSAGES, type Purchase } from '../../contract/store/purchases';
import { majorAmountText } from '../../contract/store/money';
import { postCoinChange } from '../coins/ledger';
import { lotOfPurchase, type CoinLotRow } from '../coins/queries/lots';
import type { CoinEntryRow } from '../coins/queries/ledger';
import { announceBalance } from '../coins/views';
import type { PurchaseRow, UserRow } from '../db/schema';
import type { OrbitDatabase } from '../db/types';
import { HttpError } from '../plugins/errors';
import { atProvider, PROVIDER_UNREACHABLE, PURCHASE_NOT_FOUND } from './at-provider';
import type { RefundState } from './payments-provider';
import { lockPurchase, lockPurchaseByRefund, updatePurchase } from './queries/purchases';
import type { StoreApp } from './store-app';
import { applyRefundMadeAtProvider } from './provider-refunds';
import { coinRefundRefusal } from './refund-terms';
import { receiptNumber, toPurchase } from './views';

// A member's refund of a coin pack (issue 48): within COIN_REFUND_DAYS of
// paying, while all its coins are unspent. The coins leave first ("refund
// pending"), then the provider is asked, keyed on the purchase so a retry is
// the same refund; a refund the provider refuses, now or later (refund.failed),
// puts the coins back into the purchase's lot.

interface RefundBegun {
  purchase: PurchaseRow;
  lot: CoinLotRow;
  entry: CoinEntryRow;
}

/** Takes the purchase's coins out of the balance and marks its refund pending, under the purchase's lock. */
async function beginRefund(tx: OrbitDatabase, userId: string, purchaseId: string, now: Date): Promise<RefundBegun> {
  const purchase = await lockPurchase(tx, purchaseId);
  if (purchase?.userId !== userId) throw new HttpError(404, PURCHASE_NOT_FOUND);
  const lot = await lotOfPurchase(tx, purchase.id);
  const reason = coinRefundRefusal(purchase, lot?.unspent ?? null, now);
  if (reason !== null || !lot) throw new HttpError(409, reason ?? COIN_REFUND_MESSAGES.notRefundable);
  const attempt = purchase.refundAttempts + 1;
  const { entry } = await postCoinChange(tx, {
    userId,
    amount: -lot.unspent,
    kind: 'refunded',
    lotId: lot.id,
    reference: `${purchase.itemName} (receipt ${receiptNumber(purchase.id)})`,
    idempotencyKey: `coin-refund:${purchase.id}:${attempt}`,
  });
  const pending = await updatePurchase(tx, purchase.id, { refundStatus: 'pending', refundAttempts: attempt });
  return { purchase: pending, lot, entry };
}

/**
 * Puts a pending refund's coins back into its lot: the provider was out of
 * reach (`refundStatus` null: the member may try again) or refused it
 * ('failed', with its refund id). Keyed per attempt, so it happens once.
 */
async function putCoinsBack(tx: OrbitDatabase, purchaseId: string, outcome: { refundStatus: null } | { refundStatus: 'failed'; refundId: string }): Promise<{ purchase: PurchaseRow; entry: CoinEntryRow | null }> {
  const purchase = await lockPurchase(tx, purchaseId);
  if (!purchase) throw new Error(`purchase ${purchaseId} vanished`);
  const lot = await lotOfPurchase(tx, purchase.id);
  if (purchase.refundStatus !== 'pending' || !lot || purchase.userId === null) return { purchase, entry: null };
  const { entry } = await postCoinChange(tx, {
    userId: purchase.userId,
    amount: lot.coins - lot.unspent,
    kind: 'restored',
    lotId: lot.id,
    reference: `${purchase.itemName} (receipt ${receiptNumber(purchase.id)})`,
    idempotencyKey: `coin-refund-restored:${purchase.id}:${purchase.refundAttempts}`,
  });
  const restored = await updatePurchase(tx, purchase.id, { refundedMinor: 0, refundedAt: null, ...outcome });
  return { purchase: restored, entry };
}

function announce(app: StoreApp, purchase: PurchaseRow, entry: CoinEntryRow | null, now: Date): void {
  if (purchase.userId === null) return;
  if (entry) announceBalance(app.realtime, purchase.userId, entry);
  app.realtime.toMember(purchase.userId, 'purchase:updated', { purchase: toPurchase(purchase, now) });
}

/** The provider's answer kept with the purchase: the money is on its way back (or will be, once it confirms). */
async function recordAnswer(tx: OrbitDatabase, purchaseId: string, refund: RefundState, now: Date): Promise<PurchaseRow> {
  const purchase = await lockPurchase(tx, purchaseId);
  if (!purchase) throw new Error(`purchase ${purchaseId} vanished`);
  // A refund.updated that raced this answer may have settled it already.
  if (purchase.refundStatus !== 'pending') return purchase;
  return updatePurchase(tx, purchaseId, { refundStatus: refund.status === 'succeeded' ? 'succeeded' : 'pending', refundId: refund.refundId, refundedMinor: purchase.amountMinor, refundedAt: now });
}

export async function refundCoinPurchase(app: StoreApp, member: UserRow, purchaseId: string, now = new Date()): Promise<{ purchase: Purchase; message: string; balance: number }> {
  const begun = await app.db.transaction((tx) => beginRefund(tx, member.id, purchaseId, now));
  announce(app, begun.purchase, begun.entry, now);
  const { purchase, lot } = begun;
  let refund: RefundState;
  try {
    refund = await atProvider(
      app.payments.refund({ purchaseId: purchase.id, paymentId: purchase.paymentId ?? '', amountMinor: purchase.amountMinor, currency: purchase.currency, idempotencyKey: `refund:${purchase.id}` }),
      PROVIDER_UNREACHABLE,
    );
  } catch (error) {
    // Nothing known to be refunded: the coins come back, and asking again is the same refund at the provider.
    const back = await app.db.transaction((tx) => putCoinsBack(tx, purchase.id, { refundStatus: null }));
    announce(app, back.purchase, back.entry, now);
    throw error;
  }
  if (refund.status === 'failed') {
    const back = await app.db.transaction((tx) => putCoinsBack(tx, purchase.id, { refundStatus: 'failed', refundId: refund.refundId }));
    announce(app, back.purchase, back.entry, now);
    app.log.error({ purchaseId: purchase.id, refundId: refund.refundId }, 'coin pack refund refused by the provider');
    throw new HttpError(502, COIN_REFUND_MESSAGES.refused);
  }
  const answered = await app.db.transaction((tx) => recordAnswer(tx, purchase.id, refund, now));
  announce(app, answered, null, now);
  const amount = `${majorAmountText(purchase.amountMinor, purchase.currency)} ${purchase.currency}`;
  const coins = lot.coins.toLocaleString('en-US');
  const message = refund.status === 'succeeded' ? COIN_REFUND_MESSAGES.refunded(amount, coins) : COIN_REFUND_MESSAGES.pending(amount, coins);
  app.mailer.inBackground(() => app.mailer.send({ to: member.email, subject: `Your Orbit refund (receipt ${receiptNumber(purchase.id)})`, text: message }));
  return { purchase: toPurchase(answered, now), message, balance: begun.entry.balanceAfter };
}

/**
 * The provider settled a refund (Stripe's refund.*): one Orbit asked for
 * keeps its success, or puts the coins back on failure; any other was made at
 * the provider's dashboard, and takes the coins back itself.
 */
export async function applyRefundOutcome(app: StoreApp, tx: OrbitDatabase, refund: RefundState, now: Date): Promise<(() => void) | null> {
  // By the refund's id once Orbit stored it; before that (its first events can come first), by the purchase it names.
  const purchase = (await lockPurchaseByRefund(tx, refund.refundId)) ?? (refund.purchaseId ? await lockPurchase(tx, refund.purchaseId) : undefined);
  if (!purchase) return applyRefundMadeAtProvider(app, tx, refund, now);
  if (purchase.kind !== 'coins') {
    // A VIP withdrawal's refund: VIP has ended already; the money must reach the member by hand.
    if (refund.status === 'failed') app.log.error({ purchaseId: purchase.id, refundId: refund.refundId }, 'withdrawal refund failed at the provider: refund it by hand');
    return null;
  }
  if (purchase.refundStatus !== 'pending') return null;
  if (refund.status === 'succeeded') {
    // It may settle before Orbit stored the provider's answer (recordAnswer then leaves it as it is).
    const settled = await updatePurchase(tx, purchase.id, { refundStatus: 'succeeded', refundId: refund.refundId, refundedMinor: purchase.amountMinor, refundedAt: purchase.refundedAt ?? now });
    return () => announce(app, settled, null, now);
  }
  if (refund.status === 'failed') {
    const back = await putCoinsBack(tx, purchase.id, { refundStatus: 'failed', refundId: refund.refundId });
    app.log.error({ purchaseId: purchase.id, refundId: refund.refundId }, 'coin pack refund failed at the provider: coins restored');
    return () => announce(app, back.purchase, back.entry, now);
  }
  return null;
}
