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
  /** The subscription a paid subscription checkout started. */
  subscription: SubscriptionState | null;
}

/** Stripe's words for a subscription's state (the few Orbit acts on; anything unpaid counts as past_due). */
export type ProviderSubscriptionStatus = 'active' | 'past_due' | 'canceled';

/** A subscription as its provider has it now. */
export interface SubscriptionState {
  subscriptionId: string;
  status: ProviderSubscriptionStatus;
  /** Cancelled by the member: it ends at currentPeriodEnd instead of renewing. */
  cancelAtPeriodEnd: boolean;
  /** The period being billed: a failed renewal has already moved it on, unpaid. */
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  /** When a canceled subscription ended. */
  endedAt: Date | null;
  /** What each period costs. */
  amountMinor: number;
  currency: string;
  billingMonths: number;
}

/** A subscription's price, as a plan change sets it. */
export interface SubscriptionPrice {
  itemName: string;
  amountMinor: number;
  currency: string;
  billingMonths: number;
}

/** What Orbit changes about a subscription: cancel or resume at the period's end, or move it to another plan. */
export type SubscriptionChange = { cancelAtPeriodEnd: boolean } | { price: SubscriptionPrice };

/** A refund asked of the provider: of a payment (Stripe's payment intent or invoice, the local provider's tpi_/tin_), in part or whole. */
export interface RefundRequest {
  /** The purchase refunded: kept with the refund at the provider, so its events find the purchase even before Orbit has stored the refund's id. */
  purchaseId: string;
  paymentId: string;
  amountMinor: number;
  currency: string;
  /** The purchase's refund: asked again (a retry), it is the same refund. */
  idempotencyKey: string;
}

/** succeeded: the money is on its way back; pending: the provider confirms later (a refund.updated / charge.refunded event); failed: nothing was refunded. */
export interface RefundState {
  refundId: string;
  /** The purchase Orbit asked it for (null for a refund made at the provider's dashboard). */
  purchaseId: string | null;
  /** The payment refunded (Stripe's payment intent): how a refund made at the dashboard finds its purchase; null when the provider does not say. */
  paymentId: string | null;
  /** What it gives back, in the payment's currency's smallest unit. */
  amountMinor: number;
  status: 'succeeded' | 'pending' | 'failed';
}

/** A card holder's dispute of a payment, as the provider has it now: open until their bank decides. */
export interface DisputeState {
  disputeId: string;
  /** The payment disputed (Stripe's payment intent; the local provider's tpi_). */
  paymentId: string;
  status: 'open' | 'won' | 'lost';
}

/** A renewal the provider was paid for (an invoice): a purchase in the member's history. */
export interface PaidRenewal {
  invoiceId: string;
  amountMinor: number;
  currency: string;
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
  /** A subscription's billing period (a VIP plan); null for a one-off payment (a coin pack). */
  billingMonths: number | null;
}

/** A provider's webhook event, reduced to what Orbit acts on. */
export type PaymentEvent =
  | { id: string; kind: 'checkout'; providerType: string; sessionId: string }
  /** A subscription changed (created, updated, deleted, an invoice paid or failed); `renewal` when a renewal was paid. */
  | { id: string; kind: 'subscription'; providerType: string; subscriptionId: string; renewal: PaidRenewal | null }
  /** A refund changed (settled, or failed after it was accepted): Orbit asks the provider for it (retrieveRefund). */
  | { id: string; kind: 'refund'; providerType: string; refundId: string }
  /** A payment was refunded (Stripe's charge.refunded names the charge, not the refund): Orbit asks for all its refunds (refundsOfPayment). */
  | { id: string; kind: 'paymentRefunded'; providerType: string; paymentId: string }
  /** A dispute opened or closed: Orbit asks the provider for it (retrieveDispute). */
  | { id: string; kind: 'dispute'; providerType: string; disputeId: string }
  | { id: string; kind: 'ignored'; providerType: string };

export class WebhookSignatureError extends Error {}

/** The provider has no checkout session by this id. */
export class UnknownCheckoutError extends Error {}

/** The provider has no subscription by this id. */
export class UnknownSubscriptionError extends Error {}

/** The subscription has ended at the provider: it can no longer be changed. */
export class SubscriptionEndedError extends Error {}

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
  retrieveSubscription(subscriptionId: string): Promise<SubscriptionState>;
  /** Cancels or resumes at the period's end, or changes the plan (`idempotencyKey` makes a retried change one change). */
  updateSubscription(subscriptionId: string, change: SubscriptionChange, idempotencyKey: string): Promise<SubscriptionState>;
  /** Ends a subscription at once (a withdrawal): no more renewals, nothing left of the period. */
  cancelSubscriptionNow(subscriptionId: string, idempotencyKey: string): Promise<SubscriptionState>;
  /** Refunds (part of) a payment; throws PaymentProviderUnavailableError when out of reach. */
  refund(request: RefundRequest): Promise<RefundState>;
  /** A refund as the provider has it now. */
  retrieveRefund(refundId: string): Promise<RefundState>;
  /** Every refund of a payment, as the provider has them now (Orbit's and any made at its dashboard). */
  refundsOfPayment(paymentId: string): Promise<RefundState[]>;
  /** A dispute as the provider has it now. */
  retrieveDispute(disputeId: string): Promise<DisputeState>;
  /** Checks the signature (in the provider's header) over the raw request bytes; throws WebhookSignatureError when it does not hold. */
  parseWebhook(rawBody: Buffer, headers: Readonly<Record<string, string | string[] | undefined>>): PaymentEvent;
}
