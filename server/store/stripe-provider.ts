import Stripe from 'stripe';
import type { OrbitDatabase } from '../db/types';
import {
  PaymentProviderUnavailableError,
  UnknownCheckoutError,
  WebhookSignatureError,
  type CheckoutOutcome,
  type CheckoutRequest,
  type CheckoutState,
  type PaymentEvent,
  type PaymentsProvider,
} from './payments-provider';
import { paymentCustomerOf, storePaymentCustomer } from './queries/payment-customers';

// PAYMENTS_PROVIDER=stripe: coin packs through Stripe Checkout (mode
// `payment`). Stripe keeps the checkout; Orbit asks it how one ended
// (retrieveCheckout) and is told by Stripe's signed webhooks, and the rest
// (fulfil.ts) is the same as for the local provider.

/** The API version the SDK (stripe@23.1.0) is typed for; sent explicitly so the account's default never changes a shape. */
export const STRIPE_API_VERSION = '2026-10-28.endive' as const;

/**
 * Stripe refuses a session that expires less than 30 minutes after it is
 * created, and Orbit's checkout lasts exactly 30 minutes from before the
 * request: the session is given this much longer. Derived from the purchase's
 * stored expiry, not the clock, so a retried create sends the same parameters
 * (Stripe refuses an idempotency key reused with others).
 */
export const STRIPE_EXPIRY_MARGIN_SECONDS = 120;

/** What Stripe's failures mean for Orbit: out of reach (or failing on its side) is worth trying again; anything else is a fault. */
function isUnavailable(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeConnectionError || error instanceof Stripe.errors.StripeAPIError || error instanceof Stripe.errors.StripeRateLimitError;
}

function isMissing(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing';
}

/** Runs one call to Stripe, turning "could not reach Stripe" into PaymentProviderUnavailableError. */
async function atStripe<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (isUnavailable(error)) throw new PaymentProviderUnavailableError('Stripe could not be reached', { cause: error });
    throw error;
  }
}

export class StripePaymentsProvider implements PaymentsProvider {
  readonly name = 'stripe' as const;
  readonly testPayments = false;

  constructor(
    private readonly stripe: Stripe,
    private readonly webhookSecret: string,
    private readonly db: OrbitDatabase,
    /** Where members reach Orbit, without a trailing slash: Stripe sends them back to absolute URLs. */
    private readonly publicUrl: string,
  ) {}

  async createCheckout(request: CheckoutRequest): Promise<{ sessionId: string; url: string }> {
    const customer = await this.customerOf(request.userId, request.email);
    const session = await atStripe(() =>
      this.stripe.checkout.sessions.create(
        {
          mode: 'payment',
          customer,
          client_reference_id: request.purchaseId,
          line_items: [
            {
              quantity: 1,
              price_data: { currency: request.currency.toLowerCase(), unit_amount: request.amountMinor, product_data: { name: request.itemName } },
            },
          ],
          success_url: `${this.publicUrl}${request.successPath}`,
          cancel_url: `${this.publicUrl}${request.cancelPath}`,
          expires_at: Math.ceil(request.expiresAt.getTime() / 1000) + STRIPE_EXPIRY_MARGIN_SECONDS,
          metadata: { purchaseId: request.purchaseId },
        },
        // The same purchase's checkout created again (a retry) is the same session.
        { idempotencyKey: request.idempotencyKey },
      ),
    );
    if (!session.url) throw new Error(`Stripe checkout session ${session.id} has no URL`);
    return { sessionId: session.id, url: session.url };
  }

  async retrieveCheckout(sessionId: string): Promise<CheckoutState> {
    let session: Stripe.Checkout.Session;
    try {
      session = await atStripe(() => this.stripe.checkout.sessions.retrieve(sessionId, { expand: ['payment_intent'] }));
    } catch (error) {
      if (isMissing(error)) throw new UnknownCheckoutError(`unknown Stripe checkout session ${sessionId}`, { cause: error });
      throw error;
    }
    return stateOf(session);
  }

  async expireCheckout(sessionId: string): Promise<CheckoutState> {
    try {
      return stateOf(await atStripe(() => this.stripe.checkout.sessions.expire(sessionId)));
    } catch (error) {
      if (isMissing(error)) throw new UnknownCheckoutError(`unknown Stripe checkout session ${sessionId}`, { cause: error });
      // Stripe expires only open sessions: one paid or expired meanwhile is answered as it is.
      if (error instanceof Stripe.errors.StripeInvalidRequestError) {
        const state = await this.retrieveCheckout(sessionId);
        if (state.outcome !== 'open') return state;
      }
      throw error;
    }
  }

  parseWebhook(rawBody: Buffer, headers: Readonly<Record<string, string | string[] | undefined>>): PaymentEvent {
    const signature = headers['stripe-signature'];
    if (signature === undefined) throw new WebhookSignatureError('No Stripe-Signature header');
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, Array.isArray(signature) ? (signature[0] ?? '') : signature, this.webhookSecret);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeSignatureVerificationError) throw new WebhookSignatureError(error.message);
      // Signed, yet not an event (constructEvent parses the JSON after checking the signature): never applied.
      throw new WebhookSignatureError('Unreadable event');
    }
    switch (event.type) {
      // A checkout session changed: Orbit asks Stripe for the session itself, so the order events arrive in does not matter.
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded':
      case 'checkout.session.async_payment_failed':
      case 'checkout.session.expired':
        return { id: event.id, kind: 'checkout', providerType: event.type, sessionId: event.data.object.id };
      default:
        return { id: event.id, kind: 'ignored', providerType: event.type };
    }
  }

  /** The member's Stripe customer, created on their first checkout. */
  private async customerOf(userId: string, email: string): Promise<string> {
    const stored = await paymentCustomerOf(this.db, userId);
    if (stored) return stored;
    // Keyed by the member: two first checkouts at once (or a retry after a lost answer) make one customer.
    const customer = await atStripe(() => this.stripe.customers.create({ email, metadata: { userId } }, { idempotencyKey: `customer:${userId}` }));
    return storePaymentCustomer(this.db, userId, 'stripe', customer.id);
  }
}

/** How Stripe's session reads as Orbit's outcome. */
function outcomeOf(session: Stripe.Checkout.Session): CheckoutOutcome {
  if (session.status === 'expired') return 'expired';
  if (session.status === 'complete') {
    if (session.payment_status === 'paid' || session.payment_status === 'no_payment_required') return 'paid';
    // Complete but unpaid: a delayed payment method (a bank debit) still settling, or one that failed.
    const intent = session.payment_intent;
    const intentStatus = intent !== null && typeof intent === 'object' ? intent.status : null;
    return intentStatus === 'requires_payment_method' || intentStatus === 'canceled' ? 'failed' : 'processing';
  }
  return 'open';
}

function stateOf(session: Stripe.Checkout.Session): CheckoutState {
  const intent = session.payment_intent;
  return {
    sessionId: session.id,
    purchaseId: session.client_reference_id,
    outcome: outcomeOf(session),
    amountMinor: session.amount_total ?? 0,
    currency: (session.currency ?? '').toUpperCase(),
    paymentId: intent === null ? null : typeof intent === 'string' ? intent : intent.id,
  };
}
