import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

export const DEFAULT_CLIENT_DIR = fileURLToPath(new URL('../../dist/client', import.meta.url));

export const CLIENT_NOT_BUILT_MESSAGE = 'The Orbit web app has not been built yet. Run `npm run build`, then restart the server.';

export interface SpaPluginOptions {
  /** The Vite build output (index.html plus hashed /assets). */
  clientDir?: string;
}

/** A path whose last segment has an extension names a file; anything else is an SPA route. */
function looksLikeFile(pathname: string): boolean {
  const lastSegment = pathname.slice(pathname.lastIndexOf('/') + 1);
  return lastSegment.includes('.');
}

function acceptsHtml(request: FastifyRequest): boolean {
  const accept = request.headers.accept;
  return !accept || accept.includes('text/html') || accept.includes('*/*');
}

function isApiPath(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/');
}

/**
 * Serves the built web app: files from dist/client, and index.html for every
 * other page so client-side routes survive a reload. Unknown /api paths and
 * missing files fall through to the JSON 404.
 */
async function spaPlugin(app: FastifyInstance, options: SpaPluginOptions): Promise<void> {
  const clientDir = options.clientDir ?? DEFAULT_CLIENT_DIR;
  const indexFile = path.join(clientDir, 'index.html');

  // serve: false because the catch-all route below decides between a file and
  // the app shell; @fastify/static provides reply.sendFile and its path checks.
  // preCompressed: the build writes .br and .gz beside each text file
  // (scripts/lib/precompress.ts); a browser that accepts one gets it, with
  // Vary: accept-encoding, and others get the file itself.
  await app.register(fastifyStatic, { root: clientDir, serve: false, suppressWarning: true, dotfiles: 'ignore', preCompressed: true });

  const SERVICE_WORKER_PATH = '/sw.js';

  function sendAppShell(reply: FastifyReply): FastifyReply {
    // Checked per request so building while the server runs needs no restart.
    if (!fs.existsSync(indexFile)) {
      return reply.code(503).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(CLIENT_NOT_BUILT_MESSAGE);
    }
    // no-cache: the shell names the current hashed bundles, so it must be revalidated.
    return reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });
  }

  app.get('/*', { schema: { hide: true } }, (request, reply) => {
    const pathname = request.raw.url?.split('?')[0] ?? '/';
    if (isApiPath(pathname)) return reply.callNotFound();
    if (pathname === '/' || pathname === '/index.html') return sendAppShell(reply);
    if (looksLikeFile(pathname)) {
      // Vite puts a content hash in every /assets file name, so they never change. The service
      // worker is checked on every visit: a cached copy would hold members on an old version.
      const cache = pathname.startsWith('/assets/') ? { immutable: true, maxAge: '365d' } : pathname === SERVICE_WORKER_PATH ? { maxAge: 0 } : { maxAge: '1h' };
      return reply.sendFile(pathname, { cacheControl: true, ...cache });
    }
    if (acceptsHtml(request)) return sendAppShell(reply);
    return reply.callNotFound();
  });
}

export default fp(spaPlugin, { name: 'orbit-spa', fastify: '5.x', dependencies: ['orbit-errors'] });
