import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  discoverQuerySchema,
  discoverResponseSchema,
  radarQuerySchema,
  radarResponseSchema,
  RADAR_MAX_LIMIT,
  RADAR_MAX_RADIUS_KM,
  spinQuerySchema,
  spinResponseSchema,
} from '../../contract/discovery';
import { DEFAULT_RADAR_CENTRE, type GeoPoint } from './geo';
import { findDiscoverPage, findSpinCandidates } from './queries/people';
import { findNearbyUsers } from './queries/radar';
import { signedInUser } from '../plugins/auth';
import { bearerSecurity, errorResponses } from '../lib/error-responses';

function storedLocation(row: { latitude: number | null; longitude: number | null }): GeoPoint | null {
  return row.latitude === null || row.longitude === null ? null : { latitude: row.latitude, longitude: row.longitude };
}

const discoveryRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/users/radar',
    {
      preHandler: app.requireAuth,
      schema: {
        tags: ['discovery'],
        summary: 'People nearby, nearest first',
        description:
          `Around the caller's stored location (around=me, the default; the Home radar's fixed point when none is stored), or around ` +
          'the Home radar\'s fixed point (around=home-page). Never around a point the caller chooses: distances from chosen points would locate people. ' +
          `radiusKm up to ${RADAR_MAX_RADIUS_KM} (default 50), limit up to ${RADAR_MAX_LIMIT} (default 20). ` +
          'Positions are snapped to a grid of about 1 km before distances are computed, and distances are whole kilometres (at least 1); ' +
          'no coordinates are ever returned. Banned and hidden people and the caller are left out, and so is anyone the caller\'s preferences ' +
          '(show me, ages, distance) leave out or whose preferences leave the caller out.',
        security: bearerSecurity,
        querystring: radarQuerySchema,
        response: { 200: radarResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const caller = signedInUser(request);
      const { around, radiusKm, limit } = request.query;
      // Moving one's own location is rate limited (PATCH /user/me), so the centre cannot be walked round a victim.
      const centre = (around === 'me' ? storedLocation(caller) : null) ?? DEFAULT_RADAR_CENTRE;
      return { users: await findNearbyUsers(app.db, { centre, radiusKm, limit, excludeUserId: caller.id, viewer: caller }) };
    },
  );

  app.get(
    '/users/spin',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['discovery'],
        summary: 'Spin candidates the caller has not decided on yet',
        description:
          'People the caller has not liked, super liked or passed yet, who fit the caller\'s preferences and whose preferences fit the caller. ' +
          'Optional gender, minAge and maxAge filters narrow within the preferences; limit up to 50 (default 10). People with a Boost running come first (up to 3), then people who already liked the caller.',
        security: bearerSecurity,
        querystring: spinQuerySchema,
        response: { 200: spinResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ users: await findSpinCandidates(app.db, signedInUser(request), request.query, new Date()) }),
  );

  app.get(
    '/users',
    {
      preHandler: app.requireAuth,
      schema: {
        tags: ['discovery'],
        summary: 'Discover: everyone the caller may meet, filtered and paged on the server',
        description:
          'People the caller has not liked, super liked, passed or matched yet, who fit the caller\'s preferences and whose preferences fit the caller; ' +
          'gender, minAge and maxAge narrow within the preferences. On page 1, people with a Boost running come first (up to 3, over and above limit; later pages leave them out), then online people, then the most recently active.',
        security: bearerSecurity,
        querystring: discoverQuerySchema,
        response: { 200: discoverResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => findDiscoverPage(app.db, signedInUser(request), request.query, new Date()),
  );
  done();
};

export default discoveryRoutes;
