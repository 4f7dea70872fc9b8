import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { RECENT_GIFTS, giftOffersResponseSchema, streamGiftsResponseSchema } from '../../contract/gifts';
import { liveStreamParamsSchema } from '../../contract/live';
import { signedInUser } from '../plugins/auth';
import { bearerSecurity, errorResponses } from '../lib/error-responses';

const tags = ['gifts'];

/** HTTP side of gifts; sending one is the `live:gift` command on the realtime channel (server/gifts/plugin.ts). */
const giftRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/gifts',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'The gifts members can send, in display order',
        description: "Each with its price in coins and what those coins cost in money (at the smallest pack's price per coin; null while no pack is on sale).",
        security: bearerSecurity,
        response: { 200: giftOffersResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async () => ({ success: true as const, gifts: await app.gifts.offers() }),
  );

  app.get(
    '/live/streams/:streamId/gifts',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: "A stream's gift totals and its recent gifts",
        description: `The coins and gifts so far, the biggest gifters, and the last ${RECENT_GIFTS} gifts, oldest first. 404 for an unknown stream and for one whose host and the caller blocked each other.`,
        security: bearerSecurity,
        params: liveStreamParamsSchema,
        response: { 200: streamGiftsResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      // Totals change with every gift: nothing may keep this answer.
      void reply.header('cache-control', 'no-store');
      const stream = await app.live.visibleStream(signedInUser(request), request.params.streamId);
      return { success: true as const, ...(await app.gifts.ofStream(stream)) };
    },
  );
  done();
};

export default giftRoutes;
