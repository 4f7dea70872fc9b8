import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  adminUserActionResponseSchema,
  adminUserListResponseSchema,
  adminUserResponseSchema,
  adminUsersQuerySchema,
  banBodySchema,
  idParamsSchema,
  makeVipBodySchema,
} from '../../contract/admin/console';
import { banUser, makeUserVip, removeUserVip, unbanUser } from './moderation';
import { findUserOr404, searchUsers } from './user-directory';
import { toAdminUser } from './views';
import { signedInUser } from '../plugins/auth';
import { bearerSecurity, errorResponses } from '../lib/error-responses';

const tags = ['admin'];

const userRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/admin/users',
    {
      schema: {
        tags,
        summary: 'Member accounts, searched, filtered and paged',
        description: 'search matches part of a username or email; filter is all, banned or vip; 10 a page by default.',
        security: bearerSecurity,
        querystring: adminUsersQuerySchema,
        response: { 200: adminUserListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ success: true as const, ...(await searchUsers(app.db, request.query, new Date())) }),
  );

  app.get(
    '/admin/user/:id',
    {
      schema: {
        tags,
        summary: 'One account as the operator sees it',
        security: bearerSecurity,
        params: idParamsSchema,
        response: { 200: adminUserResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ success: true as const, user: toAdminUser(await findUserOr404(app.db, request.params.id), new Date()) }),
  );

  app.post(
    '/admin/user/:id/ban',
    {
      schema: {
        tags,
        summary: 'Ban a member with a reason; ends all of their sessions',
        description:
          'The reason is required and is shown to the person when they next try to sign in. Open member reports about the person are resolved with the ban, and the message says how many. Admin accounts cannot be banned (403).',
        security: bearerSecurity,
        params: idParamsSchema,
        body: banBodySchema,
        response: { 200: adminUserActionResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const result = await banUser(app.db, signedInUser(request).id, request.params.id, request.body.reason, new Date());
      // Their calls end now, before their sockets close, so the other side hears why rather than waiting out a lost connection.
      await app.calls.endMemberCalls(request.params.id, 'blocked');
      // Likewise their live stream: the audience hears it was ended by Orbit.
      await app.live.endMemberStreams(request.params.id);
      app.realtime.recheckMember(request.params.id);
      return { success: true as const, ...result };
    },
  );

  app.post(
    '/admin/user/:id/unban',
    {
      schema: {
        tags,
        summary: 'Lift a ban',
        security: bearerSecurity,
        params: idParamsSchema,
        response: { 200: adminUserActionResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({ success: true as const, ...(await unbanUser(app.db, signedInUser(request).id, request.params.id, new Date())) }),
  );

  app.post(
    '/admin/user/:id/make-vip',
    {
      schema: {
        tags,
        summary: 'Grant VIP for a plan or a number of days',
        description:
          'Body (optional): { planId } grants that plan for its duration, { days } grants 1 to 3650 days; with neither, the Gold plan (30 days). ' +
          'A running membership is extended from its current end.',
        security: bearerSecurity,
        params: idParamsSchema,
        body: makeVipBodySchema.nullish(),
        response: { 200: adminUserActionResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const result = await makeUserVip(app.db, signedInUser(request).id, request.params.id, request.body ?? {}, new Date());
      return { success: true as const, ...result };
    },
  );

  app.post(
    '/admin/user/:id/remove-vip',
    {
      schema: {
        tags,
        summary: 'End a VIP membership now',
        security: bearerSecurity,
        params: idParamsSchema,
        response: { 200: adminUserActionResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({ success: true as const, ...(await removeUserVip(app.db, signedInUser(request).id, request.params.id, new Date())) }),
  );
  done();
};

export default userRoutes;
