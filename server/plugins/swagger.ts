import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

export const DOCS_PREFIX = '/api/docs';

/** Name of the security scheme guarded routes list in `schema.security`. */
export const BEARER_AUTH = 'bearerAuth';

/**
 * OpenAPI is generated from the same zod schemas that validate requests, so the
 * documentation cannot drift from what the server accepts. Must be registered
 * before any route so its onRoute hook sees them all.
 */
async function swaggerPlugin(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Orbit API',
        description: 'Social and live-video dating platform. Every failure is `{ success: false, message, errors? }`.',
        version: '0.1.0',
      },
      tags: [
        { name: 'auth', description: 'Registration and sign-in' },
        { name: 'user', description: 'The signed-in account' },
        { name: 'media', description: 'Generated avatar and cover images' },
      ],
      components: {
        securitySchemes: {
          [BEARER_AUTH]: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });

  await app.register(swaggerUi, { routePrefix: DOCS_PREFIX });
}

export default fp(swaggerPlugin, { name: 'orbit-swagger', fastify: '5.x' });
