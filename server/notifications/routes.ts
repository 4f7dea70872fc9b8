import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  emailUnsubscribedResponseSchema,
  emailUnsubscribeQuerySchema,
  notificationSettingsResponseSchema,
  PUSH_ENDPOINT_NOT_HTTPS_MESSAGE,
  PUSH_NOT_SET_UP_MESSAGE,
  pushDoneResponseSchema,
  pushKeyResponseSchema,
  pushSubscriptionBodySchema,
  pushUnsubscribeBodySchema,
  UNSUBSCRIBE_LINK_INVALID_MESSAGE,
  UNSUBSCRIBED_MESSAGE,
  updateNotificationSettingsBodySchema,
} from '../../contract/notifications';
import { bearerSecurity, errorResponses } from '../lib/error-responses';
import { signedInSessionId, signedInUser } from '../plugins/auth';
import { HttpError } from '../plugins/errors';
import { stopNewsEmails } from './queries/news-email';
import { deleteOwnSubscription, readNotificationSettings, saveNotificationSettings, saveSubscription } from './queries/push';

const tags = ['notifications'];

/** A member's push subscriptions (one per browser they allowed) and their notification switches. */
const notificationRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const pushKey = (): Promise<string> => (app.push ? Promise.resolve(app.push.publicKey) : Promise.reject(new HttpError(503, PUSH_NOT_SET_UP_MESSAGE)));

  app.get(
    '/notifications/push-key',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: "The server's VAPID public key",
        description: "For PushManager.subscribe's applicationServerKey. 503 on a server without push set up.",
        security: bearerSecurity,
        response: { 200: pushKeyResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async () => ({ success: true as const, publicKey: await pushKey() }),
  );

  app.put(
    '/notifications/push-subscription',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: "Keep this browser's push subscription",
        description:
          'PushSubscription.toJSON() of the browser, kept for as long as this session: signing out stops its pushes. ' +
          'Saving it again updates its keys; a browser another member used is taken over.',
        security: bearerSecurity,
        body: pushSubscriptionBodySchema,
        response: { 200: pushDoneResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      await pushKey();
      const { endpoint, keys } = request.body;
      if (app.push?.httpsOnly && !endpoint.startsWith('https://')) throw new HttpError(400, PUSH_ENDPOINT_NOT_HTTPS_MESSAGE);
      const owner = { userId: signedInUser(request).id, sessionId: signedInSessionId(request) };
      await saveSubscription(app.db, owner, { endpoint, p256dh: keys.p256dh, auth: keys.auth });
      return { success: true as const };
    },
  );

  app.delete(
    '/notifications/push-subscription',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Stop pushes to this browser',
        description: "Removes the member's subscription with this endpoint; succeeds when there is none.",
        security: bearerSecurity,
        body: pushUnsubscribeBodySchema,
        response: { 200: pushDoneResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      await deleteOwnSubscription(app.db, signedInUser(request).id, request.body.endpoint);
      return { success: true as const };
    },
  );

  // RFC 8058: mail clients post `List-Unsubscribe=One-Click` as a form; the query's token says who, the body nothing more.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, parsed) => parsed(null, {}));

  app.post(
    '/notifications/email-unsubscribe',
    {
      schema: {
        tags,
        summary: 'Stop news emails, in one click, without signing in',
        description:
          "The List-Unsubscribe link of every news email (RFC 8058 one-click: mail clients post `List-Unsubscribe=One-Click`); the email's own " +
          'link opens a page that posts here. The token names the member and is signed by the server: one Orbit did not sign is 400.',
        querystring: emailUnsubscribeQuerySchema,
        response: { 200: emailUnsubscribedResponseSchema, ...errorResponses(400) },
      },
    },
    async (request) => {
      const userId = app.newsEmails.memberOf(request.query.token);
      if (!userId) throw new HttpError(400, UNSUBSCRIBE_LINK_INVALID_MESSAGE);
      // A member deleted since has nothing left to stop: the answer is the same.
      await stopNewsEmails(app.db, userId);
      return { success: true as const, message: UNSUBSCRIBED_MESSAGE };
    },
  );

  app.get(
    '/notifications/settings',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: "The member's notification switches",
        security: bearerSecurity,
        response: { 200: notificationSettingsResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ success: true as const, settings: await readNotificationSettings(app.db, signedInUser(request).id) }),
  );

  app.patch(
    '/notifications/settings',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Turn kinds of notification on or off',
        description: 'Any of the switches; the others keep their values. Answers with all of them.',
        security: bearerSecurity,
        body: updateNotificationSettingsBodySchema,
        response: { 200: notificationSettingsResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const changes = Object.fromEntries(Object.entries(request.body).filter(([, value]) => value !== undefined));
      return { success: true as const, settings: await saveNotificationSettings(app.db, signedInUser(request).id, changes) };
    },
  );
  done();
};

export default notificationRoutes;
