import type { SubscriptionStatus } from '../../contract/store/subscriptions';
import type { PurchaseRow, VipSubscriptionRow } from '../db/schema';
import type { OrbitDatabase } from '../db/types';
import { UnknownSubscriptionError, type PaidRenewal, type PaymentEvent, type SubscriptionState } from './payments-provider';
import { sendReceipt } from './receipt-mail';
import type { StoreApp } from './store-app';
import {
  insertRenewalPurchase,
  insertSubscription,
  linkPurchaseToSubscription,
  liveSubscriptionOf,
  lockSubscriptionByProviderId,
  setSubscriptionVip,
  updateSubscriptionRow,
} from './queries/subscriptions';
import { toPurchase, toVipSubscription } from './views';

// A VIP subscription as its provider reports it. Orbit never decides a
// renewal itself: every event re-reads the subscription from the provider and
// stores what it says, so events in any order leave it as the provider has
// it, and VIP (users.vip_until) always runs to the end of the last period
// paid for.

export interface AppliedSubscription {
  subscription: VipSubscriptionRow;
  /** A renewal's purchase recorded in this transaction. */
  renewal: PurchaseRow | null;
}

const STATUSES: Record<SubscriptionState['status'], SubscriptionStatus> = { active: 'active', past_due: 'pastDue', canceled: 'ended' };

/** The end of the last period paid for: a failed renewal has moved the period on unpaid, so VIP stops where it began. */
function paidUntilOf(state: SubscriptionState, previous: Date | null): Date {
  switch (state.status) {
    case 'active':
      return state.currentPeriodEnd;
    case 'past_due':
      return state.currentPeriodStart;
    case 'canceled': {
      const end = state.endedAt && state.endedAt < state.currentPeriodEnd ? state.endedAt : state.currentPeriodEnd;
      return previous && previous < end ? previous : end;
    }
  }
}

/** The plan a change moved the subscription to (its price is the provider's to say). */
export interface PlanNames {
  planId: string;
  planName: string;
}

/** Stores the provider's state of a subscription Orbit knows and sets the member's VIP from it; null for one it does not know (yet). */
export async function applySubscriptionState(tx: OrbitDatabase, state: SubscriptionState, plan?: PlanNames): Promise<VipSubscriptionRow | null> {
  const row = await lockSubscriptionByProviderId(tx, state.subscriptionId);
  if (!row) return null;
  const updated = await updateSubscriptionRow(tx, row.id, {
    status: STATUSES[state.status],
    cancelAtPeriodEnd: state.cancelAtPeriodEnd,
    currentPeriodEnd: state.currentPeriodEnd,
    paidUntil: paidUntilOf(state, row.paidUntil),
    amountMinor: state.amountMinor,
    currency: state.currency.toUpperCase(),
    billingMonths: state.billingMonths,
    ...plan,
  });
  if (updated.userId) await setSubscriptionVip(tx, updated.userId, updated.planName, updated.paidUntil);
  return updated;
}

/**
 * A paid VIP checkout: the subscription it started, stored and linked to the
 * purchase, and the member's VIP. A second subscription paid through two
 * checkouts opened at once is not stored (a member has one): it is logged
 * for a refund.
 */
export async function startSubscription(tx: OrbitDatabase, app: Pick<StoreApp, 'log'>, purchase: PurchaseRow, state: SubscriptionState): Promise<VipSubscriptionRow | null> {
  const known = await applySubscriptionState(tx, state);
  if (known) return known;
  if (purchase.userId === null) {
    app.log.warn({ purchaseId: purchase.id }, 'paid VIP checkout of a deleted account: cancel and refund its subscription');
    return null;
  }
  const live = await liveSubscriptionOf(tx, purchase.userId);
  if (live) {
    app.log.error({ purchaseId: purchase.id, subscriptionId: state.subscriptionId }, 'member paid a second VIP subscription; not stored: cancel and refund it');
    return null;
  }
  const row = await insertSubscription(tx, {
    userId: purchase.userId,
    planId: purchase.vipPlanId,
    planName: purchase.itemName,
    amountMinor: state.amountMinor,
    currency: state.currency.toUpperCase(),
    billingMonths: state.billingMonths,
    provider: purchase.provider,
    providerSubscriptionId: state.subscriptionId,
    status: STATUSES[state.status],
    cancelAtPeriodEnd: state.cancelAtPeriodEnd,
    currentPeriodEnd: state.currentPeriodEnd,
    paidUntil: paidUntilOf(state, null),
  });
  await linkPurchaseToSubscription(tx, purchase.id, row.id);
  await setSubscriptionVip(tx, purchase.userId, row.planName, row.paidUntil);
  return row;
}

/** A paid renewal as a purchase in the member's history, once per invoice. */
async function recordRenewal(tx: OrbitDatabase, subscription: VipSubscriptionRow, renewal: PaidRenewal, now: Date): Promise<PurchaseRow | null> {
  if (subscription.userId === null) return null;
  const row = await insertRenewalPurchase(tx, {
    userId: subscription.userId,
    kind: 'vip',
    itemName: subscription.planName,
    vipPlanId: subscription.planId,
    billingMonths: subscription.billingMonths,
    subscriptionId: subscription.id,
    amountMinor: renewal.amountMinor,
    currency: renewal.currency.toUpperCase(),
    status: 'paid',
    provider: subscription.provider,
    attemptKey: `invoice:${subscription.provider}:${renewal.invoiceId}`,
    paymentId: renewal.invoiceId,
    paidAt: now,
  });
  return row ?? null;
}

/** After the commit: the member's tabs hear of it; a renewal gets its receipt by email. */
export function announceSubscription(app: StoreApp, applied: AppliedSubscription | null, now: Date): void {
  const userId = applied?.subscription.userId;
  if (!applied || !userId) return;
  app.realtime.toMember(userId, 'subscription:updated', { subscription: toVipSubscription(applied.subscription) });
  const { renewal } = applied;
  if (renewal) {
    app.realtime.toMember(userId, 'purchase:updated', { purchase: toPurchase(renewal, now) });
    app.mailer.inBackground(() => sendReceipt(app, renewal, userId));
  }
}

/**
 * A verified subscription event (created, updated, deleted, an invoice paid
 * or failed): the event id is recorded in the same transaction as its
 * effects, and the subscription is read from the provider, not the event.
 */
export async function applySubscriptionEvent(
  app: StoreApp,
  event: Extract<PaymentEvent, { kind: 'subscription' }>,
  recordEvent: (tx: OrbitDatabase) => Promise<boolean>,
  now = new Date(),
): Promise<void> {
  const state = await app.payments.retrieveSubscription(event.subscriptionId).catch((error: unknown) => {
    if (!(error instanceof UnknownSubscriptionError)) throw error;
    app.log.warn({ eventId: event.id, subscriptionId: event.subscriptionId }, 'payment event about a subscription the provider does not know; ignored');
    return null;
  });
  const applied = await app.db.transaction(async (tx): Promise<AppliedSubscription | null> => {
    if (!(await recordEvent(tx)) || !state) return null;
    // Unknown to Orbit until its checkout's completion stores it, which reads it from the provider then.
    const subscription = await applySubscriptionState(tx, state);
    if (!subscription) return null;
    const renewal = event.renewal ? await recordRenewal(tx, subscription, event.renewal, now) : null;
    return { subscription, renewal };
  });
  announceSubscription(app, applied, now);
}
