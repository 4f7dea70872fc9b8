import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import type { StripeApiAddress } from '../../../server/environment';

// A stand-in for Stripe's API, with exactly the endpoints Orbit's Stripe
// provider calls, answering in the shapes of the API version the SDK is pinned
// to (stripe@23.1.0, 2026-10-28.endive: Stripe.Customer, Stripe.Checkout.Session,
// Stripe.PaymentIntent, Stripe.Subscription, Stripe.Invoice, Stripe.InvoicePayment,
// Stripe.Refund, Stripe.Event). Requests arrive form-encoded, as the SDK sends
// them (a GET's and a DELETE's in the query); an Idempotency-Key seen before on
// a POST answers what it answered then (Stripe ignores it on GET and DELETE).

export const FAKE_STRIPE_SECRET_KEY = 'sk_test_orbit_fake_0123456789';
export const FAKE_STRIPE_WEBHOOK_SECRET = 'whsec_orbit_fake_0123456789';

type Params = { [key: string]: string | Params };

/** A form-encoded body or query (`line_items[0][price_data][unit_amount]=500`) as nested objects; indices stay keys ('0'). */
export function parseForm(encoded: string): Params {
  const root: Params = {};
  for (const [key, value] of new URLSearchParams(encoded)) {
    const [head = '', ...rest] = key.split('[');
    const path = [head, ...rest.map((part) => part.replace(/]$/, ''))];
    let node = root;
    path.forEach((segment, index) => {
      if (index === path.length - 1) {
        node[segment] = value;
        return;
      }
      const next = node[segment];
      const child: Params = typeof next === 'object' ? next : {};
      node[segment] = child;
      node = child;
    });
  }
  return root;
}

function param(params: Params, ...path: string[]): string | undefined {
  let node: string | Params | undefined = params;
  for (const segment of path) node = typeof node === 'object' ? node[segment] : undefined;
  return typeof node === 'string' ? node : undefined;
}

function list(params: Params, key: string): string[] {
  const node = params[key];
  return typeof node === 'object' ? Object.values(node).filter((value): value is string => typeof value === 'string') : [];
}

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Months on from a moment, kept within a shorter month (Jan 31 + 1 month is the last day of February). */
export function addMonths(unixSeconds: number, months: number): number {
  const date = new Date(unixSeconds * 1000);
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, lastDay));
  return Math.floor(date.getTime() / 1000);
}

/** A recurring price's period in months (Stripe allows at most a year). */
function monthsOf(recurring: Stripe.Price.Recurring): number {
  if (recurring.interval === 'month') return recurring.interval_count;
  if (recurring.interval === 'year') return 12 * recurring.interval_count;
  throw new Error(`the fake Stripe bills only in months and years, not ${recurring.interval}`);
}

/** A line item's or subscription item's `price_data[recurring]`, as Stripe checks it; a string is what is wrong with it. */
function recurringOf(params: Params | undefined): Stripe.Price.Recurring | null | string {
  if (params === undefined) return null;
  const interval = param(params, 'interval');
  const count = Number(param(params, 'interval_count') ?? '1');
  if (interval !== 'day' && interval !== 'week' && interval !== 'month' && interval !== 'year') return 'recurring[interval] must be one of day, week, month or year';
  if (!Number.isInteger(count) || count < 1) return 'recurring[interval_count] must be a positive integer';
  const recurring: Stripe.Price.Recurring = { interval, interval_count: count, meter: null, trial_period_days: null, usage_type: 'licensed' };
  if ((interval === 'month' || interval === 'year') && monthsOf(recurring) > 12) return 'The maximum billing interval is one year (1 year, 12 months, or 52 weeks).';
  return recurring;
}

const childOf = (params: Params, key: string): Params | undefined => {
  const node = params[key];
  return typeof node === 'object' ? node : undefined;
};

export interface FakeSession {
  id: string;
  object: 'checkout.session';
  amount_subtotal: number;
  amount_total: number;
  cancel_url: string;
  client_reference_id: string | null;
  created: number;
  currency: string;
  customer: string | null;
  expires_at: number;
  livemode: false;
  metadata: Record<string, string>;
  mode: 'payment' | 'subscription';
  /** A completed subscription session's first invoice; null in mode payment. */
  invoice: string | null;
  payment_intent: string | null;
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  status: 'open' | 'complete' | 'expired';
  /** The subscription a completed subscription session started. */
  subscription: string | null;
  success_url: string;
  url: string | null;
  /** Not Stripe's: what the session was created with, for assertions. */
  lineItems: { quantity: number; currency: string; unitAmount: number; name: string; recurring: Stripe.Price.Recurring | null }[];
  /** Not Stripe's: the session's subscription_data (what its subscription is made with). */
  subscriptionData: { metadata: Record<string, string> } | null;
}

export interface FakeProduct {
  id: string;
  object: 'product';
  name: string;
  created: number;
  livemode: false;
}

/** The fields of Stripe's objects the fake answers are Stripe's own types: a field renamed or moved in the pinned version does not compile here. */
export interface FakePrice extends Pick<Stripe.Price, 'id' | 'object' | 'active' | 'billing_scheme' | 'created' | 'currency' | 'livemode' | 'metadata' | 'type'> {
  product: string;
  recurring: Stripe.Price.Recurring;
  unit_amount: number;
}

export interface FakeSubscriptionItem extends Pick<Stripe.SubscriptionItem, 'id' | 'object' | 'created' | 'current_period_start' | 'current_period_end' | 'metadata' | 'quantity' | 'subscription'> {
  price: FakePrice;
}

export interface FakeSubscription
  extends Pick<Stripe.Subscription, 'id' | 'object' | 'billing_cycle_anchor' | 'cancel_at_period_end' | 'canceled_at' | 'created' | 'currency' | 'ended_at' | 'livemode' | 'metadata' | 'start_date' | 'status'> {
  customer: string;
  items: { object: 'list'; data: FakeSubscriptionItem[]; has_more: false; url: string };
  latest_invoice: string | null;
}

export interface FakeInvoice
  extends Pick<
    Stripe.Invoice,
    'id' | 'object' | 'amount_due' | 'amount_paid' | 'amount_remaining' | 'attempt_count' | 'attempted' | 'billing_reason' | 'created' | 'currency' | 'livemode' | 'parent' | 'period_end' | 'period_start' | 'status' | 'subtotal' | 'total'
  > {
  customer: string | null;
}

/** How an invoice was paid: Stripe's InvoicePayment, here always by a payment intent. */
export interface FakeInvoicePayment
  extends Pick<Stripe.InvoicePayment, 'id' | 'object' | 'amount_paid' | 'amount_requested' | 'created' | 'currency' | 'is_default' | 'livemode' | 'status' | 'status_transitions'> {
  invoice: string;
  payment: { type: Extract<Stripe.InvoicePayment.Payment.Type, 'payment_intent'>; payment_intent: string };
}

export interface FakeRefund
  extends Pick<
    Stripe.Refund,
    | 'id'
    | 'object'
    | 'amount'
    | 'balance_transaction'
    | 'charge'
    | 'created'
    | 'currency'
    | 'customer_account'
    | 'metadata'
    | 'payment_method'
    | 'reason'
    | 'receipt_number'
    | 'source_transfer_reversal'
    | 'status'
    | 'transfer_reversal'
  > {
  customer: string | null;
  payment_intent: string;
  /** Not Stripe's: the Idempotency-Key the refund was created with, for assertions. */
  idempotencyKey: string | null;
}

/** A card holder's dispute of a payment intent's charge (the few fields of Stripe.Dispute Orbit reads). */
export interface FakeDispute extends Pick<Stripe.Dispute, 'id' | 'object' | 'amount' | 'created' | 'currency' | 'livemode' | 'reason' | 'status'> {
  payment_intent: string;
}

export interface FakePaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  customer: string | null;
  status: 'processing' | 'requires_payment_method' | 'canceled' | 'succeeded';
}

export interface FakeCustomer {
  id: string;
  object: 'customer';
  email: string | null;
  metadata: Record<string, string>;
  created: number;
  livemode: false;
}

export interface RecordedRequest {
  method: string;
  path: string;
  params: Params;
  idempotencyKey: string | undefined;
  stripeVersion: string | undefined;
}

interface Answer {
  status: number;
  body: unknown;
}

const stripeError = (status: number, type: string, message: string, code?: string): Answer => ({ status, body: { error: { type, message, ...(code ? { code } : {}) } } });
const missing = (id: string, objectName = 'checkout.session'): Answer => stripeError(404, 'invalid_request_error', `No such ${objectName}: '${id}'`, 'resource_missing');
const invalid = (message: string): Answer => stripeError(400, 'invalid_request_error', message);

/** Statuses of a subscription that has ended: Stripe changes little about it any more. */
const ENDED: readonly Stripe.Subscription.Status[] = ['canceled', 'incomplete_expired'];

export class FakeStripe {
  readonly customers = new Map<string, FakeCustomer>();
  readonly sessions = new Map<string, FakeSession>();
  readonly paymentIntents = new Map<string, FakePaymentIntent>();
  readonly products = new Map<string, FakeProduct>();
  readonly subscriptions = new Map<string, FakeSubscription>();
  readonly invoices = new Map<string, FakeInvoice>();
  readonly invoicePayments = new Map<string, FakeInvoicePayment>();
  readonly refunds = new Map<string, FakeRefund>();
  readonly disputes = new Map<string, FakeDispute>();
  readonly requests: RecordedRequest[] = [];
  private readonly answered = new Map<string, { body: string; answer: Answer }>();
  /** The status the next refund is created with (then back to succeeded). */
  private nextRefund: FakeRefund['status'] = 'succeeded';
  private readonly server = createServer((request, response) => void this.handle(request, response));
  private port = 0;

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** Where the SDK reaches this fake (PaymentSettings' api). */
  get address(): StripeApiAddress {
    return { host: '127.0.0.1', port: this.port, protocol: 'http', maxNetworkRetries: 0 };
  }

  // Test controls: what a member does on Stripe's checkout page, and Stripe's own clock.

  /** Paid by card: complete and paid, with a succeeded payment intent (mode payment) or a paid first invoice of an active subscription (mode subscription). */
  pay(sessionId: string): FakeSession {
    return this.complete(sessionId, 'paid', 'succeeded');
  }

  /** Paid by a delayed method (a bank debit): complete, unpaid, the payment intent processing. */
  payLater(sessionId: string): FakeSession {
    return this.complete(sessionId, 'unpaid', 'processing');
  }

  /** The delayed payment failed: the payment intent needs another method. */
  failLater(sessionId: string): FakeSession {
    const session = this.session(sessionId);
    if (session.payment_intent) this.intent(session.payment_intent).status = 'requires_payment_method';
    return session;
  }

  /** The delayed payment arrived. */
  settleLater(sessionId: string): FakeSession {
    const session = this.session(sessionId);
    session.payment_status = 'paid';
    if (session.payment_intent) this.intent(session.payment_intent).status = 'succeeded';
    return session;
  }

  /** Charges another amount than the session was created for (a misconfiguration Orbit must not grant). */
  chargeInstead(sessionId: string, amountTotal: number): FakeSession {
    const session = this.session(sessionId);
    session.amount_total = amountTotal;
    return session;
  }

  /** The next period billed and paid (Stripe's clock passed the period's end): the period moves on, its invoice paid. */
  renewSubscription(subscriptionId: string): FakeInvoice {
    return this.renew(subscriptionId, true);
  }

  /** The next period billed and the payment failed: the period moves on all the same, unpaid, and the subscription is past_due. */
  failSubscriptionRenewal(subscriptionId: string): FakeInvoice {
    return this.renew(subscriptionId, false);
  }

  /** The subscription ended (its cancelled period ran out, or Stripe gave up retrying): canceled, with ended_at. */
  endSubscription(subscriptionId: string): FakeSubscription {
    const subscription = this.subscription(subscriptionId);
    const now = nowSeconds();
    Object.assign(subscription, { status: 'canceled', canceled_at: subscription.canceled_at ?? now, ended_at: now });
    return subscription;
  }

  /** The next refund is created with this status (a bank's refund still pending, one the card network refused…) instead of succeeded; only that one. */
  nextRefundStatus(status: FakeRefund['status']): void {
    this.nextRefund = status;
  }

  /** The bank's later word on a refund Stripe accepted as pending: it succeeded, or failed (and gave nothing back). */
  settleRefund(refundId: string, status: 'succeeded' | 'failed'): FakeRefund {
    const refund = this.refunds.get(refundId);
    if (!refund) throw new Error(`no refund ${refundId}`);
    refund.status = status;
    return refund;
  }

  /** The card holder disputes the payment with their bank: Stripe opens a dispute needing a response. */
  openDispute(paymentIntentId: string): FakeDispute {
    const intent = this.intent(paymentIntentId);
    const dispute: FakeDispute = {
      id: newId('dp'),
      object: 'dispute',
      amount: intent.amount,
      created: nowSeconds(),
      currency: intent.currency,
      livemode: false,
      reason: 'fraudulent',
      status: 'needs_response',
      payment_intent: paymentIntentId,
    };
    this.disputes.set(dispute.id, dispute);
    return dispute;
  }

  /** The bank decides the dispute. */
  closeDispute(disputeId: string, status: 'won' | 'lost'): FakeDispute {
    const dispute = this.disputes.get(disputeId);
    if (!dispute) throw new Error(`no dispute ${disputeId}`);
    dispute.status = status;
    return dispute;
  }

  /** A snapshot event about a dispute (charge.dispute.*). */
  disputeEvent(type: string, disputeId: string, id = newId('evt')): string {
    const dispute = this.disputes.get(disputeId);
    if (!dispute) throw new Error(`the fake Stripe has no dispute ${disputeId}`);
    return eventAbout(type, dispute, id);
  }

  /** The team refunds (part of) a payment at Stripe's dashboard: a refund with no metadata and no idempotency key of Orbit's. */
  refundAtDashboard(paymentIntentId: string, amount?: number): FakeRefund {
    const answer = this.createRefund({ payment_intent: paymentIntentId, ...(amount === undefined ? {} : { amount: String(amount) }) }, undefined);
    if (answer.status !== 200) throw new Error(`the fake Stripe refused the dashboard refund: ${JSON.stringify(answer.body)}`);
    return this.refundsOf(paymentIntentId).at(-1) as FakeRefund;
  }

  /** charge.refunded about a payment intent's charge: the charge object, which (in the pinned API version) lists no refunds. */
  chargeRefundedEvent(paymentIntentId: string, id = newId('evt')): string {
    const intent = this.intent(paymentIntentId);
    const refunded = this.refundsOf(paymentIntentId).filter((refund) => refund.status === 'succeeded' || refund.status === 'pending').reduce((sum, refund) => sum + refund.amount, 0);
    return eventAbout('charge.refunded', { id: newId('ch'), object: 'charge', amount: intent.amount, amount_refunded: refunded, currency: intent.currency, payment_intent: paymentIntentId, refunded: refunded >= intent.amount }, id);
  }

  /** The refunds made of a payment intent, oldest first. */
  refundsOf(paymentIntentId: string): FakeRefund[] {
    return [...this.refunds.values()].filter((refund) => refund.payment_intent === paymentIntentId);
  }

  /** The payment intent that paid an invoice (its one InvoicePayment). */
  paymentIntentOfInvoice(invoiceId: string): FakePaymentIntent {
    const payments = this.paymentsOf(invoiceId);
    if (payments.length !== 1 || !payments[0]) throw new Error(`invoice ${invoiceId} has ${payments.length} payments`);
    return this.intent(payments[0].payment.payment_intent);
  }

  /**
   * An invoice as Stripe bills it, stored (for webhook payloads): of a
   * subscription, for its current period and price, or (subscriptionId null)
   * a one-off invoice of no subscription. As Stripe, an invoice with
   * something to pay is paid through a payment intent of its own (its
   * InvoicePayment); one of nothing to pay has none.
   */
  createInvoice(subscriptionId: string | null, options: { billingReason: NonNullable<Stripe.Invoice.BillingReason>; paid: boolean; amount?: number }): FakeInvoice {
    const subscription = subscriptionId === null ? null : this.subscription(subscriptionId);
    const item = subscription?.items.data[0];
    const amount = options.amount ?? item?.price.unit_amount ?? 0;
    const now = nowSeconds();
    const invoice: FakeInvoice = {
      id: newId('in'),
      object: 'invoice',
      amount_due: amount,
      amount_paid: options.paid ? amount : 0,
      amount_remaining: options.paid ? 0 : amount,
      attempt_count: 1,
      attempted: true,
      billing_reason: options.billingReason,
      created: now,
      currency: item?.price.currency ?? 'eur',
      customer: subscription?.customer ?? null,
      livemode: false,
      parent: subscription
        ? { type: 'subscription_details', quote_details: null, subscription_details: { metadata: subscription.metadata, subscription: subscription.id } }
        : null,
      period_end: item?.current_period_end ?? now,
      period_start: item?.current_period_start ?? now,
      status: options.paid ? 'paid' : 'open',
      subtotal: amount,
      total: amount,
    };
    this.invoices.set(invoice.id, invoice);
    if (amount > 0) this.payInvoiceThroughIntent(invoice, options.paid);
    if (subscription) subscription.latest_invoice = invoice.id;
    return invoice;
  }

  /** A snapshot event about a session, as Stripe posts it to the webhook endpoint (Stripe.Event). */
  event(type: string, sessionId: string, id = newId('evt')): string {
    return eventAbout(type, this.view(this.session(sessionId), []), id);
  }

  /** A snapshot event about a subscription (customer.subscription.*). */
  subscriptionEvent(type: string, subscriptionId: string, id = newId('evt')): string {
    return eventAbout(type, this.subscriptionView(this.subscription(subscriptionId), []), id);
  }

  /** A snapshot event about an invoice (invoice.*). */
  invoiceEvent(type: string, invoiceId: string, id = newId('evt')): string {
    return eventAbout(type, this.invoice(invoiceId), id);
  }

  /** A snapshot event about a refund (refund.*). */
  refundEvent(type: string, refundId: string, id = newId('evt')): string {
    const refund = this.refunds.get(refundId);
    if (!refund) throw new Error(`the fake Stripe has no refund ${refundId}`);
    const { idempotencyKey: _idempotencyKey, ...stripeRefund } = refund;
    return eventAbout(type, stripeRefund, id);
  }

  session(id: string): FakeSession {
    const session = this.sessions.get(id);
    if (!session) throw new Error(`the fake Stripe has no session ${id}`);
    return session;
  }

  subscription(id: string): FakeSubscription {
    const subscription = this.subscriptions.get(id);
    if (!subscription) throw new Error(`the fake Stripe has no subscription ${id}`);
    return subscription;
  }

  invoice(id: string): FakeInvoice {
    const invoice = this.invoices.get(id);
    if (!invoice) throw new Error(`the fake Stripe has no invoice ${id}`);
    return invoice;
  }

  /** The subscription's one item (Orbit's subscriptions have one: the plan). */
  subscriptionItem(subscriptionId: string): FakeSubscriptionItem {
    const item = this.subscription(subscriptionId).items.data[0];
    if (!item) throw new Error(`subscription ${subscriptionId} has no items`);
    return item;
  }

  intent(id: string): FakePaymentIntent {
    const intent = this.paymentIntents.get(id);
    if (!intent) throw new Error(`the fake Stripe has no payment intent ${id}`);
    return intent;
  }

  private paymentsOf(invoiceId: string): FakeInvoicePayment[] {
    return [...this.invoicePayments.values()].filter((payment) => payment.invoice === invoiceId);
  }

  /** The invoice's default payment: its payment intent, succeeded when paid, else still wanting a payment method. */
  private payInvoiceThroughIntent(invoice: FakeInvoice, paid: boolean): void {
    const intent: FakePaymentIntent = {
      id: newId('pi'),
      object: 'payment_intent',
      amount: invoice.amount_due,
      currency: invoice.currency,
      customer: invoice.customer,
      status: paid ? 'succeeded' : 'requires_payment_method',
    };
    this.paymentIntents.set(intent.id, intent);
    const payment: FakeInvoicePayment = {
      id: newId('inpay'),
      object: 'invoice_payment',
      amount_paid: paid ? invoice.amount_due : null,
      amount_requested: invoice.amount_due,
      created: invoice.created,
      currency: invoice.currency,
      invoice: invoice.id,
      is_default: true,
      livemode: false,
      payment: { type: 'payment_intent', payment_intent: intent.id },
      status: paid ? 'paid' : 'open',
      status_transitions: { canceled_at: null, paid_at: paid ? invoice.created : null },
    };
    this.invoicePayments.set(payment.id, payment);
  }

  private complete(sessionId: string, paymentStatus: FakeSession['payment_status'], intentStatus: FakePaymentIntent['status']): FakeSession {
    const session = this.session(sessionId);
    if (session.status !== 'open') throw new Error(`session ${sessionId} is ${session.status}`);
    if (session.mode === 'subscription') {
      // As Stripe: a subscription session has no payment intent of its own; its subscription's first invoice is paid.
      const subscription = this.startSubscription(session, paymentStatus === 'paid');
      Object.assign(session, { status: 'complete', payment_status: paymentStatus, subscription: subscription.id, invoice: subscription.latest_invoice, url: null });
      return session;
    }
    const intent: FakePaymentIntent = { id: newId('pi'), object: 'payment_intent', amount: session.amount_total, currency: session.currency, customer: session.customer, status: intentStatus };
    this.paymentIntents.set(intent.id, intent);
    Object.assign(session, { status: 'complete', payment_status: paymentStatus, payment_intent: intent.id, url: null });
    return session;
  }

  /** What completing a subscription session makes: a product and a recurring price from its line item, and the subscription with its first invoice. */
  private startSubscription(session: FakeSession, paid: boolean): FakeSubscription {
    const [line] = session.lineItems;
    if (!line?.recurring || !session.customer) throw new Error(`session ${session.id} cannot start a subscription`);
    const now = nowSeconds();
    const product: FakeProduct = { id: newId('prod'), object: 'product', name: line.name, created: now, livemode: false };
    this.products.set(product.id, product);
    const id = newId('sub');
    const subscription: FakeSubscription = {
      id,
      object: 'subscription',
      billing_cycle_anchor: now,
      cancel_at_period_end: false,
      canceled_at: null,
      created: now,
      currency: line.currency,
      customer: session.customer,
      ended_at: null,
      items: {
        object: 'list',
        data: [
          {
            id: newId('si'),
            object: 'subscription_item',
            created: now,
            current_period_start: now,
            current_period_end: addMonths(now, monthsOf(line.recurring)),
            metadata: {},
            price: this.newPrice(product.id, line.currency, line.unitAmount, line.recurring),
            quantity: line.quantity,
            subscription: id,
          },
        ],
        has_more: false,
        url: `/v1/subscription_items?subscription=${id}`,
      },
      latest_invoice: null,
      livemode: false,
      metadata: session.subscriptionData?.metadata ?? {},
      start_date: now,
      status: paid ? 'active' : 'incomplete',
    };
    this.subscriptions.set(id, subscription);
    this.createInvoice(id, { billingReason: 'subscription_create', paid });
    return subscription;
  }

  private newPrice(product: string, currency: string, unitAmount: number, recurring: Stripe.Price.Recurring): FakePrice {
    return {
      id: newId('price'),
      object: 'price',
      active: true,
      billing_scheme: 'per_unit',
      created: nowSeconds(),
      currency,
      livemode: false,
      metadata: {},
      product,
      recurring,
      type: 'recurring',
      unit_amount: unitAmount,
    };
  }

  private renew(subscriptionId: string, paid: boolean): FakeInvoice {
    const subscription = this.subscription(subscriptionId);
    if (ENDED.includes(subscription.status)) throw new Error(`subscription ${subscriptionId} has ended`);
    const item = this.subscriptionItem(subscriptionId);
    item.current_period_start = item.current_period_end;
    item.current_period_end = addMonths(item.current_period_start, monthsOf(item.price.recurring));
    subscription.status = paid ? 'active' : 'past_due';
    return this.createInvoice(subscriptionId, { billingReason: 'subscription_cycle', paid });
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const url = new URL(request.url ?? '/', 'http://fake-stripe');
    const method = request.method ?? 'GET';
    const params = parseForm(method === 'GET' || method === 'DELETE' ? url.search.slice(1) : body);
    const header = (name: string) => {
      const value = request.headers[name];
      return Array.isArray(value) ? value[0] : value;
    };
    const idempotencyKey = header('idempotency-key');
    this.requests.push({ method, path: url.pathname, params, idempotencyKey, stripeVersion: header('stripe-version') });

    let answer: Answer;
    if (header('authorization') !== `Bearer ${FAKE_STRIPE_SECRET_KEY}`) {
      answer = stripeError(401, 'invalid_request_error', 'Invalid API Key provided');
    } else if (method === 'POST' && idempotencyKey !== undefined) {
      const earlier = this.answered.get(idempotencyKey);
      if (earlier && earlier.body !== body) {
        answer = stripeError(400, 'idempotency_error', 'Keys for idempotent requests can only be used with the same parameters they were first used with.');
      } else {
        answer = earlier?.answer ?? this.route(method, url.pathname, params, idempotencyKey);
        if (!earlier) this.answered.set(idempotencyKey, { body, answer });
      }
    } else {
      answer = this.route(method, url.pathname, params, idempotencyKey);
    }
    response.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': newId('req') });
    response.end(JSON.stringify(answer.body));
  }

  private route(method: string, path: string, params: Params, idempotencyKey: string | undefined): Answer {
    if (method === 'POST' && path === '/v1/customers') return this.createCustomer(params);
    if (method === 'POST' && path === '/v1/checkout/sessions') return this.createSession(params);
    const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path);
    if (method === 'POST' && expire?.[1]) return this.expireSession(decodeURIComponent(expire[1]));
    const retrieve = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (method === 'GET' && retrieve?.[1]) return this.retrieveSession(decodeURIComponent(retrieve[1]), list(params, 'expand'));
    const subscription = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (method === 'GET' && subscription?.[1]) return this.retrieveSubscription(decodeURIComponent(subscription[1]), list(params, 'expand'));
    if (method === 'POST' && subscription?.[1]) return this.updateSubscription(decodeURIComponent(subscription[1]), params);
    if (method === 'DELETE' && subscription?.[1]) return this.cancelSubscription(decodeURIComponent(subscription[1]), params);
    const invoice = /^\/v1\/invoices\/([^/]+)$/.exec(path);
    if (method === 'GET' && invoice?.[1]) return this.retrieveInvoice(decodeURIComponent(invoice[1]), list(params, 'expand'));
    if (method === 'POST' && path === '/v1/refunds') return this.createRefund(params, idempotencyKey);
    if (method === 'GET' && path === '/v1/refunds') return this.listRefunds(params);
    const dispute = /^\/v1\/disputes\/([^/]+)$/.exec(path);
    if (method === 'GET' && dispute?.[1]) {
      const found = this.disputes.get(decodeURIComponent(dispute[1]));
      return found ? { status: 200, body: structuredClone(found) } : stripeError(404, 'invalid_request_error', `No such dispute: '${dispute[1]}'`, 'resource_missing');
    }
    const refund = /^\/v1\/refunds\/([^/]+)$/.exec(path);
    if (method === 'GET' && refund?.[1]) return this.retrieveRefund(decodeURIComponent(refund[1]));
    return stripeError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
  }

  private createCustomer(params: Params): Answer {
    const metadata = params.metadata;
    const customer: FakeCustomer = {
      id: newId('cus'),
      object: 'customer',
      email: param(params, 'email') ?? null,
      metadata: typeof metadata === 'object' ? (metadata as Record<string, string>) : {},
      created: nowSeconds(),
      livemode: false,
    };
    this.customers.set(customer.id, customer);
    return { status: 200, body: customer };
  }

  private createSession(params: Params): Answer {
    const mode = param(params, 'mode');
    if (mode !== 'payment' && mode !== 'subscription') return invalid('The fake Stripe only makes mode=payment and mode=subscription sessions');
    const customer = param(params, 'customer');
    if (customer !== undefined && !this.customers.has(customer)) return stripeError(400, 'invalid_request_error', `No such customer: '${customer}'`, 'resource_missing');
    const items = typeof params.line_items === 'object' ? Object.values(params.line_items) : [];
    const lineItems: FakeSession['lineItems'] = [];
    for (const item of items) {
      const entry = typeof item === 'object' ? item : {};
      const priceData = childOf(entry, 'price_data');
      const recurring = recurringOf(priceData && childOf(priceData, 'recurring'));
      if (typeof recurring === 'string') return invalid(recurring);
      lineItems.push({
        quantity: Number(param(entry, 'quantity') ?? '1'),
        currency: param(entry, 'price_data', 'currency') ?? '',
        unitAmount: Number(param(entry, 'price_data', 'unit_amount') ?? 'NaN'),
        name: param(entry, 'price_data', 'product_data', 'name') ?? '',
        recurring,
      });
    }
    const currency = lineItems[0]?.currency ?? '';
    if (lineItems.length === 0 || lineItems.some((item) => item.currency !== currency || !Number.isInteger(item.unitAmount) || item.name === '')) {
      return stripeError(400, 'invalid_request_error', 'line_items need price_data with currency, unit_amount and product_data[name]');
    }
    if (currency !== currency.toLowerCase()) return stripeError(400, 'invalid_request_error', 'currency must be lower case');
    // Stripe's own rules about prices and modes.
    const recurringItems = lineItems.filter((item) => item.recurring !== null);
    if (mode === 'payment' && recurringItems.length > 0) return invalid('You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.');
    if (mode === 'subscription' && recurringItems.length === 0) return invalid('You must provide at least one recurring price in `subscription` mode when using prices.');
    const subscriptionData = childOf(params, 'subscription_data');
    if (mode === 'payment' && subscriptionData) return invalid('You can not pass `subscription_data` in `payment` mode.');
    const subscriptionMetadata = subscriptionData && childOf(subscriptionData, 'metadata');
    const successUrl = param(params, 'success_url') ?? '';
    const cancelUrl = param(params, 'cancel_url') ?? '';
    if (!/^https?:\/\//.test(successUrl) || !/^https?:\/\//.test(cancelUrl)) return stripeError(400, 'invalid_request_error', 'success_url and cancel_url must be absolute URLs');
    // As Stripe: a session lasts from 30 minutes to 24 hours after it is created.
    const created = nowSeconds();
    const expiresAt = Number(param(params, 'expires_at') ?? created + 86_400);
    if (expiresAt < created + 30 * 60) return stripeError(400, 'invalid_request_error', 'The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.');
    if (expiresAt > created + 24 * 3600) return stripeError(400, 'invalid_request_error', 'The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.');
    const amount = lineItems.reduce((sum, item) => sum + item.quantity * item.unitAmount, 0);
    const id = `cs_test_${randomBytes(24).toString('hex')}`;
    const metadata = params.metadata;
    const session: FakeSession = {
      id,
      object: 'checkout.session',
      amount_subtotal: amount,
      amount_total: amount,
      cancel_url: cancelUrl,
      client_reference_id: param(params, 'client_reference_id') ?? null,
      created,
      currency,
      customer: customer ?? null,
      expires_at: expiresAt,
      livemode: false,
      metadata: typeof metadata === 'object' ? (metadata as Record<string, string>) : {},
      mode,
      invoice: null,
      payment_intent: null,
      payment_status: 'unpaid',
      status: 'open',
      subscription: null,
      success_url: successUrl,
      url: `https://checkout.stripe.com/c/pay/${id}`,
      lineItems,
      subscriptionData: mode === 'subscription' ? { metadata: (subscriptionMetadata ?? {}) as Record<string, string> } : null,
    };
    this.sessions.set(id, session);
    return { status: 200, body: this.view(session, []) };
  }

  private retrieveSession(id: string, expand: string[]): Answer {
    const session = this.sessions.get(id);
    if (!session) return missing(id);
    return { status: 200, body: this.view(session, expand) };
  }

  private expireSession(id: string): Answer {
    const session = this.sessions.get(id);
    if (!session) return missing(id);
    if (session.status !== 'open') {
      return stripeError(400, 'invalid_request_error', `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`);
    }
    Object.assign(session, { status: 'expired', url: null });
    return { status: 200, body: this.view(session, []) };
  }

  private retrieveSubscription(id: string, expand: string[]): Answer {
    const subscription = this.subscriptions.get(id);
    if (!subscription) return missing(id, 'subscription');
    return { status: 200, body: this.subscriptionView(subscription, expand) };
  }

  private updateSubscription(id: string, params: Params): Answer {
    const subscription = this.subscriptions.get(id);
    if (!subscription) return missing(id, 'subscription');
    if (ENDED.includes(subscription.status)) return invalid('A canceled subscription can only update its cancellation_details and metadata.');
    // Checked whole before anything changes, as Stripe applies an update entirely or not at all.
    const cancelAtPeriodEnd = param(params, 'cancel_at_period_end');
    if (cancelAtPeriodEnd !== undefined && cancelAtPeriodEnd !== 'true' && cancelAtPeriodEnd !== 'false') return invalid('cancel_at_period_end must be a boolean');
    const prices: { item: FakeSubscriptionItem; price: FakePrice }[] = [];
    for (const entry of Object.values(childOf(params, 'items') ?? {})) {
      const change = typeof entry === 'object' ? entry : {};
      const item = subscription.items.data.find((each) => each.id === param(change, 'id'));
      if (!item) return invalid(`Invalid subscription item for this subscription: '${param(change, 'id') ?? ''}'`);
      const priceData = childOf(change, 'price_data');
      if (!priceData) continue;
      // As Stripe: a subscription item's inline price names an existing product; product_data is refused.
      if (childOf(priceData, 'product_data')) return invalid('Received unknown parameter: items[0][price_data][product_data]');
      const product = param(priceData, 'product') ?? '';
      if (!this.products.has(product)) return stripeError(400, 'invalid_request_error', `No such product: '${product}'`, 'resource_missing');
      const currency = param(priceData, 'currency') ?? '';
      const unitAmount = Number(param(priceData, 'unit_amount') ?? 'NaN');
      if (currency === '' || currency !== currency.toLowerCase() || !Number.isInteger(unitAmount)) return invalid('price_data needs a lower-case currency and an integer unit_amount');
      const recurring = recurringOf(childOf(priceData, 'recurring'));
      if (recurring === null) return invalid('Missing required param: items[0][price_data][recurring].');
      if (typeof recurring === 'string') return invalid(recurring);
      prices.push({ item, price: this.newPrice(product, currency, unitAmount, recurring) });
    }
    if (cancelAtPeriodEnd !== undefined) subscription.cancel_at_period_end = cancelAtPeriodEnd === 'true';
    for (const { item, price } of prices) item.price = price;
    return { status: 200, body: this.subscriptionView(subscription, list(params, 'expand')) };
  }

  /** Stripe's cancel (DELETE): at once, canceled with ended_at. */
  private cancelSubscription(id: string, params: Params): Answer {
    const subscription = this.subscriptions.get(id);
    // As Stripe: a subscription that has already ended cannot be cancelled, and says so as for an unknown id.
    if (!subscription || ENDED.includes(subscription.status)) return missing(id, 'subscription');
    for (const flag of ['prorate', 'invoice_now']) {
      const value = param(params, flag);
      if (value !== undefined && value !== 'true' && value !== 'false') return invalid(`${flag} must be a boolean`);
    }
    const now = nowSeconds();
    Object.assign(subscription, { status: 'canceled', canceled_at: now, ended_at: now });
    return { status: 200, body: this.subscriptionView(subscription, list(params, 'expand')) };
  }

  private retrieveInvoice(id: string, expand: string[]): Answer {
    const invoice = this.invoices.get(id);
    if (!invoice) return missing(id, 'invoice');
    // `payments` is there only when expanded (Stripe.Invoice's `payments?`).
    const payments = expand.includes('payments') ? { payments: { object: 'list', data: this.paymentsOf(id), has_more: false, url: `/v1/invoice_payments?invoice=${id}` } } : {};
    return { status: 200, body: structuredClone({ ...invoice, ...payments }) };
  }

  /** Refunds of one payment intent (the only filter Orbit uses), newest first as Stripe lists them, on one page. */
  private listRefunds(params: Params): Answer {
    const intentId = param(params, 'payment_intent');
    if (intentId === undefined) return invalid('The fake Stripe lists refunds of one payment_intent only');
    const data = this.refundsOf(intentId)
      .reverse()
      .map(({ idempotencyKey: _idempotencyKey, ...refund }) => structuredClone(refund));
    return { status: 200, body: { object: 'list', data, has_more: false, url: '/v1/refunds' } };
  }

  private retrieveRefund(id: string): Answer {
    const refund = this.refunds.get(id);
    if (!refund) return stripeError(404, 'invalid_request_error', `No such refund: '${id}'`, 'resource_missing');
    const { idempotencyKey: _idempotencyKey, ...body } = refund;
    return { status: 200, body: structuredClone(body) };
  }

  /** A refund of (part of) a payment intent's payment; what is left of the payment bounds it. */
  private createRefund(params: Params, idempotencyKey: string | undefined): Answer {
    if (param(params, 'charge') !== undefined) return invalid('The fake Stripe refunds payment intents only, not charges');
    const intentId = param(params, 'payment_intent');
    if (intentId === undefined) return invalid('One of `charge` or `payment_intent` is required.');
    const intent = this.paymentIntents.get(intentId);
    if (!intent) return stripeError(400, 'invalid_request_error', `No such payment_intent: '${intentId}'`, 'resource_missing');
    if (intent.status !== 'succeeded') return invalid(`This PaymentIntent (${intentId}) does not have a successful charge to refund.`);
    // A refund that failed (or was canceled) gave nothing back: what it asked for can still be refunded.
    const refunded = this.refundsOf(intentId)
      .filter((refund) => refund.status !== 'failed' && refund.status !== 'canceled')
      .reduce((sum, refund) => sum + refund.amount, 0);
    const left = intent.amount - refunded;
    if (left <= 0) return stripeError(400, 'invalid_request_error', `Charge for ${intentId} has already been refunded.`, 'charge_already_refunded');
    const amount = Number(param(params, 'amount') ?? left);
    if (!Number.isInteger(amount) || amount < 1) return invalid('amount must be a positive integer');
    if (amount > left) return invalid(`Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`);
    const refund: FakeRefund = {
      id: newId('re'),
      object: 'refund',
      amount,
      balance_transaction: null,
      charge: null,
      created: nowSeconds(),
      currency: intent.currency,
      customer: intent.customer,
      customer_account: null,
      metadata: typeof params.metadata === 'object' ? (params.metadata as Record<string, string>) : {},
      payment_intent: intentId,
      payment_method: null,
      reason: null,
      receipt_number: null,
      source_transfer_reversal: null,
      status: this.nextRefund,
      transfer_reversal: null,
      idempotencyKey: idempotencyKey ?? null,
    };
    this.nextRefund = 'succeeded';
    this.refunds.set(refund.id, refund);
    const { idempotencyKey: _idempotencyKey, ...body } = refund;
    return { status: 200, body };
  }

  /** The session as the API answers it: payment_intent, subscription and invoice ids, or their objects when expanded. */
  private view(session: FakeSession, expand: string[]): object {
    const { lineItems: _lineItems, subscriptionData: _subscriptionData, ...fields } = session;
    const intent = session.payment_intent && expand.includes('payment_intent') ? this.intent(session.payment_intent) : session.payment_intent;
    const subscription = session.subscription && expand.includes('subscription') ? this.subscriptionView(this.subscription(session.subscription), []) : session.subscription;
    const invoice = session.invoice && expand.includes('invoice') ? this.invoice(session.invoice) : session.invoice;
    return { ...fields, payment_intent: intent, subscription, invoice };
  }

  /** The subscription as the API answers it (a copy: an answer kept for an idempotency key does not change with the subscription); latest_invoice expandable. */
  private subscriptionView(subscription: FakeSubscription, expand: string[]): object {
    const latestInvoice = subscription.latest_invoice && expand.includes('latest_invoice') ? this.invoice(subscription.latest_invoice) : subscription.latest_invoice;
    return structuredClone({ ...subscription, latest_invoice: latestInvoice });
  }
}

/** An event as Stripe posts it to the webhook endpoint (Stripe.Event), with a snapshot of its object. */
function eventAbout(type: string, object: object, id: string): string {
  return JSON.stringify({
    id,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: nowSeconds(),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  });
}

/** A running fake; close it after the app that uses it. */
export function startFakeStripe(): Promise<FakeStripe> {
  return new FakeStripe().start();
}

/** The Stripe-Signature header Stripe would send with this payload. */
export function signStripeWebhook(payload: string, secret = FAKE_STRIPE_WEBHOOK_SECRET): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret });
}
