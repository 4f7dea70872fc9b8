import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { meResponseSchema } from '../../contract/user';
import { signedInUser } from '../plugins/auth';
import { bearerSecurity, errorResponses } from './error-responses';
import { toUserView } from './user-view';

const userRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
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
  done();
};

export default userRoutes;
