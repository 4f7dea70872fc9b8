import { z } from 'zod';
import { idSchema } from '../common';
import { moneySchema } from './money';

// VIP as a subscription (issue 48): a plan bought through checkout renews
// every 1, 3 or 12 months until the member cancels. A member has at most one;
// while it lasts, the plans offer Change plan instead of a second checkout.
// VIP runs to the end of the last period paid for: a failed renewal ends it
// there, a later successful retry restores it.

/** The average calendar month in days: how a plan's days become months, and a period's months days. */
export const DAYS_PER_MONTH = 30.44;

/** A plan's length in days (the catalogue's, SPEC section 3) read as its billing period: 30 -> 1 month, 90 -> 3, 365 -> 12. */
export function billingMonthsOf(durationDays: number): number {
  return Math.max(1, Math.round(durationDays / DAYS_PER_MONTH));
}

/** "every month", "every 3 months", "every 12 months". */
export function billingPeriodLabel(months: number): string {
  return months === 1 ? 'every month' : `every ${months} months`;
}

/**
 * active: paid up; pastDue: a renewal failed and is being retried (VIP ended
 * with the last period paid for); ended: cancelled and over, or never paid.
 */
export const SUBSCRIPTION_STATUSES = ['active', 'pastDue', 'ended'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** The EU's consumer rules: a service started within the 14 days of withdrawal is asked for expressly (never pre-ticked). */
export const VIP_START_NOW_TEXT = 'I want my VIP to start now. If I withdraw within 14 days, I pay only for the days I used.';

/** The EU's right of withdrawal: days from the first payment in which a subscriber may withdraw, refunded less the days used. */
export const WITHDRAWAL_DAYS = 14;

/**
 * What a withdrawal gives back: the first payment less the days of its period
 * used, a day begun counting as used, in the member's favour where a cent
 * divides (the used part is rounded down).
 */
export function withdrawalRefundMinor(amountMinor: number, daysUsed: number, periodDays: number): number {
  if (periodDays <= 0) return 0;
  const used = Math.floor((amountMinor * Math.min(daysUsed, periodDays)) / periodDays);
  return amountMinor - used;
}

export const WITHDRAWAL_PASSED_MESSAGE = `The ${WITHDRAWAL_DAYS} days to withdraw from this subscription have passed; you can still cancel it`;

export const ALREADY_SUBSCRIBED_MESSAGE = 'You already have a VIP subscription: change your plan instead';
export const NO_SUBSCRIPTION_MESSAGE = 'You have no VIP subscription';
export const SAME_PLAN_MESSAGE = 'You are already on this plan';

export const vipSubscriptionSchema = z.object({
  _id: z.string(),
  /** The catalogue plan, while it is on sale. */
  planId: z.string().nullable(),
  planName: z.string(),
  /** What each period costs, VAT included. */
  price: moneySchema,
  billingMonths: z.number().int().min(1),
  status: z.enum(SUBSCRIPTION_STATUSES),
  /** Cancelled: it ends at currentPeriodEnd instead of renewing. */
  cancelAtPeriodEnd: z.boolean(),
  /** When the current period ends: the renewal date, or the end date once cancelled. */
  currentPeriodEnd: z.string(),
  /** Until when VIP runs on it: the end of the last period paid for. */
  vipUntil: z.string(),
  /** The local provider took it: no money moves. */
  testPayment: z.boolean(),
  /** While the member may still withdraw (14 days from the first payment): until when, and what would come back today. */
  withdrawal: z.object({ until: z.string(), refund: moneySchema }).nullable(),
});
export type VipSubscription = z.infer<typeof vipSubscriptionSchema>;

export const subscriptionResponseSchema = z.object({ success: z.literal(true), subscription: vipSubscriptionSchema.nullable() });
export type SubscriptionResponse = z.infer<typeof subscriptionResponseSchema>;

/** After cancel, resume or a plan change: the subscription as it now is, and the words for the member. */
export const subscriptionChangeResponseSchema = z.object({ success: z.literal(true), subscription: vipSubscriptionSchema, message: z.string() });
export type SubscriptionChangeResponse = z.infer<typeof subscriptionChangeResponseSchema>;

export const changePlanBodySchema = z.strictObject({ planId: idSchema });
export type ChangePlanBody = z.infer<typeof changePlanBodySchema>;

/** To the member's open tabs when their subscription changes (paid, renewed, failed, cancelled, resumed, changed, ended). */
export const subscriptionUpdatedEventSchema = z.object({ subscription: vipSubscriptionSchema });
export type SubscriptionUpdatedEvent = z.infer<typeof subscriptionUpdatedEventSchema>;

/** What cancel, resume and a plan change say; the date is already formatted. */
export const subscriptionMessages = {
  cancelled: (endDate: string) => `Your VIP will not renew. It stays active until ${endDate}.`,
  resumed: (renewDate: string) => `Your VIP renews again on ${renewDate}.`,
  withdrawn: (refund: string) => `You withdrew from VIP: ${refund} goes back to you, and your VIP has ended.`,
  changed: (planName: string, renewDate: string) => `You are now on ${planName}. It renews on ${renewDate} at the new price.`,
};
