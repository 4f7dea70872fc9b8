import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { callPeerResponseSchema, iceServersResponseSchema } from '../../contract/calls';
import { conversationParamsSchema } from '../../contract/messaging';
import { signedInUser } from '../plugins/auth';
import { bearerSecurity, errorResponses } from '../lib/error-responses';

const tags = ['calls'];

/** HTTP side of video calls; the calls themselves go over the realtime channel (server/calls/signalling.ts). */
const callRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/calls/peers/:userId',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Whether the caller may call this person, and how',
        description:
          '`match`: a real call; `demo`: a seeded demo person (not in production), whose call the browser simulates; ' +
          '`not-matched`: calls open once the two match. 400 for oneself; 404 for an unknown, banned or admin account, ' +
          'and for someone either of the two blocked.',
        security: bearerSecurity,
        params: conversationParamsSchema,
        response: { 200: callPeerResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => app.calls.peerFor(signedInUser(request), request.params.userId),
  );

  app.get(
    '/calls/ice-servers',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: "The ICE servers for the caller's calls",
        description:
          'STUN and TURN servers as RTCPeerConnection takes them; TURN ones carry credentials derived from the shared secret ' +
          '(username `<expiry>:<user id>`), valid until `expiresAt`. Empty without configuration: host candidates only.',
        security: bearerSecurity,
        response: { 200: iceServersResponseSchema, ...errorResponses(401, 403) },
      },
    },
    (request) => app.calls.iceServers(signedInUser(request).id),
  );
  done();
};

export default callRoutes;
