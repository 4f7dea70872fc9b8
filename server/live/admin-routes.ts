import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { adminStreamsQuerySchema, adminStreamsResponseSchema, endStreamResponseSchema, liveStreamParamsSchema } from '../../contract/live';
import { signedInUser } from '../plugins/auth';
import { bearerSecurity, errorResponses } from '../lib/error-responses';
import { ADMIN_STREAMS_PAGE_SIZE } from './service';

const tags = ['admin'];

/** Operators' view of live streams; mounted with the other admin routes, behind their admin check. */
const adminLiveRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/admin/streams',
    {
      schema: {
        tags,
        summary: 'Live streams, or all streams, newest first',
        description: `state live (default) or all (live ones first); ${ADMIN_STREAMS_PAGE_SIZE} a page. totalViewers counts everyone who ever watched.`,
        security: bearerSecurity,
        querystring: adminStreamsQuerySchema,
        response: { 200: adminStreamsResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => app.live.adminStreams(request.query.state, request.query.page),
  );

  app.post(
    '/admin/streams/:streamId/end',
    {
      schema: {
        tags,
        summary: 'End a live stream',
        description: 'The host and everyone watching hear `live:ended` with reason admin. Recorded in the audit log. 409 when it has ended already.',
        security: bearerSecurity,
        params: liveStreamParamsSchema,
        response: { 200: endStreamResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({ stream: await app.live.endByAdmin(signedInUser(request).id, request.params.streamId) }),
  );
  done();
};

export default adminLiveRoutes;
