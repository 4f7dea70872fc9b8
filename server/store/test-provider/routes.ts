import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  TEST_CARD_DECLINED_MESSAGE,
  testCheckoutActionBodySchema,
  testCheckoutParamsSchema,
  testCheckoutResponseSchema,
  testCheckoutSettleBodySchema,
  testRenewalBodySchema,
  testSubscriptionParamsSchema,
  testSubscriptionResponseSchema,
  testDisputeBodySchema,
  testDisputeResponseSchema,
  testPaymentParamsSchema,
  type TestCheckoutSession,
} from '../../../contract/store/test-checkout';
import type { TestCheckoutSessionRow, TestSubscriptionRow } from '../../db/schema';
import { testSubscriptionById } from '../queries/test-checkout-sessions';
import { bearerSecurity, errorResponses } from '../../lib/error-responses';
import { signedInUser } from '../../plugins/auth';
import { HttpError } from '../../plugins/errors';
import { UnknownCheckoutError } from '../payments-provider';
import type { LocalPaymentsProvider, SessionChange } from './provider';

// The local provider's checkout page, as Stripe's hosted page would be: only
// the member who started the checkout can see or pay it. Mounted only when
// PAYMENTS_PROVIDER=local.

const tags = ['test payments'];
const NOT_FOUND = 'Checkout not found';
const PAYMENT_NOT_FOUND = 'Payment not found';

function toSession(row: TestCheckoutSessionRow): TestCheckoutSession {
  return {
    id: row.id,
    itemName: row.itemName,
    amount: { amountMinor: row.amountMinor, currency: row.currency },
    status: row.status,
    declined: row.declined,
    expiresAt: row.expiresAt.toISOString(),
    billingMonths: row.billingMonths,
    successPath: row.successPath,
    cancelPath: row.cancelPath,
  };
}

function toTestSubscription(row: TestSubscriptionRow) {
  return {
    id: row.id,
    status: row.status,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    currentPeriodStart: row.currentPeriodStart.toISOString(),
    currentPeriodEnd: row.currentPeriodEnd.toISOString(),
  };
}

const SUBSCRIPTION_NOT_FOUND = 'Subscription not found';
const SUBSCRIPTION_ENDED = 'This subscription has ended';

const ENDED: Record<TestCheckoutSessionRow['status'], string> = {
  open: 'This checkout is open',
  processing: 'This checkout is waiting for the bank',
  complete: 'This checkout is already paid',
  failed: 'This checkout\'s payment failed',
  expired: 'This checkout has expired',
};

const testCheckoutRoutes: FastifyPluginCallbackZod<{ provider: LocalPaymentsProvider }> = (app, { provider }, done) => {
  async function ownSession(userId: string, sessionId: string): Promise<TestCheckoutSessionRow> {
    const row = await provider.currentSession(sessionId).catch((error: unknown) => {
      if (error instanceof UnknownCheckoutError) return undefined;
      throw error;
    });
    if (!row || row.userId !== userId) throw new HttpError(404, NOT_FOUND);
    return row;
  }

  /** Moves the member's own session, or says why it cannot move. */
  async function move(userId: string, sessionId: string, from: TestCheckoutSessionRow['status'], change: SessionChange, eventType: string | null) {
    await ownSession(userId, sessionId);
    const { row, moved } = await provider.move(sessionId, from, change, eventType);
    if (!moved) throw new HttpError(409, ENDED[row.status]);
    return { success: true as const, session: toSession(row) };
  }

  app.get(
    '/store/test-checkout/:sessionId',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'A test checkout session (no money moves)',
        security: bearerSecurity,
        params: testCheckoutParamsSchema,
        response: { 200: testCheckoutResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ success: true as const, session: toSession(await ownSession(signedInUser(request).id, request.params.sessionId)) }),
  );

  app.post(
    '/store/test-checkout/:sessionId/actions',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Pay, pay later (a bank transfer) or have the card declined, on a test checkout',
        description: `pay and payLater complete the checkout and send the provider's signed webhook; decline leaves it open ("${TEST_CARD_DECLINED_MESSAGE}").`,
        security: bearerSecurity,
        params: testCheckoutParamsSchema,
        body: testCheckoutActionBodySchema,
        response: { 200: testCheckoutResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const userId = signedInUser(request).id;
      const { sessionId } = request.params;
      switch (request.body.action) {
        case 'pay':
          return move(userId, sessionId, 'open', { status: 'complete', declined: false }, 'checkout.session.completed');
        case 'payLater':
          return move(userId, sessionId, 'open', { status: 'processing', declined: false }, 'checkout.session.completed');
        case 'decline':
          return move(userId, sessionId, 'open', { declined: true }, null);
      }
    },
  );

  app.post(
    '/store/test-checkout/:sessionId/settle',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'The bank\'s later answer to a test bank transfer',
        security: bearerSecurity,
        params: testCheckoutParamsSchema,
        body: testCheckoutSettleBodySchema,
        response: { 200: testCheckoutResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const userId = signedInUser(request).id;
      const { sessionId } = request.params;
      return request.body.outcome === 'succeed'
        ? move(userId, sessionId, 'processing', { status: 'complete' }, 'checkout.session.async_payment_succeeded')
        : move(userId, sessionId, 'processing', { status: 'failed' }, 'checkout.session.async_payment_failed');
    },
  );

  /** Plays the provider's part in the member's own subscription, or says it has ended. */
  async function changeOwnSubscription(userId: string, subscriptionId: string, change: () => Promise<{ row: TestSubscriptionRow; moved: boolean }>) {
    const row = await testSubscriptionById(app.db, subscriptionId);
    if (!row || row.userId !== userId) throw new HttpError(404, SUBSCRIPTION_NOT_FOUND);
    const { row: changed, moved } = await change();
    if (!moved) throw new HttpError(409, SUBSCRIPTION_ENDED);
    return { success: true as const, subscription: toTestSubscription(changed) };
  }

  app.post(
    '/store/test-payments/:paymentId/dispute',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Dispute a paid test payment as the card holder\'s bank would, then close the dispute as won or lost (no money moves)',
        description: 'Orbit hears of it through the signed webhook (charge.dispute.created, charge.dispute.closed), as from Stripe.',
        security: bearerSecurity,
        params: testPaymentParamsSchema,
        body: testDisputeBodySchema,
        response: { 200: testDisputeResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const sessionId = `tcs_${request.params.paymentId.slice(4)}`;
      const session = await ownSession(signedInUser(request).id, sessionId).catch((error: unknown) => {
        if (error instanceof HttpError && error.statusCode === 404) throw new HttpError(404, PAYMENT_NOT_FOUND);
        throw error;
      });
      if (session.status !== 'complete') throw new HttpError(409, 'Only a paid test payment can be disputed');
      const dispute = await provider.dispute(sessionId, request.body.status);
      if (!dispute) throw new HttpError(409, 'Only a paid test payment can be disputed');
      return { success: true as const, dispute: { id: dispute.disputeId, paymentId: dispute.paymentId, status: dispute.status } };
    },
  );

  app.post(
    '/store/test-subscriptions/:subscriptionId/renewal',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Renew a test subscription now, paid or failed (no money moves)',
        description: 'As the provider would at the period\'s end: paid moves the period on (or pays a failed renewal); failed moves it on unpaid (past_due). One cancelled at the period\'s end ends instead.',
        security: bearerSecurity,
        params: testSubscriptionParamsSchema,
        body: testRenewalBodySchema,
        response: { 200: testSubscriptionResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      changeOwnSubscription(signedInUser(request).id, request.params.subscriptionId, () => provider.renew(request.params.subscriptionId, request.body.outcome)),
  );

  app.post(
    '/store/test-subscriptions/:subscriptionId/end',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'End a test subscription now, as the provider does when it gives up retrying a failed renewal',
        security: bearerSecurity,
        params: testSubscriptionParamsSchema,
        response: { 200: testSubscriptionResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => changeOwnSubscription(signedInUser(request).id, request.params.subscriptionId, () => provider.endSubscription(request.params.subscriptionId)),
  );
  done();
};

export default testCheckoutRoutes;
