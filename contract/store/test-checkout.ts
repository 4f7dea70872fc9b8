import { z } from 'zod';
import { moneySchema } from './money';

// The local payment provider's own checkout page (PAYMENTS_PROVIDER=local,
// never with real money): the member who started the checkout pays, pays
// later, or has the card declined, and the provider then tells Orbit through
// the same signed webhook a real provider uses.

/**
 * open: waiting for the member; processing: paid later, the bank has not
 * answered; complete: paid; failed: the later payment failed; expired: not
 * finished in time, or the member cancelled.
 */
export const TEST_CHECKOUT_STATUSES = ['open', 'processing', 'complete', 'failed', 'expired'] as const;
export type TestCheckoutStatus = (typeof TEST_CHECKOUT_STATUSES)[number];

/** A test subscription: active (paid up), past_due (a renewal failed, retried), canceled (over). Stripe's words. */
export const TEST_SUBSCRIPTION_STATUSES = ['active', 'past_due', 'canceled'] as const;
export type TestSubscriptionStatus = (typeof TEST_SUBSCRIPTION_STATUSES)[number];

export const TEST_CARD_DECLINED_MESSAGE = 'Your card was declined (test). Try again, or go back to Orbit.';

export const testCheckoutSessionSchema = z.object({
  id: z.string(),
  itemName: z.string(),
  amount: moneySchema,
  status: z.enum(TEST_CHECKOUT_STATUSES),
  /** The last attempt was declined; the session stays open. */
  declined: z.boolean(),
  expiresAt: z.string(),
  /** A subscription's checkout: it renews every so many months; null for a one-off payment. */
  billingMonths: z.number().int().nullable(),
  /** Back to Orbit after paying (or paying later). */
  successPath: z.string(),
  /** Back to Orbit without paying. */
  cancelPath: z.string(),
});
export type TestCheckoutSession = z.infer<typeof testCheckoutSessionSchema>;

export const testCheckoutParamsSchema = z.strictObject({ sessionId: z.string().regex(/^tcs_[A-Za-z0-9_-]{16,64}$/, 'Unknown checkout') });

/** pay: paid now; payLater: a bank transfer the bank confirms later; decline: the card is declined. */
export const testCheckoutActionBodySchema = z.strictObject({
  action: z.enum(['pay', 'payLater', 'decline'], { message: 'action must be pay, payLater or decline' }),
});
export type TestCheckoutAction = z.infer<typeof testCheckoutActionBodySchema>['action'];

/** The bank's later answer to a payLater. */
export const testCheckoutSettleBodySchema = z.strictObject({
  outcome: z.enum(['succeed', 'fail'], { message: 'outcome must be succeed or fail' }),
});
export type TestCheckoutSettleOutcome = z.infer<typeof testCheckoutSettleBodySchema>['outcome'];

export const testCheckoutResponseSchema = z.object({ success: z.literal(true), session: testCheckoutSessionSchema });
export type TestCheckoutResponse = z.infer<typeof testCheckoutResponseSchema>;

// The local provider's controls a test (or a demo) uses to play the
// provider's part in a subscription's life: a renewal paid or failed, and the
// end of retries. Only the subscriber can use them.

export const testSubscriptionParamsSchema = z.strictObject({ subscriptionId: z.string().regex(/^tsub_[A-Za-z0-9_-]{16,64}$/, 'Unknown subscription') });

export const testRenewalBodySchema = z.strictObject({
  outcome: z.enum(['paid', 'failed'], { message: 'outcome must be paid or failed' }),
});

export const testSubscriptionSchema = z.object({
  id: z.string(),
  status: z.enum(TEST_SUBSCRIPTION_STATUSES),
  cancelAtPeriodEnd: z.boolean(),
  currentPeriodStart: z.string(),
  currentPeriodEnd: z.string(),
});
export const testSubscriptionResponseSchema = z.object({ success: z.literal(true), subscription: testSubscriptionSchema });
export type TestSubscriptionResponse = z.infer<typeof testSubscriptionResponseSchema>;

/**
 * The local provider's stand-in for the card holder's bank: a test disputes a
 * paid test payment (tpi_…), then closes the dispute as won or lost. Orbit
 * hears of each through the signed webhook path, as from Stripe.
 */
export const testPaymentParamsSchema = z.strictObject({ paymentId: z.string().regex(/^tpi_[A-Za-z0-9_-]{16,64}$/, 'Unknown payment') });

export const testDisputeBodySchema = z.strictObject({
  status: z.enum(['open', 'won', 'lost'], { message: 'status must be open, won or lost' }),
});

export const testDisputeResponseSchema = z.object({
  success: z.literal(true),
  dispute: z.object({ id: z.string(), paymentId: z.string(), status: z.enum(['open', 'won', 'lost']) }),
});
export type TestDisputeResponse = z.infer<typeof testDisputeResponseSchema>;
