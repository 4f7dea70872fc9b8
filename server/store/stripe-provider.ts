import Stripe from 'stripe';
import type { OrbitDatabase } from '../db/types';
import {
  PaymentProviderUnavailableError,
  SubscriptionEndedError,
  UnknownCheckoutError,
  UnknownSubscriptionError,
  WebhookSignatureError,
  type CheckoutOutcome,
  type CheckoutRequest,
  type CheckoutState,
  type DisputeState,
  type PaidRenewal,
  type PaymentEvent,
  type PaymentsProvider,
  type ProviderSubscriptionStatus,
  type RefundRequest,
  type RefundState,
  type SubscriptionChange,
  type SubscriptionPrice,
  type SubscriptionState,
} from './payments-provider';
import { paymentCustomerOf, storePaymentCustomer } from './queries/payment-customers';

// PAYMENTS_PROVIDER=stripe: coin packs through Stripe Checkout (mode
// `payment`), VIP plans as Stripe subscriptions (Checkout mode
// `subscription`). Stripe keeps the checkout and the subscription; Orbit asks
// it how they stand (retrieveCheckout, retrieveSubscription) and is told by
// Stripe's signed webhooks, and the rest (fulfil.ts) is the same as for the
// local provider.

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
    const priceData = { currency: request.currency.toLowerCase(), unit_amount: request.amountMinor, product_data: { name: request.itemName } };
    const returnAndExpiry = {
      success_url: `${this.publicUrl}${request.successPath}`,
      cancel_url: `${this.publicUrl}${request.cancelPath}`,
      expires_at: Math.ceil(request.expiresAt.getTime() / 1000) + STRIPE_EXPIRY_MARGIN_SECONDS,
      metadata: { purchaseId: request.purchaseId },
    };
    const params: Stripe.Checkout.SessionCreateParams =
      request.billingMonths === null
        ? { mode: 'payment', customer, client_reference_id: request.purchaseId, line_items: [{ quantity: 1, price_data: priceData }], ...returnAndExpiry }
        : {
            mode: 'subscription',
            customer,
            client_reference_id: request.purchaseId,
            line_items: [{ quantity: 1, price_data: { ...priceData, recurring: { interval: 'month', interval_count: request.billingMonths } } }],
            ...returnAndExpiry,
            // On the subscription too: its renewals and webhooks name the purchase that started it.
            subscription_data: { metadata: { purchaseId: request.purchaseId } },
          };
    // The same purchase's checkout created again (a retry) is the same session.
    const session = await atStripe(() => this.stripe.checkout.sessions.create(params, { idempotencyKey: request.idempotencyKey }));
    if (!session.url) throw new Error(`Stripe checkout session ${session.id} has no URL`);
    return { sessionId: session.id, url: session.url };
  }

  async retrieveCheckout(sessionId: string): Promise<CheckoutState> {
    let session: Stripe.Checkout.Session;
    try {
      // The subscription comes with its items (and their prices): everything SubscriptionState needs, in one call.
      session = await atStripe(() => this.stripe.checkout.sessions.retrieve(sessionId, { expand: ['payment_intent', 'subscription'] }));
    } catch (error) {
      if (isMissing(error)) throw new UnknownCheckoutError(`unknown Stripe checkout session ${sessionId}`, { cause: error });
      throw error;
    }
    return this.stateOf(session);
  }

  async expireCheckout(sessionId: string): Promise<CheckoutState> {
    try {
      return await this.stateOf(await atStripe(() => this.stripe.checkout.sessions.expire(sessionId, { expand: ['payment_intent', 'subscription'] })));
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

  async retrieveSubscription(subscriptionId: string): Promise<SubscriptionState> {
    return subscriptionStateOf(await this.subscription(subscriptionId));
  }

  async updateSubscription(subscriptionId: string, change: SubscriptionChange, idempotencyKey: string): Promise<SubscriptionState> {
    try {
      const params = 'price' in change ? await this.planChange(subscriptionId, change.price) : { cancel_at_period_end: change.cancelAtPeriodEnd };
      return subscriptionStateOf(await atStripe(() => this.stripe.subscriptions.update(subscriptionId, params, { idempotencyKey })));
    } catch (error) {
      if (isMissing(error)) throw new UnknownSubscriptionError(`unknown Stripe subscription ${subscriptionId}`, { cause: error });
      // Stripe refuses most changes to a canceled subscription without a code of its own: asked again, it says whether that was why.
      if (error instanceof Stripe.errors.StripeInvalidRequestError && (await this.retrieveSubscription(subscriptionId)).status === 'canceled') {
        throw new SubscriptionEndedError(`Stripe subscription ${subscriptionId} has ended`, { cause: error });
      }
      throw error;
    }
  }

  async cancelSubscriptionNow(subscriptionId: string, idempotencyKey: string): Promise<SubscriptionState> {
    try {
      // prorate and invoice_now stay false (Stripe's defaults): no credit for the rest of the period and no final invoice, as Orbit refunds the member itself.
      // Stripe ignores an Idempotency-Key on a DELETE: a retry is made safe by the re-read below, not by the key.
      return subscriptionStateOf(await atStripe(() => this.stripe.subscriptions.cancel(subscriptionId, {}, { idempotencyKey })));
    } catch (error) {
      // Stripe answers the cancel of a subscription that has already ended as it answers an unknown id (resource_missing):
      // asked again, it says which (retrieveSubscription throws UnknownSubscriptionError for an id it does not know).
      if (error instanceof Stripe.errors.StripeInvalidRequestError) {
        const state = await this.retrieveSubscription(subscriptionId);
        if (state.status === 'canceled') return state;
      }
      throw error;
    }
  }

  async refund(request: RefundRequest): Promise<RefundState> {
    const { purchaseId, paymentId, amountMinor, idempotencyKey } = request;
    // The amount is in the payment's own currency: a refund of a payment intent names none (Stripe's `currency` is for customer balance refunds).
    try {
      const paymentIntent = await this.paymentIntentOf(paymentId);
      const refund = await atStripe(() => this.stripe.refunds.create({ payment_intent: paymentIntent, amount: amountMinor, metadata: { purchaseId } }, { idempotencyKey }));
      return refundStateOf(refund);
    } catch (error) {
      // Orbit stored the payment from Stripe's own answer: one Stripe does not know is a fault, not something to retry.
      if (isMissing(error)) throw new Error(`Stripe has no payment ${paymentId} to refund`, { cause: error });
      throw error;
    }
  }

  async retrieveRefund(refundId: string): Promise<RefundState> {
    return refundStateOf(await atStripe(() => this.stripe.refunds.retrieve(refundId)));
  }

  async refundsOfPayment(paymentId: string): Promise<RefundState[]> {
    // A payment has a handful of refunds at most; the SDK's auto-pagination reads past the first page should it not.
    const refunds = await atStripe(() => this.stripe.refunds.list({ payment_intent: paymentId, limit: 100 }).autoPagingToArray({ limit: 1000 }));
    return refunds.map(refundStateOf);
  }

  async retrieveDispute(disputeId: string): Promise<DisputeState> {
    const dispute = await atStripe(() => this.stripe.disputes.retrieve(disputeId));
    const intent = dispute.payment_intent;
    if (intent === null) throw new Error(`Stripe dispute ${disputeId} names no payment intent`);
    return { disputeId: dispute.id, paymentId: typeof intent === 'string' ? intent : intent.id, status: disputeStatusOf(dispute.status) };
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
      // Likewise a subscription: Orbit asks Stripe for it (retrieveSubscription) rather than trusting the event's snapshot.
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        return { id: event.id, kind: 'subscription', providerType: event.type, subscriptionId: event.data.object.id, renewal: null };
      case 'invoice.paid':
      case 'invoice.payment_failed': {
        const invoice = event.data.object;
        const subscriptionId = subscriptionOfInvoice(invoice);
        // A one-off invoice: nothing of Orbit's.
        if (subscriptionId === null) return { id: event.id, kind: 'ignored', providerType: event.type };
        const renewal = event.type === 'invoice.paid' ? renewalPaidBy(invoice) : null;
        return { id: event.id, kind: 'subscription', providerType: event.type, subscriptionId, renewal };
      }
      // A dispute opened, moved or closed: Orbit asks Stripe for it.
      case 'charge.dispute.created':
      case 'charge.dispute.updated':
      case 'charge.dispute.closed':
        return { id: event.id, kind: 'dispute', providerType: event.type, disputeId: event.data.object.id };
      // A refund made, settled or failed (Orbit's, or one made at Stripe's dashboard): Orbit asks Stripe for it.
      case 'refund.created':
      case 'refund.updated':
      case 'refund.failed':
      case 'charge.refund.updated':
        return { id: event.id, kind: 'refund', providerType: event.type, refundId: event.data.object.id };
      // The charge names no refund (its list is not sent in the pinned API version): Orbit asks Stripe for the payment's refunds.
      case 'charge.refunded': {
        const intent = event.data.object.payment_intent;
        if (intent === null) return { id: event.id, kind: 'ignored', providerType: event.type };
        return { id: event.id, kind: 'paymentRefunded', providerType: event.type, paymentId: idOf(intent) };
      }
      default:
        return { id: event.id, kind: 'ignored', providerType: event.type };
    }
  }

  /** The session's state, with its subscription read from Stripe when the session names it without its object. */
  private async stateOf(session: Stripe.Checkout.Session): Promise<CheckoutState> {
    const started = session.subscription;
    const subscription = started === null ? null : typeof started === 'string' ? await this.retrieveSubscription(started) : subscriptionStateOf(started);
    return { ...checkoutStateOf(session), subscription };
  }

  private async subscription(subscriptionId: string): Promise<Stripe.Subscription> {
    try {
      return await atStripe(() => this.stripe.subscriptions.retrieve(subscriptionId));
    } catch (error) {
      if (isMissing(error)) throw new UnknownSubscriptionError(`unknown Stripe subscription ${subscriptionId}`, { cause: error });
      throw error;
    }
  }

  /**
   * A plan change replaces the price of the subscription's one item. Prices
   * set inline on a subscription item must name an existing product: the
   * product Checkout made for the plan is kept, so Stripe's records stay one
   * product per subscription (the new plan's name is not Stripe's to show).
   */
  private async planChange(subscriptionId: string, price: SubscriptionPrice): Promise<Stripe.SubscriptionUpdateParams> {
    const subscription = await this.subscription(subscriptionId);
    if (endedStatuses.has(subscription.status)) throw new SubscriptionEndedError(`Stripe subscription ${subscriptionId} has ended`);
    const item = onlyItemOf(subscription);
    const product = item.price.product;
    return {
      items: [
        {
          id: item.id,
          price_data: {
            currency: price.currency.toLowerCase(),
            unit_amount: price.amountMinor,
            product: typeof product === 'string' ? product : product.id,
            recurring: { interval: 'month', interval_count: price.billingMonths },
          },
        },
      ],
      // The member pays the difference for the rest of the period on the next invoice.
      proration_behavior: 'create_prorations',
    };
  }

  /**
   * The payment intent to refund for a payment Orbit stored: a coin pack's
   * payment intent itself, or a subscription's first invoice (checkoutStateOf),
   * whose payment intent is one of the invoice's payments (in the pinned API
   * version an invoice has no payment_intent of its own).
   */
  private async paymentIntentOf(paymentId: string): Promise<string> {
    if (paymentId.startsWith('pi_')) return paymentId;
    if (!paymentId.startsWith('in_')) throw new Error(`${paymentId} is neither a Stripe payment intent nor an invoice`);
    const invoice = await atStripe(() => this.stripe.invoices.retrieve(paymentId, { expand: ['payments'] }));
    const paid = (invoice.payments?.data ?? []).filter((payment) => payment.status === 'paid' && payment.payment.payment_intent !== undefined);
    const [only] = paid;
    // Orbit's invoices are paid whole by one payment: several would need a refund each, which one RefundState cannot answer.
    if (only?.payment.payment_intent === undefined || paid.length > 1) {
      throw new Error(`Stripe invoice ${paymentId} has ${paid.length} paid payment intents: it can only be refunded through exactly one`);
    }
    return idOf(only.payment.payment_intent);
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

/** The session's own state; its subscription is added by the provider. */
function checkoutStateOf(session: Stripe.Checkout.Session): Omit<CheckoutState, 'subscription'> {
  const intent = session.payment_intent;
  const invoice = session.invoice;
  // A subscription's first payment is its first invoice's: the session then has no payment intent of its own.
  const paymentId = intent !== null ? idOf(intent) : invoice !== null ? idOf(invoice) : null;
  return {
    sessionId: session.id,
    purchaseId: session.client_reference_id,
    outcome: outcomeOf(session),
    amountMinor: session.amount_total ?? 0,
    currency: (session.currency ?? '').toUpperCase(),
    paymentId,
  };
}

const idOf = (reference: string | { id: string }): string => (typeof reference === 'string' ? reference : reference.id);

/** Stripe's statuses that end a subscription for good. */
const endedStatuses: ReadonlySet<Stripe.Subscription.Status> = new Set(['canceled', 'incomplete_expired']);
/** Stripe's statuses of a subscription that is paid for. */
const activeStatuses: ReadonlySet<Stripe.Subscription.Status> = new Set(['active', 'trialing']);

/** Anything neither paid nor ended (past_due, unpaid, incomplete, paused, or a status Stripe adds later) is unpaid: it grants nothing new, and is not over. */
function statusOf(status: Stripe.Subscription.Status): ProviderSubscriptionStatus {
  if (activeStatuses.has(status)) return 'active';
  if (endedStatuses.has(status)) return 'canceled';
  return 'past_due';
}

/** Orbit's subscriptions have one item (the plan), made by its checkout. */
function onlyItemOf(subscription: Stripe.Subscription): Stripe.SubscriptionItem {
  const item = subscription.items.data[0];
  if (!item) throw new Error(`Stripe subscription ${subscription.id} has no items`);
  return item;
}

function billingMonthsOf(subscriptionId: string, recurring: Stripe.Price.Recurring | null): number {
  if (recurring?.interval === 'month') return recurring.interval_count;
  if (recurring?.interval === 'year') return 12 * recurring.interval_count;
  // Orbit only ever sets monthly intervals: anything else was set outside it.
  throw new Error(`Stripe subscription ${subscriptionId} is not billed in months (${recurring ? recurring.interval : 'not recurring'})`);
}

const dateOf = (unixSeconds: number) => new Date(unixSeconds * 1000);

function subscriptionStateOf(subscription: Stripe.Subscription): SubscriptionState {
  const item = onlyItemOf(subscription);
  // Null for tiered or decimal prices, which Orbit never sets.
  if (item.price.unit_amount === null) throw new Error(`Stripe subscription ${subscription.id} has no unit amount`);
  // In the pinned API version the billing period is the item's: the subscription has none.
  return {
    subscriptionId: subscription.id,
    status: statusOf(subscription.status),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    currentPeriodStart: dateOf(item.current_period_start),
    currentPeriodEnd: dateOf(item.current_period_end),
    endedAt: subscription.ended_at === null ? null : dateOf(subscription.ended_at),
    amountMinor: item.price.unit_amount,
    currency: item.price.currency.toUpperCase(),
    billingMonths: billingMonthsOf(subscription.id, item.price.recurring),
  };
}

/**
 * Stripe's refund status (a plain string in the SDK's types, null on some
 * refunds) as Orbit's. Only a refund known to be settled either way is
 * succeeded or failed: anything else (pending, requires_action, a status
 * Stripe adds later) is pending, as a refund taken for failed could be made
 * again and pay the member twice.
 */
function refundStatusOf(status: string | null): RefundState['status'] {
  switch (status) {
    case 'succeeded':
      return 'succeeded';
    case 'failed':
    case 'canceled':
      return 'failed';
    default:
      return 'pending';
  }
}

/** The subscription an invoice bills, if any (in the pinned API version under `parent`: the invoice has no `subscription`). */
function subscriptionOfInvoice(invoice: Stripe.Invoice): string | null {
  const subscription = invoice.parent?.subscription_details?.subscription;
  return subscription === undefined ? null : idOf(subscription);
}

/** A paid invoice is a renewal unless it is the subscription's first (the checkout's own purchase) or paid nothing. */
function renewalPaidBy(invoice: Stripe.Invoice): PaidRenewal | null {
  if (invoice.billing_reason === 'subscription_create' || invoice.amount_paid <= 0) return null;
  return { invoiceId: invoice.id, amountMinor: invoice.amount_paid, currency: invoice.currency.toUpperCase() };
}

/** Stripe's dispute status as Orbit's: won when the money stays (a warning closed or a dispute prevented too), lost when it went back, open until then. */
function disputeStatusOf(status: Stripe.Dispute.Status): DisputeState['status'] {
  switch (status) {
    case 'won':
    case 'warning_closed':
    case 'prevented':
      return 'won';
    case 'lost':
      return 'lost';
    default:
      return 'open';
  }
}

function refundStateOf(refund: Stripe.Refund): RefundState {
  const intent = refund.payment_intent;
  return {
    refundId: refund.id,
    purchaseId: refund.metadata?.purchaseId ?? null,
    paymentId: intent === null ? null : idOf(intent),
    amountMinor: refund.amount,
    status: refundStatusOf(refund.status),
  };
}
