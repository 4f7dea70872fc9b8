import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { DEVICE_SIGNED_OUT, signedInDeviceParamsSchema, signedInDevicesResponseSchema } from '../../contract/auth/sessions';
import { sessionChangeResponseSchema } from '../../contract/auth/sign-in';
import { endSessionByHandle, listSignedInDevices } from './signed-in-devices';
import { settlePresence } from './presence';
import { signedInSessionId, signedInUser } from '../plugins/auth';
import { bearerSecurity, errorResponses } from '../lib/error-responses';

/** "Where you're signed in": the account's live sessions, and ending one of them. */
const sessionsRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/auth/sessions',
    {
      preHandler: app.requireAuth,
      schema: {
        tags: ['auth'],
        summary: 'Where the signed-in account is signed in now (user or admin)',
        description:
          'Every live session: browser, system and kind of device as read from the User-Agent at sign-in, when it started, when it was last used ' +
          '(to within five minutes) and when it runs out. The calling session comes first with `current: true`, then the most recently used; ' +
          'at most 50 are listed, `total` counts them all.',
        security: bearerSecurity,
        response: { 200: signedInDevicesResponseSchema, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      // Who is signed in where is nobody's to keep: not a shared cache, not the browser's disk.
      void reply.header('cache-control', 'no-store');
      return { success: true as const, ...(await listSignedInDevices(app.db, signedInUser(request).id, signedInSessionId(request), new Date())) };
    },
  );

  // No password asked, like "sign out of other devices": ending a session harms no one.
  app.delete(
    '/auth/sessions/:id',
    {
      preHandler: app.requireAuth,
      schema: {
        tags: ['auth'],
        summary: 'End one session of the signed-in account (user or admin)',
        description:
          'The token of that session stops working at once. An unknown id, another account\'s, and a session already ended or expired ' +
          'all answer 404 "That session has already ended". Ending the calling session is a logout.',
        security: bearerSecurity,
        params: signedInDeviceParamsSchema,
        response: { 200: sessionChangeResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const now = new Date();
      const memberId = signedInUser(request).id;
      await endSessionByHandle(app.db, memberId, request.params.id, now);
      // Ending the session in use is a logout: offline unless another device is in use.
      await settlePresence(app.db, now, memberId);
      await app.live.endSignedOutStreams(memberId);
      app.realtime.recheckMember(memberId);
      return { success: true as const, message: DEVICE_SIGNED_OUT };
    },
  );
  done();
};

export default sessionsRoutes;
