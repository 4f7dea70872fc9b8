import { billingMonthsOf, NO_SUBSCRIPTION_MESSAGE, SAME_PLAN_MESSAGE, subscriptionMessages, type VipSubscription } from '../../contract/store/subscriptions';
import { activeVipPlanById } from '../catalogue/queries';
import type { UserRow, VipSubscriptionRow } from '../db/schema';
import { HttpError } from '../plugins/errors';
import { atProvider, PROVIDER_UNREACHABLE } from './at-provider';
import { PLAN_NOT_ON_SALE } from './checkout';
import { SubscriptionEndedError, type SubscriptionChange } from './payments-provider';
import type { StoreApp } from './store-app';
import { sendSubscriptionNotice } from './subscription-mail';
import { announceSubscription, applySubscriptionState, type PlanNames } from './subscriptions';
import { latestSubscriptionOf, liveSubscriptionOf } from './queries/subscriptions';
import { withWithdrawal } from './subscription-withdrawal';

// What a member changes about their VIP subscription: cancel or resume at the
// period's end (one click, on /vip and in Settings) and a plan change. Each is
// asked of the provider first; what it answers is stored, the member's tabs
// hear of it, and a cancel or resume is confirmed by email.

export const SUBSCRIPTION_ENDED_MESSAGE = 'This subscription has ended; start a new one from the VIP page';

/** Dates in messages and emails, as the member's receipts show them. */
const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** The member's subscription, or null when they have none running (one cancelled at a period's end that has passed has ended). */
export async function currentSubscription(app: StoreApp, userId: string, now = new Date()): Promise<VipSubscription | null> {
  const row = await latestSubscriptionOf(app.db, userId);
  if (!row || row.status === 'ended' || (row.cancelAtPeriodEnd && row.currentPeriodEnd <= now)) return null;
  return withWithdrawal(app.db, row, now);
}

async function liveOr404(app: StoreApp, userId: string): Promise<VipSubscriptionRow> {
  const row = await liveSubscriptionOf(app.db, userId);
  if (!row) throw new HttpError(404, NO_SUBSCRIPTION_MESSAGE);
  return row;
}

/** Asks the provider for the change, then stores what it answers. */
async function change(app: StoreApp, row: VipSubscriptionRow, wanted: SubscriptionChange, action: string, now: Date, plan?: PlanNames): Promise<VipSubscriptionRow> {
  // A key per change of this subscription as Orbit last saw it: a retry is one change; cancel, resume, cancel again are three.
  const idempotencyKey = `subscription:${row.id}:${action}:${row.updatedAt.getTime()}`;
  const state = await atProvider(app.payments.updateSubscription(row.providerSubscriptionId, wanted, idempotencyKey), PROVIDER_UNREACHABLE).catch((error: unknown) => {
    if (error instanceof SubscriptionEndedError) throw new HttpError(409, SUBSCRIPTION_ENDED_MESSAGE);
    throw error;
  });
  const updated = await app.db.transaction((tx) => applySubscriptionState(tx, state, plan));
  if (!updated) throw new Error(`subscription ${row.id} vanished`);
  announceSubscription(app, { subscription: updated, renewal: null }, now);
  return updated;
}

/**
 * An account about to be deleted: its subscription must never renew again
 * (nobody could cancel it afterwards). Asked of the provider before the
 * account goes; when the provider is out of reach the deletion waits (503).
 */
export async function stopRenewalsOf(app: StoreApp, userId: string, now = new Date()): Promise<void> {
  const row = await liveSubscriptionOf(app.db, userId);
  if (!row || row.cancelAtPeriodEnd) return;
  await change(app, row, { cancelAtPeriodEnd: true }, 'cancel', now);
}

/** Cancel: no renewal; VIP stays until the period's end. Cancelling again changes nothing. */
export async function cancelSubscription(app: StoreApp, member: UserRow, now = new Date()) {
  const row = await liveOr404(app, member.id);
  const cancelled = row.cancelAtPeriodEnd ? row : await change(app, row, { cancelAtPeriodEnd: true }, 'cancel', now);
  const message = subscriptionMessages.cancelled(longDate.format(cancelled.currentPeriodEnd));
  if (cancelled !== row) app.mailer.inBackground(() => sendSubscriptionNotice(app, member.email, 'Your Orbit VIP will not renew', message));
  return { subscription: await withWithdrawal(app.db, cancelled, now), message };
}

/** Resume: it renews again at the period's end. Resuming one that renews changes nothing. */
export async function resumeSubscription(app: StoreApp, member: UserRow, now = new Date()) {
  const row = await liveOr404(app, member.id);
  const resumed = row.cancelAtPeriodEnd ? await change(app, row, { cancelAtPeriodEnd: false }, 'resume', now) : row;
  const message = subscriptionMessages.resumed(longDate.format(resumed.currentPeriodEnd));
  if (resumed !== row) app.mailer.inBackground(() => sendSubscriptionNotice(app, member.email, 'Your Orbit VIP renews again', message));
  return { subscription: await withWithdrawal(app.db, resumed, now), message };
}

/** Another plan: the new level at once, the new price from the next renewal (the provider prorates the rest of this period). */
export async function changeSubscriptionPlan(app: StoreApp, member: UserRow, planId: string, now = new Date()) {
  const row = await liveOr404(app, member.id);
  const plan = await activeVipPlanById(app.db, planId);
  if (!plan) throw new HttpError(404, PLAN_NOT_ON_SALE);
  if (row.planId === plan.id) throw new HttpError(409, SAME_PLAN_MESSAGE);
  const price = { itemName: `${plan.name} VIP`, amountMinor: plan.priceMinor, currency: plan.currency, billingMonths: billingMonthsOf(plan.durationDays) };
  const changed = await change(app, row, { price }, `plan:${plan.id}`, now, { planId: plan.id, planName: plan.name });
  const message = subscriptionMessages.changed(plan.name, longDate.format(changed.currentPeriodEnd));
  app.mailer.inBackground(() => sendSubscriptionNotice(app, member.email, 'Your Orbit VIP plan changed', message));
  return { subscription: await withWithdrawal(app.db, changed, now), message };
}
