import type { FastifyReply } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { avatarQuerySchema, coverQuerySchema, mediaSeedParamsSchema } from '../../contract/media/seeds';
import { renderAvatarSvg } from './avatar-art';
import { renderCoverSvg } from './cover-art';
import { errorResponses } from '../lib/error-responses';

// The same seed always draws the same picture, so a year of caching is safe.
const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
// Opened directly, an SVG is a document: it gets no scripts, no network and a
// sandbox, whatever its text contains.
const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox";

function markAsSvg(reply: FastifyReply): void {
  reply.header('content-security-policy', SVG_CSP).header('cache-control', IMMUTABLE_CACHE).type('image/svg+xml');
}

const svgResponse = {
  200: {
    description: 'An SVG image',
    content: { 'image/svg+xml': { schema: z.string() } },
  },
  ...errorResponses(400),
};

const mediaRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/media/avatar/:seed',
    {
      schema: {
        tags: ['media'],
        summary: 'Generated avatar (128x128 SVG) for a seed, optionally with a feminine or masculine look, or one of its gallery photos',
        params: mediaSeedParamsSchema,
        querystring: avatarQuerySchema,
        response: svgResponse,
      },
    },
    (request, reply) => {
      markAsSvg(reply);
      return renderAvatarSvg(request.params.seed, request.query.look, request.query.photo);
    },
  );

  app.get(
    '/media/cover/:seed',
    {
      schema: {
        tags: ['media'],
        summary: 'Generated cover (1200x630 SVG) for a seed, optionally titled',
        params: mediaSeedParamsSchema,
        querystring: coverQuerySchema,
        response: svgResponse,
      },
    },
    (request, reply) => {
      markAsSvg(reply);
      return renderCoverSvg(request.params.seed, request.query.title);
    },
  );
  done();
};

export default mediaRoutes;
