import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  appConfigsResponseSchema,
  editableSettings,
  publicConfigResponseSchema,
  publicConfigSchema,
  updateAppConfigBodySchema,
  updateAppConfigResponseSchema,
  type PublicConfig,
} from '../../contract/config';
import { recordAdminAction } from '../admin/audit';
import { appSettings } from '../db/schema';
import { signedInUser } from '../plugins/auth';
import { PUBLIC_REVALIDATE } from '../plugins/response-cache';
import { readEditableSettings, saveEditableSettings } from './config-settings';
import { bearerSecurity, errorResponses } from './error-responses';

const PUBLIC_KEYS = Object.keys(publicConfigSchema.shape) as Array<keyof PublicConfig>;

/**
 * The settings a visitor's browser needs (SPEC section 4). A stored value that
 * no longer fits its schema is left out, so the page falls back to its default
 * for that field instead of breaking.
 */
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
      const rows = await app.db
        .select({ key: appSettings.key, value: appSettings.value })
        .from(appSettings)
        .where(and(eq(appSettings.isPublic, true), inArray(appSettings.key, PUBLIC_KEYS)));
      const config: Record<string, unknown> = {};
      for (const row of rows) {
        const field = publicConfigSchema.shape[row.key as keyof PublicConfig];
        const parsed = field.safeParse(row.value);
        if (parsed.success && parsed.data !== undefined) config[row.key] = parsed.data;
      }
      return { success: true as const, data: { config: publicConfigSchema.parse(config) } };
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
      const { configs, changedKeys } = await app.db.transaction(async (tx) => {
        const changed = await saveEditableSettings(tx, request.body.configs);
        // A save that changes nothing is not an event worth an operator's attention.
        if (changed.length > 0) {
          await recordAdminAction(tx, {
            adminId: admin.id,
            action: 'update-settings',
            targetType: 'settings',
            targetId: changed.join(','),
            details: `Updated ${changed.map((key) => editableSettings[key].label).join(', ')}`,
          });
        }
        return { configs: await readEditableSettings(tx), changedKeys: changed };
      });
      if (changedKeys.length > 0) publicConfigCache.invalidate();
      return { success: true as const, message: 'Home page content updated successfully!', data: { configs } };
    },
  );
  done();
};

export default configRoutes;
