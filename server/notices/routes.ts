import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { noticeParamsSchema, noticesResponseSchema } from '../../contract/notices';
import { signedInUser } from '../plugins/auth';
import { bearerSecurity, errorResponses } from '../lib/error-responses';
import { markNoticeSeen, unseenNotices } from './notices';

const tags = ['user'];

const noticeRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/user/me/notices',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Notices for the signed-in member not yet dismissed',
        description: 'Things Orbit tells a member once, such as a moderator removing one of their photos; oldest first.',
        security: bearerSecurity,
        response: { 200: noticesResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ success: true as const, notices: await unseenNotices(app.db, signedInUser(request).id) }),
  );

  app.post(
    '/user/me/notices/:id/seen',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Dismiss one of the signed-in member\'s notices',
        description: 'Answers with the notices still to show. Dismissing one twice succeeds; another member\'s notice is 404, like an unknown one.',
        security: bearerSecurity,
        params: noticeParamsSchema,
        response: { 200: noticesResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const caller = signedInUser(request);
      await markNoticeSeen(app.db, caller.id, request.params.id, new Date());
      return { success: true as const, notices: await unseenNotices(app.db, caller.id) };
    },
  );
  done();
};

export default noticeRoutes;
