import { createHmac, randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { TestCheckoutSessionRow, TestSubscriptionRow } from '../../db/schema';
import type { OrbitDatabase } from '../../db/types';
import {
  SubscriptionEndedError,
  UnknownCheckoutError,
  UnknownSubscriptionError,
  WebhookSignatureError,
  type CheckoutOutcome,
  type CheckoutRequest,
  type CheckoutState,
  type PaymentEvent,
  type PaymentsProvider,
  type DisputeState,
  type RefundRequest,
  type RefundState,
  type SubscriptionChange,
  type SubscriptionState,
} from '../payments-provider';
import {
  insertTestSession,
  insertTestSubscription,
  lockTestSession,
  lockTestSubscription,
  testSessionById,
  updateTestSession,
  updateTestSubscription,
  type TestSubscriptionChange,
} from '../queries/test-checkout-sessions';
import { signTestWebhook, TEST_SIGNATURE_HEADER, verifyTestWebhook } from './signature';
import { addMonths, renewalChange, subscriptionStateOf, type RenewalOutcome } from './subscriptions';

// PAYMENTS_PROVIDER=local: Orbit's own stand-in for Stripe, for development,
// tests and demos. No money moves. Its checkout page (test-checkout-routes.ts)
// changes a session here, and the provider then tells Orbit the way Stripe
// would: a signed webhook with Stripe's event names, posted to Orbit's webhook
// route, so the ledger, receipts and confirmations run exactly as for real.

export const TEST_CHECKOUT_PAGE = '/test-checkout';

/** Posts one signed webhook to Orbit's webhook route (the plugin wires it to the app itself). */
export type WebhookDelivery = (body: Buffer, signature: string) => Promise<void>;

const eventSchema = z.object({
  id: z.string().min(1),
  type: z.string().min(1),
  data: z.object({
    object: z.object({
      id: z.string().min(1),
      // An invoice's: its subscription, and what was paid.
      subscription: z.string().min(1).optional(),
      amount_paid: z.number().int().min(0).optional(),
      currency: z.string().optional(),
      billing_reason: z.string().optional(),
    }),
  }),
});
type EventObject = z.infer<typeof eventSchema>['data']['object'];

const OUTCOMES: Record<TestCheckoutSessionRow['status'], CheckoutOutcome> = {
  open: 'open',
  processing: 'processing',
  complete: 'paid',
  failed: 'failed',
  expired: 'expired',
};

/** What the checkout page changes about a session. */
export type SessionChange = Partial<Pick<TestCheckoutSessionRow, 'status' | 'declined'>>;

export class LocalPaymentsProvider implements PaymentsProvider {
  readonly name = 'local' as const;
  readonly testPayments = true;

  constructor(
    private readonly db: OrbitDatabase,
    private readonly webhookKey: Buffer,
    private readonly deliver: WebhookDelivery,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async createCheckout(request: CheckoutRequest): Promise<{ sessionId: string; url: string }> {
    // Named after the caller's key: creating the same checkout again finds the same session.
    const id = `tcs_${createHmac('sha256', this.webhookKey).update(request.idempotencyKey).digest('base64url').slice(0, 32)}`;
    const row = await insertTestSession(this.db, {
      id,
      purchaseId: request.purchaseId,
      userId: request.userId,
      itemName: request.itemName,
      amountMinor: request.amountMinor,
      currency: request.currency,
      successPath: request.successPath,
      cancelPath: request.cancelPath,
      expiresAt: request.expiresAt,
      billingMonths: request.billingMonths,
    });
    return { sessionId: row.id, url: `${TEST_CHECKOUT_PAGE}/${row.id}` };
  }

  async retrieveCheckout(sessionId: string): Promise<CheckoutState> {
    const row = await this.currentSession(sessionId);
    return this.checkoutStateOf(row);
  }

  async expireCheckout(sessionId: string): Promise<CheckoutState> {
    return this.checkoutStateOf(await this.expire(sessionId));
  }

  private async checkoutStateOf(row: TestCheckoutSessionRow): Promise<CheckoutState> {
    return { ...stateOf(row), subscription: row.subscriptionId ? await this.retrieveSubscription(row.subscriptionId) : null };
  }

  /** A subscription cancelled at its period's end has ended once the end has passed, as Stripe ends it then. */
  async retrieveSubscription(subscriptionId: string): Promise<SubscriptionState> {
    const now = this.now();
    const row = await this.db.transaction(async (tx) => {
      const locked = await lockTestSubscription(tx, subscriptionId);
      if (!locked) throw new UnknownSubscriptionError(`unknown test subscription ${subscriptionId}`);
      if (locked.status === 'canceled' || !locked.cancelAtPeriodEnd || locked.currentPeriodEnd > now) return locked;
      return updateTestSubscription(tx, subscriptionId, { status: 'canceled', endedAt: locked.currentPeriodEnd });
    });
    return subscriptionStateOf(row);
  }

  async updateSubscription(subscriptionId: string, change: SubscriptionChange): Promise<SubscriptionState> {
    const values: TestSubscriptionChange = 'price' in change ? { ...change.price } : { cancelAtPeriodEnd: change.cancelAtPeriodEnd };
    const { row } = await this.changeSubscription(subscriptionId, (current) => {
      if (current.status === 'canceled') throw new SubscriptionEndedError(`test subscription ${subscriptionId} has ended`);
      return { values, eventType: 'customer.subscription.updated' };
    });
    return subscriptionStateOf(row);
  }

  async cancelSubscriptionNow(subscriptionId: string): Promise<SubscriptionState> {
    const now = this.now();
    const { row } = await this.changeSubscription(subscriptionId, (current) => endNow(current, now));
    return subscriptionStateOf(row);
  }

  /** No money moved, so none goes back: the refund succeeds at once, named after its key so a retry is the same refund. */
  refund(request: RefundRequest): Promise<RefundState> {
    const refundId = `tre_${createHmac('sha256', this.webhookKey).update(request.idempotencyKey).digest('base64url').slice(0, 24)}`;
    return Promise.resolve({ refundId, purchaseId: request.purchaseId, paymentId: request.paymentId, amountMinor: request.amountMinor, status: 'succeeded' });
  }

  /** A test's dispute, named after its payment's session (tdp_ for tcs_). */
  async retrieveDispute(disputeId: string): Promise<DisputeState> {
    const row = await testSessionById(this.db, `tcs_${disputeId.slice(4)}`);
    const dispute = row ? disputeOf(row) : null;
    if (!dispute) throw new Error(`the local test provider has no dispute ${disputeId}`);
    return dispute;
  }

  /**
   * A test plays the card holder's bank: disputes a paid test payment (open),
   * then closes the dispute as won or lost. Orbit hears of it through the
   * webhook (charge.dispute.created, .closed), as from Stripe; null when the
   * payment is not a paid one of this provider's.
   */
  async dispute(sessionId: string, status: DisputeState['status']): Promise<DisputeState | null> {
    const row = await this.db.transaction(async (tx) => {
      const locked = await lockTestSession(tx, sessionId);
      if (locked?.status !== 'complete') return null;
      return updateTestSession(tx, sessionId, { disputeStatus: status });
    });
    const dispute = row ? disputeOf(row) : null;
    if (dispute) this.announce(status === 'open' ? 'charge.dispute.created' : 'charge.dispute.closed', { id: dispute.disputeId });
    return dispute;
  }

  /** Refunds are made and settled at once here; what they were for is Orbit's to know (it keeps the refund's id with its purchase). */
  retrieveRefund(refundId: string): Promise<RefundState> {
    return Promise.resolve({ refundId, purchaseId: null, paymentId: null, amountMinor: 0, status: 'succeeded' });
  }

  /** Only Orbit refunds here (this provider has no dashboard), and it knows its refunds: none to tell of. */
  refundsOfPayment(): Promise<RefundState[]> {
    return Promise.resolve([]);
  }

  /**
   * A test's renewal at the end of the current period: paid (the period moves
   * on, or a failed one is paid on retry) or failed (the period moves on
   * unpaid: past_due). Ending at the period's end when it was cancelled.
   * Orbit hears of it through the webhook, as from Stripe.
   */
  async renew(subscriptionId: string, outcome: RenewalOutcome): Promise<{ row: TestSubscriptionRow; moved: boolean }> {
    return this.changeSubscription(subscriptionId, (current) => renewalChange(current, outcome));
  }

  /** A test's end of retries: the provider gives up on a past-due subscription (Stripe cancels it). */
  async endSubscription(subscriptionId: string): Promise<{ row: TestSubscriptionRow; moved: boolean }> {
    const now = this.now();
    return this.changeSubscription(subscriptionId, (current) => endNow(current, now));
  }

  /** Changes a subscription under its row lock as `decide` says (null: it cannot), then sends the event after the commit. */
  private async changeSubscription(
    subscriptionId: string,
    decide: (current: TestSubscriptionRow) => { values: TestSubscriptionChange; eventType: string; invoice?: EventObject } | null,
  ): Promise<{ row: TestSubscriptionRow; moved: boolean }> {
    const result = await this.db.transaction(async (tx) => {
      const locked = await lockTestSubscription(tx, subscriptionId);
      if (!locked) throw new UnknownSubscriptionError(`unknown test subscription ${subscriptionId}`);
      const decision = decide(locked);
      if (!decision) return { row: locked, moved: false, decision };
      return { row: await updateTestSubscription(tx, subscriptionId, decision.values), moved: true, decision };
    });
    if (result.decision) this.announce(result.decision.eventType, result.decision.invoice ?? { id: result.row.id });
    return { row: result.row, moved: result.moved };
  }

  private expire(sessionId: string): Promise<TestCheckoutSessionRow> {
    return this.db.transaction(async (tx) => {
      const locked = await lockTestSession(tx, sessionId);
      if (!locked) throw new UnknownCheckoutError(`unknown test checkout session ${sessionId}`);
      return locked.status === 'open' ? updateTestSession(tx, sessionId, { status: 'expired' }) : locked;
    });
  }

  parseWebhook(rawBody: Buffer, headers: Readonly<Record<string, string | string[] | undefined>>): PaymentEvent {
    const signature = headers[TEST_SIGNATURE_HEADER];
    verifyTestWebhook(this.webhookKey, rawBody, Array.isArray(signature) ? signature[0] : signature, this.now());
    let parsed: z.infer<typeof eventSchema>;
    try {
      parsed = eventSchema.parse(JSON.parse(rawBody.toString('utf8')));
    } catch {
      // Signed by this server yet unreadable: never applied.
      throw new WebhookSignatureError('Unreadable event');
    }
    const object = parsed.data.object;
    if (parsed.type.startsWith('checkout.session.')) return { id: parsed.id, kind: 'checkout', providerType: parsed.type, sessionId: object.id };
    if (parsed.type.startsWith('charge.dispute.')) return { id: parsed.id, kind: 'dispute', providerType: parsed.type, disputeId: object.id };
    if (parsed.type.startsWith('customer.subscription.')) return { id: parsed.id, kind: 'subscription', providerType: parsed.type, subscriptionId: object.id, renewal: null };
    if (parsed.type.startsWith('invoice.') && object.subscription) {
      const renewal =
        parsed.type === 'invoice.paid' && object.billing_reason === 'subscription_cycle'
          ? { invoiceId: object.id, amountMinor: object.amount_paid ?? 0, currency: (object.currency ?? '').toUpperCase() }
          : null;
      return { id: parsed.id, kind: 'subscription', providerType: parsed.type, subscriptionId: object.subscription, renewal };
    }
    return { id: parsed.id, kind: 'ignored', providerType: parsed.type };
  }

  /** The session as the page shows it: an open one past its time has expired. */
  async currentSession(sessionId: string): Promise<TestCheckoutSessionRow> {
    const row = await testSessionById(this.db, sessionId);
    if (!row) throw new UnknownCheckoutError(`unknown test checkout session ${sessionId}`);
    return row.status === 'open' && row.expiresAt <= this.now() ? this.expire(sessionId) : row;
  }

  /**
   * Changes a session from `from` to `to` (or refuses with the status it has),
   * then tells Orbit with a signed `eventType` webhook, after the change has
   * committed and after the page's answer, as a real provider would.
   */
  async move(sessionId: string, from: TestCheckoutSessionRow['status'], change: SessionChange, eventType: string | null): Promise<{ row: TestCheckoutSessionRow; moved: boolean }> {
    const now = this.now();
    const result = await this.db.transaction(async (tx) => {
      const locked = await lockTestSession(tx, sessionId);
      if (!locked) throw new UnknownCheckoutError(`unknown test checkout session ${sessionId}`);
      if (locked.status === 'open' && locked.expiresAt <= now) return { row: await updateTestSession(tx, sessionId, { status: 'expired' }), moved: false };
      if (locked.status !== from) return { row: locked, moved: false };
      const row = await updateTestSession(tx, sessionId, change);
      // A subscription's checkout, once paid, starts the subscription (Stripe's mode `subscription`).
      if (row.status !== 'complete' || row.billingMonths === null || row.subscriptionId !== null) return { row, moved: true };
      const subscription = await insertTestSubscription(tx, {
        id: `tsub_${row.id.slice(4)}`,
        userId: row.userId,
        itemName: row.itemName,
        amountMinor: row.amountMinor,
        currency: row.currency,
        billingMonths: row.billingMonths,
        currentPeriodStart: now,
        currentPeriodEnd: addMonths(now, row.billingMonths),
      });
      return { row: await updateTestSession(tx, sessionId, { subscriptionId: subscription.id }), moved: true };
    });
    if (result.moved && eventType) this.announce(eventType, { id: result.row.id });
    return result;
  }

  private announce(type: string, object: EventObject): void {
    const body = Buffer.from(
      JSON.stringify({
        id: `evt_${randomBytes(12).toString('base64url')}`,
        object: 'event',
        type,
        created: Math.floor(this.now().getTime() / 1000),
        data: { object },
      }),
    );
    const signature = signTestWebhook(this.webhookKey, body, this.now());
    // Like Stripe's delivery, after the answer; a lost one is made up by the return page asking retrieveCheckout.
    setImmediate(() => void this.deliver(body, signature).catch(() => {}));
  }
}

/** Ending a subscription now (a withdrawal, or retries given up), as Stripe's cancel; null when it has ended already. */
function endNow(current: TestSubscriptionRow, now: Date) {
  return current.status === 'canceled' ? null : { values: { status: 'canceled' as const, endedAt: now }, eventType: 'customer.subscription.deleted' };
}

function stateOf(row: TestCheckoutSessionRow): Omit<CheckoutState, 'subscription'> {
  return {
    sessionId: row.id,
    purchaseId: row.purchaseId,
    outcome: OUTCOMES[row.status],
    amountMinor: row.amountMinor,
    currency: row.currency,
    paymentId: row.status === 'complete' ? `tpi_${row.id.slice(4)}` : null,
  };
}

/** The session's payment's dispute, when a test opened one. */
function disputeOf(row: TestCheckoutSessionRow): DisputeState | null {
  if (row.disputeStatus === null) return null;
  return { disputeId: `tdp_${row.id.slice(4)}`, paymentId: `tpi_${row.id.slice(4)}`, status: row.disputeStatus };
}
