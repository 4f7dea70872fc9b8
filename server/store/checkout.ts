import { CHECKOUT_CANCELLED_MESSAGE, CHECKOUT_EXPIRY_MINUTES, type Purchase, type StartCheckoutBody } from '../../contract/store/purchases';
import { ALREADY_SUBSCRIBED_MESSAGE, billingMonthsOf } from '../../contract/store/subscriptions';
import { activeCoinPackById, activeVipPlanById } from '../catalogue/queries';
import type { PurchaseRow, UserRow } from '../db/schema';
import { HttpError } from '../plugins/errors';
import { applyCheckout, fulfilCheckout } from './fulfil';
import { unspentOfPurchases } from '../coins/queries/lots';
import { atProvider, PROVIDER_UNREACHABLE, PROVIDER_UNREACHABLE_AT_CHECKOUT, PURCHASE_NOT_FOUND } from './at-provider';
import type { StoreApp } from './store-app';
import { applySubscriptionState } from './subscriptions';
import { liveSubscriptionOf } from './queries/subscriptions';
import { insertPurchase, ownPurchase, purchaseByAttemptKey, purchasesOf, setCheckoutSession } from './queries/purchases';
import { toPurchase } from './views';

// A member's checkout: started from the catalogue's current price (stored on
// the purchase, so a price changed while checkout is open changes nothing),
// confirmed by asking the provider, cancelled by closing it at the provider.

export const PACK_NOT_ON_SALE = 'Coin pack not found';
export const PLAN_NOT_ON_SALE = 'VIP plan not found';
export const ALREADY_PAID = 'This purchase is already paid';

/** Where the provider sends the member back to: the Coins or VIP page, which confirms the purchase. */
const returnPaths = (purchase: PurchaseRow) => {
  const page = purchase.kind === 'vip' ? '/vip' : '/coins';
  return { successPath: `${page}?purchase=${purchase.id}`, cancelPath: `${page}?purchase=${purchase.id}&checkout=cancelled` };
};

/** What a Buy Now (a pack) or a Get VIP (a plan, renewing every billingMonths) buys, at the catalogue's current price. */
async function itemOnSale(app: StoreApp, body: StartCheckoutBody) {
  if (body.item.kind === 'coinPack') {
    const pack = await activeCoinPackById(app.db, body.item.id);
    if (!pack) throw new HttpError(404, PACK_NOT_ON_SALE);
    return { kind: 'coins' as const, itemName: pack.name, coinPackId: pack.id, coins: pack.coins, amountMinor: pack.priceMinor, currency: pack.currency, withdrawalWaived: true };
  }
  const plan = await activeVipPlanById(app.db, body.item.id);
  if (!plan) throw new HttpError(404, PLAN_NOT_ON_SALE);
  const billingMonths = billingMonthsOf(plan.durationDays);
  return { kind: 'vip' as const, itemName: plan.name, vipPlanId: plan.id, billingMonths, amountMinor: plan.priceMinor, currency: plan.currency, withdrawalWaived: false };
}

/**
 * A member has one subscription: while it lasts, Get VIP is a plan change.
 * One cancelled at a period's end that has passed may have ended at the
 * provider without Orbit hearing yet, so it is asked first.
 */
async function refuseSecondSubscription(app: StoreApp, member: UserRow, now: Date): Promise<void> {
  const live = await liveSubscriptionOf(app.db, member.id);
  if (!live) return;
  if (live.cancelAtPeriodEnd && live.currentPeriodEnd <= now) {
    const state = await atProvider(app.payments.retrieveSubscription(live.providerSubscriptionId), PROVIDER_UNREACHABLE_AT_CHECKOUT);
    const current = await app.db.transaction((tx) => applySubscriptionState(tx, state));
    if (current?.status === 'ended') return;
  }
  throw new HttpError(409, ALREADY_SUBSCRIBED_MESSAGE);
}

/**
 * The pending purchase of a new Buy Now, at the item's current price; when a
 * request with the same attempt inserted it first, that one.
 */
async function newPendingPurchase(app: StoreApp, member: UserRow, body: StartCheckoutBody, attemptKey: string, now: Date, expiresAt: Date): Promise<PurchaseRow> {
  const item = await itemOnSale(app, body);
  if (item.kind === 'vip') await refuseSecondSubscription(app, member, now);
  const inserted = await insertPurchase(app.db, {
    userId: member.id,
    ...item,
    status: 'pending',
    provider: app.payments.name,
    attemptKey,
    checkoutExpiresAt: expiresAt,
  });
  const purchase = inserted ?? (await purchaseByAttemptKey(app.db, attemptKey));
  if (!purchase) throw new Error(`purchase for attempt ${attemptKey} vanished`);
  return purchase;
}

export async function startCheckout(app: StoreApp, member: UserRow, body: StartCheckoutBody, now = new Date()): Promise<{ purchase: Purchase; checkoutUrl: string }> {
  const attemptKey = `${member.id}:${body.attemptId}`;
  const expiresAt = new Date(now.getTime() + CHECKOUT_EXPIRY_MINUTES * 60_000);
  // A retried Buy Now finds its purchase, even if the pack has since left the catalogue.
  const purchase = (await purchaseByAttemptKey(app.db, attemptKey)) ?? (await newPendingPurchase(app, member, body, attemptKey, now, expiresAt));
  if (purchase.status !== 'pending') throw new HttpError(409, purchase.status === 'paid' ? ALREADY_PAID : 'This checkout has ended; start a new one');
  const session = await atProvider(
    app.payments.createCheckout({
      purchaseId: purchase.id,
      userId: member.id,
      email: member.email,
      itemName: purchase.kind === 'vip' ? `${purchase.itemName} VIP` : purchase.itemName,
      amountMinor: purchase.amountMinor,
      currency: purchase.currency,
      ...returnPaths(purchase),
      expiresAt: purchase.checkoutExpiresAt ?? expiresAt,
      idempotencyKey: `checkout:${purchase.id}`,
      billingMonths: purchase.billingMonths,
    }),
    PROVIDER_UNREACHABLE_AT_CHECKOUT,
  );
  const stored = purchase.checkoutSessionId === session.sessionId ? purchase : await setCheckoutSession(app.db, purchase.id, session.sessionId);
  return { purchase: toPurchase(stored, now), checkoutUrl: session.url };
}

async function ownPurchaseOr404(app: StoreApp, userId: string, id: string): Promise<PurchaseRow> {
  const purchase = await ownPurchase(app.db, userId, id);
  if (!purchase) throw new HttpError(404, PURCHASE_NOT_FOUND);
  return purchase;
}

/** The return page: asks the provider how the checkout ended and grants it if paid. */
export async function confirmPurchase(app: StoreApp, userId: string, id: string, now = new Date()): Promise<Purchase> {
  const purchase = await ownPurchaseOr404(app, userId, id);
  // Paid and failed are final; anything else is asked of the provider.
  const sessionId = purchase.status === 'paid' || purchase.status === 'failed' ? null : purchase.checkoutSessionId;
  const current = sessionId ? ((await atProvider(fulfilCheckout(app, sessionId, now), PROVIDER_UNREACHABLE)) ?? purchase) : purchase;
  const unspent = await unspentOfPurchases(app.db, [current.id]);
  return toPurchase(current, now, unspent.get(current.id) ?? null);
}

/** The member left checkout: it is closed at the provider, so nothing can be paid through it any more. */
export async function cancelCheckout(app: StoreApp, userId: string, id: string, now = new Date()): Promise<{ purchase: Purchase; message: string }> {
  const purchase = await ownPurchaseOr404(app, userId, id);
  if (purchase.status === 'paid') throw new HttpError(409, ALREADY_PAID);
  if (!purchase.checkoutSessionId || purchase.status !== 'pending') return { purchase: toPurchase(purchase, now), message: CHECKOUT_CANCELLED_MESSAGE };
  const state = await atProvider(app.payments.expireCheckout(purchase.checkoutSessionId), PROVIDER_UNREACHABLE);
  // Paid in another tab just before: that payment stands and is granted.
  const applied = await applyCheckout(app, state, now, 'cancelled');
  if (applied?.status === 'paid') throw new HttpError(409, ALREADY_PAID);
  return { purchase: toPurchase(applied ?? purchase, now), message: CHECKOUT_CANCELLED_MESSAGE };
}

export async function purchaseHistory(app: StoreApp, userId: string, page: number, pageSize: number, now = new Date()) {
  const { rows, total } = await purchasesOf(app.db, userId, page, pageSize);
  // Whether each coin pack may still be refunded depends on its coins being unspent.
  const unspent = await unspentOfPurchases(app.db, rows.map((row) => row.id));
  return { purchases: rows.map((row) => toPurchase(row, now, unspent.get(row.id) ?? null)), currentPage: page, totalPages: Math.max(1, Math.ceil(total / pageSize)), total };
}
