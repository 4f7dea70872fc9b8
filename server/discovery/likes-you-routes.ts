import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { likesYouQuerySchema, likesYouResponseSchema, LIKES_YOU_MAX_LIMIT } from '../../contract/likes-you';
import { countAdmirers, findAdmirersPage } from './queries/likes-you';
import { hasActiveVip } from '../members/views';
import { signedInUser } from '../plugins/auth';
import { bearerSecurity, errorResponses } from '../lib/error-responses';

const likesYouRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/users/likes-you',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['discovery'],
        summary: 'Who liked the caller and waits for their answer (VIP), or only how many (free)',
        description:
          'People who liked or super liked the caller and on whom the caller has not decided yet (a like back makes a match, a pass turns them down), ' +
          'leaving out banned people and anyone blocked either way. A VIP caller gets them as candidate cards, newest like first, ' +
          `with whether each was a super like, paged by cursor (limit up to ${LIKES_YOU_MAX_LIMIT}, default 20; next is the following page's cursor). ` +
          'Any other caller gets only the count (access: locked), with nothing that identifies anyone.',
        security: bearerSecurity,
        querystring: likesYouQuerySchema,
        response: { 200: likesYouResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const caller = signedInUser(request);
      const now = new Date();
      const count = await countAdmirers(app.db, caller.id);
      if (!hasActiveVip(caller, now)) return { access: 'locked' as const, count };
      return { access: 'vip' as const, count, ...(await findAdmirersPage(app.db, caller, request.query, now)) };
    },
  );
  done();
};

export default likesYouRoutes;
