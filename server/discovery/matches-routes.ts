import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { matchesResponseSchema } from '../../contract/discovery';
import { findMatches } from './queries/matches';
import { signedInUser } from '../plugins/auth';
import { bearerSecurity, errorResponses } from '../lib/error-responses';

const matchesRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/matches',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['discovery'],
        summary: 'The caller\'s matches, newest first',
        description: 'Each with the other person\'s card fields, compatibility and last-active text.',
        security: bearerSecurity,
        response: { 200: matchesResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ matches: await findMatches(app.db, signedInUser(request), new Date()) }),
  );
  done();
};

export default matchesRoutes;
