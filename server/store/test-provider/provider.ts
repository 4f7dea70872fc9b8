import { createHmac, randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { TestCheckoutSessionRow } from '../../db/schema';
import type { OrbitDatabase } from '../../db/types';
import { UnknownCheckoutError, WebhookSignatureError, type CheckoutOutcome, type CheckoutRequest, type CheckoutState, type PaymentEvent, type PaymentsProvider } from '../payments-provider';
import { insertTestSession, lockTestSession, testSessionById, updateTestSession } from '../queries/test-checkout-sessions';
import { signTestWebhook, TEST_SIGNATURE_HEADER, verifyTestWebhook } from './signature';

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
  data: z.object({ object: z.object({ id: z.string().min(1) }) }),
});

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
    });
    return { sessionId: row.id, url: `${TEST_CHECKOUT_PAGE}/${row.id}` };
  }

  async retrieveCheckout(sessionId: string): Promise<CheckoutState> {
    const row = await this.currentSession(sessionId);
    return stateOf(row);
  }

  async expireCheckout(sessionId: string): Promise<CheckoutState> {
    return stateOf(await this.expire(sessionId));
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
    if (parsed.type.startsWith('checkout.session.')) return { id: parsed.id, kind: 'checkout', providerType: parsed.type, sessionId: parsed.data.object.id };
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
      return { row: await updateTestSession(tx, sessionId, change), moved: true };
    });
    if (result.moved && eventType) this.announce(eventType, result.row);
    return result;
  }

  private announce(type: string, row: TestCheckoutSessionRow): void {
    const body = Buffer.from(
      JSON.stringify({
        id: `evt_${randomBytes(12).toString('base64url')}`,
        object: 'event',
        type,
        created: Math.floor(this.now().getTime() / 1000),
        data: { object: { id: row.id, object: 'checkout.session', client_reference_id: row.purchaseId } },
      }),
    );
    const signature = signTestWebhook(this.webhookKey, body, this.now());
    // Like Stripe's delivery, after the answer; a lost one is made up by the return page asking retrieveCheckout.
    setImmediate(() => void this.deliver(body, signature).catch(() => {}));
  }
}

function stateOf(row: TestCheckoutSessionRow): CheckoutState {
  return {
    sessionId: row.id,
    purchaseId: row.purchaseId,
    outcome: OUTCOMES[row.status],
    amountMinor: row.amountMinor,
    currency: row.currency,
    paymentId: row.status === 'complete' ? `tpi_${row.id.slice(4)}` : null,
  };
}
