import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  cancelCheckoutResponseSchema,
  CHECKOUT_EXPIRY_MINUTES,
  paymentsModeResponseSchema,
  PURCHASE_HISTORY_PAGE_SIZE,
  purchaseHistoryQuerySchema,
  purchaseHistoryResponseSchema,
  purchaseIdParamsSchema,
  purchaseResponseSchema,
  refundPurchaseResponseSchema,
  startCheckoutBodySchema,
  startCheckoutResponseSchema,
} from '../../contract/store/purchases';
import { signedInUser } from '../plugins/auth';
import { bearerSecurity, errorResponses } from '../lib/error-responses';
import { cancelCheckout, confirmPurchase, purchaseHistory, startCheckout } from './checkout';
import { refundCoinPurchase } from './coin-refund';

const tags = ['store'];

/** A member buying coins: checkout, its confirmation and cancellation, and their purchases. */
const purchaseRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/store/payments',
    {
      schema: {
        tags,
        summary: 'Who takes payments here, and whether any money moves',
        response: { 200: paymentsModeResponseSchema, ...errorResponses() },
      },
    },
    () => Promise.resolve({ success: true as const, provider: app.payments.name, testPayments: app.payments.testPayments }),
  );

  app.post(
    '/store/checkout',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Start the checkout of a coin pack',
        description:
          'Stores a pending purchase at the pack\'s current price and opens a checkout for it at the payment provider; the browser goes to checkoutUrl. ' +
          'attemptId is made once per Buy Now: sent again (a double click, a retry) it answers the same checkout. ' +
          `Nothing is granted here: only the provider's confirmation does that. The checkout expires after ${CHECKOUT_EXPIRY_MINUTES} minutes.`,
        security: bearerSecurity,
        body: startCheckoutBodySchema,
        response: { 200: startCheckoutResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({ success: true as const, ...(await startCheckout(app, signedInUser(request), request.body)) }),
  );

  app.post(
    '/store/purchases/:id/confirm',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Ask the payment provider how this purchase\'s checkout ended, and grant it if paid',
        description: 'Called by the page the provider returns the member to; granting is idempotent, so it and the provider\'s webhook credit once.',
        security: bearerSecurity,
        params: purchaseIdParamsSchema,
        response: { 200: purchaseResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ success: true as const, purchase: await confirmPurchase(app, signedInUser(request).id, request.params.id) }),
  );

  app.post(
    '/store/purchases/:id/cancel',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'The member left checkout without paying: close it so nothing can be paid through it',
        description: 'Changes nothing that was paid: a purchase paid in the meantime is 409 and stays granted.',
        security: bearerSecurity,
        params: purchaseIdParamsSchema,
        response: { 200: cancelCheckoutResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({ success: true as const, ...(await cancelCheckout(app, signedInUser(request).id, request.params.id)) }),
  );

  app.post(
    '/store/purchases/:id/refund',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Refund a coin pack whose coins are all unspent, within 14 days of paying',
        description:
          'The coins leave the balance at once; the payment provider is then asked to give the money back (keyed on the purchase, so a retry is one refund). ' +
          'A refund the provider refuses puts the coins back (502); one it cannot be asked for puts them back too (503: try again).',
        security: bearerSecurity,
        params: purchaseIdParamsSchema,
        response: { 200: refundPurchaseResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 502, 503) },
      },
    },
    async (request) => ({ success: true as const, ...(await refundCoinPurchase(app, signedInUser(request), request.params.id)) }),
  );

  app.get(
    '/store/purchases',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'The signed-in member\'s purchases, newest first',
        description: `${PURCHASE_HISTORY_PAGE_SIZE} a page, each with its receipt.`,
        security: bearerSecurity,
        querystring: purchaseHistoryQuerySchema,
        response: { 200: purchaseHistoryResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ success: true as const, ...(await purchaseHistory(app, signedInUser(request).id, request.query.page, PURCHASE_HISTORY_PAGE_SIZE)) }),
  );
  done();
};

export default purchaseRoutes;
