import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { dataExportFileName, dataExportSchema } from '../../contract/members/data-export';
import { meResponseSchema, publicUserResponseSchema, updateProfileBodySchema, userIdParamsSchema } from '../../contract/members/profile';
import { buildDataExport } from './data-export';
import { signedInUser } from '../plugins/auth';
import type { RateLimitRule } from '../plugins/rate-limit';
import { bearerSecurity, errorResponses } from '../lib/error-responses';
import { profileSeenBy, updateProfile } from './service';
import { toPublicUserView, toUserView } from './views';

export interface UserRoutesOptions {
  /** Location changes per account (PATCH /user/me with `location`). */
  locationChangeLimit: RateLimitRule;
  /** Data exports per account (GET /user/me/export). */
  dataExportLimit: RateLimitRule;
}

const userRoutes: FastifyPluginCallbackZod<UserRoutesOptions> = (app, options, done) => {
  const locationLimiter = app.createKeyedLimiter({ ...options.locationChangeLimit, key: (request) => `location|${signedInUser(request).id}` });
  // Only edits that move the caller count: renaming oneself is not a way to
  // probe other people's distances.
  const locationChangeLimiter: preHandlerAsyncHookHandler = async function (request, reply) {
    const body = request.body;
    if (typeof body === 'object' && body !== null && 'location' in body) await locationLimiter.call(this, request, reply);
  };
  const dataExportLimiter = app.createKeyedLimiter({ ...options.dataExportLimit, key: (request) => `export|${signedInUser(request).id}` });

  app.get(
    '/user/me',
    {
      preHandler: app.requireAuth,
      schema: {
        tags: ['user'],
        summary: 'The signed-in account (user or admin)',
        security: bearerSecurity,
        response: { 200: meResponseSchema, ...errorResponses(401, 403) },
      },
    },
    (request) => ({ user: toUserView(signedInUser(request)) }),
  );

  // Same guard as GET /user/me: whoever may read their account may take a copy of it.
  app.get(
    '/user/me/export',
    {
      preHandler: [app.requireAuth, dataExportLimiter],
      schema: {
        tags: ['user'],
        summary: 'Download everything Orbit keeps about the signed-in member',
        description:
          'One JSON file (GDPR access and portability): the account as GET /user/me shows it, the saved location, likes and passes given, ' +
          'matches, blocks and reports made, purchases, withdrawals and sign-in sessions. Other people appear by username and name only; ' +
          'no password hash, token or session id is included. Limited per account (429).',
        security: bearerSecurity,
        response: { 200: dataExportSchema, ...errorResponses(401, 403, 429) },
      },
    },
    async (request, reply) => {
      const caller = signedInUser(request);
      // Member usernames are [a-z0-9_] already; the admin's comes from the environment and could hold a quote or a character a header cannot carry.
      const fileName = dataExportFileName(caller.username).replace(/[^\w.-]/g, '_');
      reply
        .header('content-disposition', `attachment; filename="${fileName}"`)
        // Personal data in full: no browser or proxy cache may keep a copy.
        .header('cache-control', 'no-store');
      return buildDataExport(app.db, caller, new Date());
    },
  );

  app.patch(
    '/user/me',
    {
      preHandler: [app.requireUser, locationChangeLimiter],
      schema: {
        tags: ['user'],
        summary: 'Edit the signed-in user\'s profile',
        description:
          'Only name, bio (up to 500 characters), age (18 to 99), gender, language, region, interests (up to 10 of up to 30 characters), ' +
          'location ({ latitude, longitude } or null), showOnRadar (false keeps the caller off everyone else\'s radar) ' +
          'and the Settings switches (readReceipts, activityVisible, incognito) can change. ' +
          'incognito true needs active VIP (403 "Incognito is a VIP feature"); false is always allowed. ' +
          'Any other field, such as coins, isVIP, role or ban data, is refused with 400; so are avatar and photos, which follow the member\'s ' +
          'uploaded photos (/user/me/photos). Location changes are limited per account (429).',
        security: bearerSecurity,
        body: updateProfileBodySchema,
        response: { 200: meResponseSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const caller = signedInUser(request);
      const { member, earned } = await updateProfile(app.db, caller, request.body, new Date());
      if (earned) app.realtime.toMember(member.id, 'coins:balance', { balance: earned.balanceAfter, entry: earned });
      return { user: toUserView(member) };
    },
  );

  app.get(
    '/user/:id',
    {
      preHandler: app.requireAuth,
      schema: {
        tags: ['user'],
        summary: 'Another person\'s profile',
        description:
          'The public view: never an email, coins, coordinates or ban details. Banned and admin accounts, and anyone the caller blocked ' +
          'or was blocked by, read as not found.',
        security: bearerSecurity,
        params: userIdParamsSchema,
        response: { 200: publicUserResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const viewer = signedInUser(request);
      const { member, relationship } = await profileSeenBy(app.db, viewer.id, request.params.id);
      return { user: toPublicUserView(member), relationship };
    },
  );
  done();
};

export default userRoutes;
