// What Orbit needs from a payment provider (issue 48), whichever takes the
// money: Stripe, or the local test provider (test-provider/). Orbit never
// trusts a browser about a payment: it grants only what the provider itself
// reports, through a signed webhook or by being asked (retrieveCheckout).

/** What a checkout session says about its payment. */
export type CheckoutOutcome = 'open' | 'processing' | 'paid' | 'failed' | 'expired';

export interface CheckoutState {
  sessionId: string;
  /** The purchase the session was made for (Stripe's client_reference_id). */
  purchaseId: string | null;
  outcome: CheckoutOutcome;
  /** What the provider charged, in the currency's smallest unit. */
  amountMinor: number;
  currency: string;
  /** The provider's payment, once there is one (for refunds and disputes). */
  paymentId: string | null;
}

export interface CheckoutRequest {
  purchaseId: string;
  userId: string;
  email: string;
  itemName: string;
  amountMinor: number;
  currency: string;
  /** Paths on Orbit's site the member comes back to. */
  successPath: string;
  cancelPath: string;
  expiresAt: Date;
  /** The purchase's id: creating the same checkout twice makes one session. */
  idempotencyKey: string;
}

/** A provider's webhook event, reduced to what Orbit acts on. */
export type PaymentEvent =
  | { id: string; kind: 'checkout'; providerType: string; sessionId: string }
  | { id: string; kind: 'ignored'; providerType: string };

export class WebhookSignatureError extends Error {}

/** The provider has no checkout session by this id. */
export class UnknownCheckoutError extends Error {}

/** The provider could not be reached (or failed on its side): nothing was done there, and trying again later may work. */
export class PaymentProviderUnavailableError extends Error {}

export interface PaymentsProvider {
  readonly name: 'local' | 'stripe';
  /** True when no money moves (the local provider): its purchases are never revenue. */
  readonly testPayments: boolean;
  createCheckout(request: CheckoutRequest): Promise<{ sessionId: string; url: string }>;
  retrieveCheckout(sessionId: string): Promise<CheckoutState>;
  /** Closes an open checkout so nothing can be paid through it any more; answers its state after. */
  expireCheckout(sessionId: string): Promise<CheckoutState>;
  /** Checks the signature (in the provider's header) over the raw request bytes; throws WebhookSignatureError when it does not hold. */
  parseWebhook(rawBody: Buffer, headers: Readonly<Record<string, string | string[] | undefined>>): PaymentEvent;
}
