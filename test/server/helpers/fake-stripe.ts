import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import type { StripeApiAddress } from '../../../server/environment';

// A stand-in for Stripe's API, with exactly the endpoints Orbit's Stripe
// provider calls, answering in the shapes of the API version the SDK is pinned
// to (stripe@23.1.0, 2026-10-28.endive: Stripe.Customer, Stripe.Checkout.Session,
// Stripe.PaymentIntent, Stripe.Event). Requests arrive form-encoded, as the SDK
// sends them; an Idempotency-Key seen before answers what it answered then.

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
  mode: 'payment';
  payment_intent: string | null;
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  status: 'open' | 'complete' | 'expired';
  success_url: string;
  url: string | null;
  /** Not Stripe's: what the session was created with, for assertions. */
  lineItems: { quantity: number; currency: string; unitAmount: number; name: string }[];
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
const missing = (id: string): Answer => stripeError(404, 'invalid_request_error', `No such checkout.session: '${id}'`, 'resource_missing');

export class FakeStripe {
  readonly customers = new Map<string, FakeCustomer>();
  readonly sessions = new Map<string, FakeSession>();
  readonly paymentIntents = new Map<string, FakePaymentIntent>();
  readonly requests: RecordedRequest[] = [];
  private readonly answered = new Map<string, { body: string; answer: Answer }>();
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

  /** Paid by card: complete and paid, with a succeeded payment intent. */
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

  /** A snapshot event about a session, as Stripe posts it to the webhook endpoint (Stripe.Event). */
  event(type: string, sessionId: string, id = newId('evt')): string {
    return JSON.stringify({
      id,
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: nowSeconds(),
      data: { object: this.session(sessionId) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    });
  }

  session(id: string): FakeSession {
    const session = this.sessions.get(id);
    if (!session) throw new Error(`the fake Stripe has no session ${id}`);
    return session;
  }

  private intent(id: string): FakePaymentIntent {
    const intent = this.paymentIntents.get(id);
    if (!intent) throw new Error(`the fake Stripe has no payment intent ${id}`);
    return intent;
  }

  private complete(sessionId: string, paymentStatus: FakeSession['payment_status'], intentStatus: FakePaymentIntent['status']): FakeSession {
    const session = this.session(sessionId);
    if (session.status !== 'open') throw new Error(`session ${sessionId} is ${session.status}`);
    const intent: FakePaymentIntent = { id: newId('pi'), object: 'payment_intent', amount: session.amount_total, currency: session.currency, customer: session.customer, status: intentStatus };
    this.paymentIntents.set(intent.id, intent);
    Object.assign(session, { status: 'complete', payment_status: paymentStatus, payment_intent: intent.id, url: null });
    return session;
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const url = new URL(request.url ?? '/', 'http://fake-stripe');
    const method = request.method ?? 'GET';
    const params = parseForm(method === 'GET' ? url.search.slice(1) : body);
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
        answer = earlier?.answer ?? this.route(method, url.pathname, params);
        if (!earlier) this.answered.set(idempotencyKey, { body, answer });
      }
    } else {
      answer = this.route(method, url.pathname, params);
    }
    response.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': newId('req') });
    response.end(JSON.stringify(answer.body));
  }

  private route(method: string, path: string, params: Params): Answer {
    if (method === 'POST' && path === '/v1/customers') return this.createCustomer(params);
    if (method === 'POST' && path === '/v1/checkout/sessions') return this.createSession(params);
    const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path);
    if (method === 'POST' && expire?.[1]) return this.expireSession(decodeURIComponent(expire[1]));
    const retrieve = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (method === 'GET' && retrieve?.[1]) return this.retrieveSession(decodeURIComponent(retrieve[1]), list(params, 'expand'));
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
    if (param(params, 'mode') !== 'payment') return stripeError(400, 'invalid_request_error', 'The fake Stripe only makes mode=payment sessions');
    const customer = param(params, 'customer');
    if (customer !== undefined && !this.customers.has(customer)) return stripeError(400, 'invalid_request_error', `No such customer: '${customer}'`, 'resource_missing');
    const items = typeof params.line_items === 'object' ? Object.values(params.line_items) : [];
    const lineItems = items.map((item) => {
      const entry = typeof item === 'object' ? item : {};
      return {
        quantity: Number(param(entry, 'quantity') ?? '1'),
        currency: param(entry, 'price_data', 'currency') ?? '',
        unitAmount: Number(param(entry, 'price_data', 'unit_amount') ?? 'NaN'),
        name: param(entry, 'price_data', 'product_data', 'name') ?? '',
      };
    });
    const currency = lineItems[0]?.currency ?? '';
    if (lineItems.length === 0 || lineItems.some((item) => item.currency !== currency || !Number.isInteger(item.unitAmount) || item.name === '')) {
      return stripeError(400, 'invalid_request_error', 'line_items need price_data with currency, unit_amount and product_data[name]');
    }
    if (currency !== currency.toLowerCase()) return stripeError(400, 'invalid_request_error', 'currency must be lower case');
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
      mode: 'payment',
      payment_intent: null,
      payment_status: 'unpaid',
      status: 'open',
      success_url: successUrl,
      url: `https://checkout.stripe.com/c/pay/${id}`,
      lineItems,
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

  /** The session as the API answers it: payment_intent an id, or the object when expanded. */
  private view(session: FakeSession, expand: string[]): object {
    const { lineItems: _lineItems, ...fields } = session;
    const intent = session.payment_intent && expand.includes('payment_intent') ? this.intent(session.payment_intent) : session.payment_intent;
    return { ...fields, payment_intent: intent };
  }
}

/** A running fake; close it after the app that uses it. */
export function startFakeStripe(): Promise<FakeStripe> {
  return new FakeStripe().start();
}

/** The Stripe-Signature header Stripe would send with this payload. */
export function signStripeWebhook(payload: string, secret = FAKE_STRIPE_WEBHOOK_SECRET): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret });
}
