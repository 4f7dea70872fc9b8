import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { appConfigsResponseSchema, publicConfigResponseSchema, updateAppConfigBodySchema, updateAppConfigResponseSchema } from '../../contract/site-settings';
import { signedInUser } from '../plugins/auth';
import { PUBLIC_REVALIDATE } from '../plugins/response-cache';
import { readEditableSettings } from './queries';
import { readPublicConfig, updateSettings } from './service';
import { bearerSecurity, errorResponses } from '../lib/error-responses';

const configRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  // Every page load asks for this; it changes only when an admin saves settings.
  const publicConfigCache = app.createResponseCache({ cacheControl: PUBLIC_REVALIDATE });

  app.get(
    '/config/public',
    {
      ...publicConfigCache.routeHooks,
      schema: {
        tags: ['config'],
        summary: 'Public settings: product name, home page texts and stats',
        response: { 200: publicConfigResponseSchema, ...errorResponses() },
      },
    },
    async () => {
      return { success: true as const, data: { config: await readPublicConfig(app.db) } };
    },
  );

  app.get(
    '/config/app',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ['config'],
        summary: 'Admin: every editable setting with its type, description and visibility',
        security: bearerSecurity,
        response: { 200: appConfigsResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async () => ({ success: true as const, data: { configs: await readEditableSettings(app.db) } }),
  );

  app.post(
    '/config/app',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ['config'],
        summary: 'Admin: change home page texts, stats and other settings',
        description:
          'Only known keys are accepted, each with its own type (string, or array for stats). At most four stats; colours purple, pink, blue or green. Changes show in /config/public at once.',
        security: bearerSecurity,
        body: updateAppConfigBodySchema,
        response: { 200: updateAppConfigResponseSchema, ...errorResponses(400, 401, 403, 413) },
      },
    },
    async (request) => {
      const admin = signedInUser(request);
      const { configs, changedKeys } = await updateSettings(app.db, admin.id, request.body.configs);
      if (changedKeys.length > 0) publicConfigCache.invalidate();
      return { success: true as const, message: 'Home page content updated successfully!', data: { configs } };
    },
  );
  done();
};

export default configRoutes;
