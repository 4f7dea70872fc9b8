import { changeCoinsOwed, postCoinChange } from '../coins/ledger';
import type { CoinEntryRow } from '../coins/queries/ledger';
import { dropHeld, lotOfPurchase, type CoinLotRow } from '../coins/queries/lots';
import { announceBalance } from '../coins/views';
import { clawBackEarnings } from '../creators/service';
import type { PurchaseRow } from '../db/schema';
import type { OrbitDatabase } from '../db/types';
import type { DisputeState } from './payments-provider';
import { lockPurchaseByPayment, updatePurchase } from './queries/purchases';
import type { StoreApp } from './store-app';
import { receiptNumber, toPurchase } from './views';

// A card holder disputes a coin pack's payment with their bank (issue 48).
// While it is open, the pack's unspent coins are held out of the balance and
// the coins already spent are owed (new coins settle them first, and spending
// waits until nothing is owed). Won: the held coins come back and the debt is
// forgiven. Lost: the held coins went back with the money; the debt stands.

type OwnedPurchase = PurchaseRow & { userId: string };

interface Applied {
  purchase: PurchaseRow;
  /** The last change of the member's balance it made, for their open tabs. */
  entry: CoinEntryRow | null;
}

const referenceOf = (purchase: PurchaseRow) => `${purchase.itemName} (receipt ${receiptNumber(purchase.id)})`;

/** The dispute opens: unspent coins held, spent ones owed (and settled from what the member holds, as far as it goes). */
async function openDispute(tx: OrbitDatabase, purchase: OwnedPurchase, lot: CoinLotRow, dispute: DisputeState): Promise<Applied> {
  let entry: CoinEntryRow | null = null;
  if (lot.unspent > 0) {
    const held = await postCoinChange(tx, {
      userId: purchase.userId,
      amount: -lot.unspent,
      kind: 'held',
      lotId: lot.id,
      reference: referenceOf(purchase),
      idempotencyKey: `dispute-held:${dispute.disputeId}`,
    });
    entry = held.entry;
  }
  // Coins a refund already took back are not owed again.
  const owed = purchase.refundStatus === null ? lot.coins - lot.unspent - lot.held : 0;
  if (owed > 0) entry = (await changeCoinsOwed(tx, purchase.userId, owed, `dispute-owed:${dispute.disputeId}`)).settled ?? entry;
  const opened = await updatePurchase(tx, purchase.id, { disputeId: dispute.disputeId, disputeStatus: 'open', disputeOwedCoins: owed });
  return { purchase: opened, entry };
}

/** Won: the held coins are spendable again, and the debt it made is forgiven; what was settled of it meanwhile comes back too. */
async function winDispute(tx: OrbitDatabase, purchase: OwnedPurchase, dispute: DisputeState): Promise<Applied> {
  const lot = await lotOfPurchase(tx, purchase.id);
  const { owedBefore } = await changeCoinsOwed(tx, purchase.userId, -purchase.disputeOwedCoins, `dispute-forgiven:${dispute.disputeId}`);
  const alreadySettled = purchase.disputeOwedCoins - Math.min(owedBefore, purchase.disputeOwedCoins);
  const back = (lot?.held ?? 0) + alreadySettled;
  const released =
    lot && back > 0
      ? await postCoinChange(tx, { userId: purchase.userId, amount: back, kind: 'released', lotId: lot.id, reference: referenceOf(purchase), idempotencyKey: `dispute-released:${dispute.disputeId}` })
      : null;
  return { purchase: await updatePurchase(tx, purchase.id, { disputeStatus: 'won' }), entry: released?.entry ?? null };
}

/** Lost: the held coins left with the money; what is owed stays owed, and what gifts of the coins earned creators is clawed back. */
async function loseDispute(tx: OrbitDatabase, purchase: PurchaseRow, lot: CoinLotRow, now: Date): Promise<Applied> {
  await dropHeld(tx, lot.id);
  await clawBackEarnings(tx, { lotId: lot.id, reversedMinor: purchase.amountMinor, paidMinor: purchase.amountMinor, key: `dispute:${purchase.disputeId ?? purchase.id}` }, now);
  return { purchase: await updatePurchase(tx, purchase.id, { disputeStatus: 'lost' }), entry: null };
}

/**
 * Applies a dispute as the provider has it now, in the webhook's transaction
 * (its event id recorded there, so it applies once); the announcement to make
 * after the commit. Events arriving out of order still end where the
 * provider is: a dispute first heard of as closed is opened, then closed.
 */
export async function applyDisputeState(app: StoreApp, tx: OrbitDatabase, dispute: DisputeState, now: Date): Promise<(() => void) | null> {
  const purchase = await lockPurchaseByPayment(tx, dispute.paymentId);
  if (!purchase) {
    app.log.warn({ disputeId: dispute.disputeId }, 'provider reported a dispute of a payment Orbit has no purchase for');
    return null;
  }
  const lot = await lotOfPurchase(tx, purchase.id);
  if (purchase.kind !== 'coins' || purchase.userId === null || !lot) {
    // A VIP payment (or a deleted member's): no coins to hold; the team answers the bank.
    app.log.error({ purchaseId: purchase.id, disputeId: dispute.disputeId, status: dispute.status }, 'dispute of a payment with no coins to hold: review it by hand');
    const recorded = await updatePurchase(tx, purchase.id, { disputeId: dispute.disputeId, disputeStatus: dispute.status });
    return () => announce(app, { purchase: recorded, entry: null }, now);
  }
  const owned: OwnedPurchase = { ...purchase, userId: purchase.userId };
  let applied: Applied = { purchase, entry: null };
  if (purchase.disputeStatus === null) applied = await openDispute(tx, owned, lot, dispute);
  if (applied.purchase.disputeStatus === 'open' && dispute.status !== 'open') {
    const open: OwnedPurchase = { ...applied.purchase, userId: owned.userId };
    const closed = dispute.status === 'won' ? await winDispute(tx, open, dispute) : await loseDispute(tx, open, lot, now);
    applied = { purchase: closed.purchase, entry: closed.entry ?? applied.entry };
  }
  const result = applied;
  return () => announce(app, result, now);
}

function announce(app: StoreApp, applied: Applied, now: Date): void {
  const userId = applied.purchase.userId;
  if (userId === null) return;
  app.realtime.toMember(userId, 'purchase:updated', { purchase: toPurchase(applied.purchase, now) });
  if (applied.entry) announceBalance(app.realtime, userId, applied.entry);
}
