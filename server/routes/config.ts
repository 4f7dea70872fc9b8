import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { publicConfigResponseSchema, publicConfigSchema, type PublicConfig } from '../../contract/config';
import { appSettings } from '../db/schema';
import { errorResponses } from './error-responses';

const PUBLIC_KEYS = Object.keys(publicConfigSchema.shape) as Array<keyof PublicConfig>;

/**
 * The settings a visitor's browser needs (SPEC section 4). A stored value that
 * no longer fits its schema is left out, so the page falls back to its default
 * for that field instead of breaking.
 */
const configRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/config/public',
    {
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
  done();
};

export default configRoutes;
