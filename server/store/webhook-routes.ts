import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../lib/error-responses';
import { HttpError } from '../plugins/errors';
import { applyPaymentEvent } from './fulfil';
import { PaymentProviderUnavailableError, WebhookSignatureError } from './payments-provider';
import { recordPaymentEvent } from './queries/purchases';

const webhookResponseSchema = z.object({ received: z.literal(true) });

/**
 * The payment provider's webhooks. The signature covers the exact bytes sent,
 * so this route (and only this one) keeps JSON bodies as raw bytes; nothing
 * in a request is trusted until the provider's signature over them holds.
 */
const webhookRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, parsed) => parsed(null, body));

  app.post(
    `/store/webhooks/${app.payments.name}`,
    {
      schema: {
        tags: ['store'],
        summary: 'Payment provider events (signed by the provider)',
        description: 'Register this URL with the provider. A request whose signature does not hold is 400; an event applied before is answered 200 and changes nothing.',
        response: { 200: webhookResponseSchema, ...errorResponses(400) },
      },
    },
    async (request) => {
      if (!Buffer.isBuffer(request.body)) throw new HttpError(400, 'Expected a JSON event');
      let event;
      try {
        event = app.payments.parseWebhook(request.body, request.headers);
      } catch (error) {
        if (error instanceof WebhookSignatureError) throw new HttpError(400, `Webhook refused: ${error.message}`);
        throw error;
      }
      try {
        await applyPaymentEvent(app, event, (tx) => recordPaymentEvent(tx, `${app.payments.name}:${event.id}`, event.providerType));
      } catch (error) {
        // The session could not be read back from the provider: nothing was applied, and the provider delivers the event again later.
        if (error instanceof PaymentProviderUnavailableError) throw new HttpError(503, 'The payment provider could not be reached; deliver this event again later');
        throw error;
      }
      return { received: true as const };
    },
  );
  done();
};

export default webhookRoutes;
