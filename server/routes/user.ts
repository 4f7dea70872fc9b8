import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { dataExportFileName, dataExportSchema } from '../../contract/data-export';
import {
  meResponseSchema,
  publicUserResponseSchema,
  updateProfileBodySchema,
  userIdParamsSchema,
  type Relationship,
} from '../../contract/user';
import { buildDataExport } from '../account/data-export';
import { likes, matches, users, type NewUserRow, type UserRow } from '../db/schema';
import type { OrbitDatabase } from '../db/types';
import { orderedPair, USER_NOT_FOUND_MESSAGE } from '../discovery/record-decision';
import { signedInUser } from '../plugins/auth';
import { HttpError } from '../plugins/errors';
import type { RateLimitRule } from '../plugins/rate-limit';
import { notBlockedEitherWay } from '../safety/blocks';
import { bearerSecurity, errorResponses } from './error-responses';
import { defaultAvatarUrl, isDefaultAvatar, toPublicUserView, toUserView } from './user-view';

/** The same interest twice (in any case) is kept once. */
function withoutDuplicates(interests: readonly string[]): string[] {
  const seen = new Set<string>();
  return interests.filter((interest) => {
    const key = interest.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Validated body -> column changes; `location` maps to the two coordinate
 * columns, `showOnRadar` to is_hidden. A generated default picture nobody
 * chose follows a gender change; a chosen one stays.
 */
function profileChanges(
  body: z.output<typeof updateProfileBodySchema>,
  caller: Pick<UserRow, 'username' | 'avatar' | 'onboardedAt' | 'photoNudgeSeenAt'>,
  now: Date,
): Partial<NewUserRow> {
  const { location, interests, showOnRadar, preferences, onboardingStep, onboardingCompleted, photoNudgeSeen, ...plain } = body;
  const changes: Partial<NewUserRow> = { ...plain };
  if (body.gender !== undefined && isDefaultAvatar(caller.username, caller.avatar)) {
    changes.avatar = defaultAvatarUrl(caller.username, body.gender);
  }
  if (showOnRadar !== undefined) changes.isHidden = !showOnRadar;
  if (interests !== undefined) changes.interests = withoutDuplicates(interests);
  if (preferences !== undefined) {
    changes.showMe = preferences.showMe;
    changes.prefMinAge = preferences.minAge;
    changes.prefMaxAge = preferences.maxAge;
    changes.prefMaxDistanceKm = preferences.maxDistanceKm;
  }
  if (onboardingStep !== undefined) changes.onboardingStep = onboardingStep;
  // Finishing twice keeps the first time; it is a fact, not a toggle.
  if (onboardingCompleted && caller.onboardedAt === null) changes.onboardedAt = now;
  if (photoNudgeSeen && caller.photoNudgeSeenAt === null) changes.photoNudgeSeenAt = now;
  if (location !== undefined) {
    changes.latitude = location?.latitude ?? null;
    changes.longitude = location?.longitude ?? null;
  }
  return changes;
}

async function relationshipBetween(db: OrbitDatabase, viewerId: string, otherId: string): Promise<Relationship> {
  const [decision] = await db
    .select({ type: likes.type })
    .from(likes)
    .where(and(eq(likes.fromUserId, viewerId), eq(likes.toUserId, otherId)));
  const pair = orderedPair(viewerId, otherId);
  const [match] = await db
    .select({ id: matches.id })
    .from(matches)
    .where(and(eq(matches.userAId, pair.userAId), eq(matches.userBId, pair.userBId)));
  return { decision: decision?.type ?? null, isMatch: Boolean(match) };
}

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
          'location ({ latitude, longitude } or null) and showOnRadar ' +
          '(false keeps the caller off everyone else\'s radar) can change. ' +
          'Any other field, such as coins, isVIP, role or ban data, is refused with 400; so are avatar and photos, which follow the member\'s ' +
          'uploaded photos (/user/me/photos). Location changes are limited per account (429).',
        security: bearerSecurity,
        body: updateProfileBodySchema,
        response: { 200: meResponseSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const caller = signedInUser(request);
      const changes = profileChanges(request.body, caller, new Date());
      // Finishing the set-up or seeing the photo note a second time changes nothing, and an UPDATE with no columns is an error.
      if (Object.keys(changes).length === 0) return { user: toUserView(caller) };
      const [updated] = await app.db.update(users).set(changes).where(eq(users.id, caller.id)).returning();
      if (!updated) throw new HttpError(404, USER_NOT_FOUND_MESSAGE);
      return { user: toUserView(updated) };
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
      const [row] = await app.db
        .select()
        .from(users)
        .where(and(eq(users.id, request.params.id), eq(users.role, 'user'), eq(users.isBanned, false), notBlockedEitherWay(viewer.id, users.id)))
        .limit(1);
      if (!row) throw new HttpError(404, USER_NOT_FOUND_MESSAGE);
      return { user: toPublicUserView(row), relationship: await relationshipBetween(app.db, viewer.id, row.id) };
    },
  );
  done();
};

export default userRoutes;
