import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { StartCheckoutResponse } from '../../../contract/store/purchases';
import type { OrbitApp } from '../../../server/app';
import { bearer, type RegisteredUser } from './accounts';
import { signStripeWebhook, type FakeStripe } from './fake-stripe';

/** Posts an event to Orbit's webhook as Stripe does, signed with the endpoint's secret. */
export function deliverStripeEvent(app: OrbitApp, payload: string) {
  return app.inject({ method: 'POST', url: '/api/store/webhooks/stripe', headers: { 'content-type': 'application/json', 'stripe-signature': signStripeWebhook(payload) }, payload });
}

/** A coin pack paid through (the fake) Stripe Checkout and granted by its webhook: the purchase id and the payment intent. */
export async function packBoughtThroughStripe(app: OrbitApp, stripe: FakeStripe, member: RegisteredUser, packId: string): Promise<{ purchaseId: string; paymentIntent: string }> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/store/checkout',
    headers: bearer(member.token),
    payload: { item: { kind: 'coinPack', id: packId }, attemptId: randomUUID(), waiveWithdrawal: true },
  });
  expect(response.statusCode, response.body).toBe(200);
  const { purchase, checkoutUrl } = response.json<StartCheckoutResponse>();
  const sessionId = /(cs_test_\w+)$/.exec(checkoutUrl)?.[1] ?? '';
  stripe.pay(sessionId);
  expect((await deliverStripeEvent(app, stripe.event('checkout.session.completed', sessionId))).statusCode).toBe(200);
  return { purchaseId: purchase._id, paymentIntent: stripe.session(sessionId).payment_intent ?? '' };
}
