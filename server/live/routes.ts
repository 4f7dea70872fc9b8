import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  endStreamResponseSchema,
  goLiveBodySchema,
  goLiveResponseSchema,
  LIVE_CHAT_HISTORY,
  LIVE_HOST_GRACE_MS,
  LIVE_START_MAX,
  liveChatResponseSchema,
  liveNowResponseSchema,
  liveStreamParamsSchema,
  liveStreamResponseSchema,
  republishBodySchema,
  republishResponseSchema,
} from '../../contract/live';
import { signedInSessionId, signedInUser } from '../plugins/auth';
import { bearerSecurity, errorResponses } from '../lib/error-responses';
import { liveNews } from '../notifications/news';

const tags = ['live'];

/** HTTP side of live streams; watching, the count and the chat go over the realtime channel (server/live/signalling.ts). */
const liveRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/live/streams',
    {
      schema: {
        tags,
        summary: 'Who is live now, most watched first (visitors too)',
        description: '`viewers` counts the distinct signed-in members watching now; the host is never counted.',
        response: { 200: liveNowResponseSchema, ...errorResponses() },
      },
    },
    async (request, reply) => {
      // The count changes by the second: nothing may keep this answer.
      void reply.header('cache-control', 'no-store');
      return { streams: await app.live.liveNow() };
    },
  );

  app.get(
    '/live/streams/:streamId',
    {
      schema: {
        tags,
        summary: 'One stream, live or ended (visitors too)',
        params: liveStreamParamsSchema,
        response: { 200: liveStreamResponseSchema, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return { stream: await app.live.stream(request.params.streamId) };
    },
  );

  app.get(
    '/live/streams/:streamId/chat',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: "A stream's recent chat, and whether the caller is muted there",
        description: `The last ${LIVE_CHAT_HISTORY} messages the host did not remove, oldest first. 404 for an unknown stream and for one whose host and the caller blocked each other.`,
        security: bearerSecurity,
        params: liveStreamParamsSchema,
        response: { 200: liveChatResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const member = signedInUser(request);
      const stream = await app.live.visibleStream(member, request.params.streamId);
      return app.live.chat.history(member, stream);
    },
  );

  app.post(
    '/live/streams',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: "Go live: the host's complete offer in, the forwarder's complete answer out",
        description:
          'Stores the stream and publishes the offer to the media forwarder. One live stream per member: 409 while another is live ' +
          `(a stream of the same session that no tab hosts any more, after a reload within ${LIVE_HOST_GRACE_MS / 1000} s, is ended and replaced). ` +
          `400 for a blank or long title or a description that is not one; 429 after ${LIVE_START_MAX} starts in an hour; ` +
          '503 when the media forwarder cannot take the stream. Then send `live:host` from the realtime socket.',
        security: bearerSecurity,
        body: goLiveBodySchema,
        response: { 201: goLiveResponseSchema, ...errorResponses(400, 401, 403, 409, 413, 429) },
      },
    },
    async (request, reply) => {
      const host = signedInUser(request);
      const started = await app.live.goLive(host, signedInSessionId(request), request.body, app.addressFingerprint(request.ip));
      const hostView = { id: host.id, name: host.name || host.username };
      app.push?.sender.notifyMatchesOf(host.id, (recipientId) => liveNews(hostView, started.stream, recipientId));
      return reply.code(201).send(started);
    },
  );

  app.post(
    '/live/streams/:streamId/publish',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: "Publish again after the host's media connection failed",
        description:
          'The new source replaces the old one and the audience is told `live:republished` (they watch again). ' +
          '403 for anyone but the host, 404 for an unknown stream, 410 once it ended.',
        security: bearerSecurity,
        params: liveStreamParamsSchema,
        body: republishBodySchema,
        response: { 200: republishResponseSchema, ...errorResponses(400, 401, 403, 404, 410, 413) },
      },
    },
    async (request) => app.live.republish(signedInUser(request), request.params.streamId, request.body.offer),
  );

  app.post(
    '/live/streams/:streamId/end',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'The host ends the stream',
        description: 'Everyone watching hears `live:ended`. Ending an ended stream answers it as it is. 403 for anyone but the host.',
        security: bearerSecurity,
        params: liveStreamParamsSchema,
        response: { 200: endStreamResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ stream: await app.live.endByHost(signedInUser(request), request.params.streamId) }),
  );
  done();
};

export default liveRoutes;
