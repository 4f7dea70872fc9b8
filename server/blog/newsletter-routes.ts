import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { NEWSLETTER_SUBSCRIBED_MESSAGE, newsletterBodySchema, newsletterResponseSchema } from '../../contract/blog/newsletter';
import { addNewsletterSubscriber } from './queries';
import { errorResponses } from '../lib/error-responses';

/** Enough for a family sharing one connection, too few to fill the table with junk. */
const SUBSCRIBE_RATE_LIMIT = { max: 10, timeWindow: 60_000 };

/**
 * The blog's 'Stay Updated' box (SPEC's button did nothing; a real product
 * keeps the address). Each address is stored once, lowercased.
 */
const newsletterRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.post(
    '/newsletter',
    {
      config: { rateLimit: SUBSCRIBE_RATE_LIMIT },
      schema: {
        tags: ['newsletter'],
        summary: 'Subscribe an email address to the blog newsletter',
        description: 'A repeat subscription answers exactly like the first, so the answer never tells whether an address was already on the list.',
        body: newsletterBodySchema,
        response: { 200: newsletterResponseSchema, ...errorResponses(400, 413, 429) },
      },
    },
    async (request) => {
      await addNewsletterSubscriber(app.db, request.body.email);
      return { success: true as const, message: NEWSLETTER_SUBSCRIBED_MESSAGE };
    },
  );
  done();
};

export default newsletterRoutes;
