import { constants as zlibConstants } from 'node:zlib';
import fastifyCompress, { type FastifyCompressOptions } from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Compression of the API's dynamic JSON answers (the Discover page, spin,
 * radar, /user/me, admin lists, the data export), which are per caller and so
 * compressed afresh for every request. On a phone's connection their bytes
 * are most of the wait.
 *
 * Registered by the /api route plugin before its routes, so it reaches only
 * those: the web app's files are compressed at build time (spa.ts), and the
 * public cached answers carry their own stored brotli and gzip variants and
 * opt out with `compress: false` (response-cache.ts), which leaves their
 * routes without any hook of this plugin.
 */
export const COMPRESSION_OPTIONS: FastifyCompressOptions = {
  // Brotli first: every current browser sends `br`, and even at quality 4 it beats gzip on size.
  // Anything else (deflate, zstd, identity, or nothing acceptable) gets the answer as it is:
  // an API refusing an answer over its encoding (406) would only break clients.
  encodings: ['br', 'gzip'],
  // Below about 1 KB an answer fits one TCP packet either way: compressing it would only cost CPU.
  threshold: 1024,
  brotliOptions: {
    params: {
      // Compressed per request, so CPU counts: on a 4.4 KB Discover page quality 11 (zlib's default)
      // took about 5 ms, quality 4 under 0.1 ms for a body still about 5% smaller than gzip's.
      [zlibConstants.BROTLI_PARAM_QUALITY]: 4,
    },
  },
  // zlib's own balance: on that page level 9 saved 3 bytes of 1,000.
  zlibOptions: { level: 6 },
  // Request bodies stay as they were: no client sends them compressed, and a decoding step
  // in front of every body parser would be new attack surface this change does not need.
  globalDecompression: false,
};

async function compressionPlugin(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, COMPRESSION_OPTIONS);
}

/** fastify-plugin, so @fastify/compress's onRoute hook reaches the routes of the plugin that registers this one. */
export default fp(compressionPlugin, { name: 'orbit-compression', fastify: '5.x' });
