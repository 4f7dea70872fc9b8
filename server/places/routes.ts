import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { placesQuerySchema, placesResponseSchema } from '../../contract/members/preferences';
import { signedInUser } from '../plugins/auth';
import type { RateLimitRule } from '../plugins/rate-limit';
import { bearerSecurity, errorResponses } from '../lib/error-responses';
import { findPlaces, MAX_PLACES, MIN_POPULATION } from './service';

export interface PlacesRoutesOptions {
  /** Searches per account (GET /places): typing a city name asks once a letter or so. */
  searchLimit: RateLimitRule;
}

/** The set-up's "type your city": the client then saves the place with PATCH /user/me { location, region }. */
const placesRoutes: FastifyPluginCallbackZod<PlacesRoutesOptions> = (app, options, done) => {
  const searchLimiter = app.createKeyedLimiter({ ...options.searchLimit, key: (request) => `places|${signedInUser(request).id}` });

  app.get(
    '/places',
    {
      preHandler: [app.requireAuth, searchLimiter],
      schema: {
        tags: ['user'],
        summary: 'Cities whose name starts with what was typed',
        description:
          `Up to ${MAX_PLACES} cities of ${MIN_POPULATION.toLocaleString('en-US')} people or more (GeoNames) whose name starts with q, ` +
          'ignoring case and accents, most populous first, each with its region or country and coordinates. Limited per account (429).',
        security: bearerSecurity,
        querystring: placesQuerySchema,
        response: { 200: placesResponseSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    (request) => ({ places: findPlaces(request.query.q) }),
  );
  done();
};

export default placesRoutes;
