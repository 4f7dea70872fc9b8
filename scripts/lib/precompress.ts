import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

// The server sends dist/client's files as they are on disk (server/plugins/spa.ts,
// @fastify/static with preCompressed): a .br or .gz sibling goes to a browser
// that accepts it, so the 465 KB of JavaScript for `/` crosses a phone's network
// as about 130 KB. Compressing once at build time at the highest levels costs
// a second of build and no CPU per request.

/** Text formats worth compressing; images, fonts (woff2) and media already are. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
/** Below this, the encoding headers cost about what compression saves. */
const MIN_BYTES = 256;

export interface PrecompressedFile {
  file: string;
  bytes: number;
  brotliBytes: number;
  gzipBytes: number;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/**
 * Writes `<file>.br` and `<file>.gz` beside every compressible file of `dir`
 * that compression makes smaller; returns what it wrote.
 */
export function precompressDirectory(dir: string): PrecompressedFile[] {
  const written: PrecompressedFile[] = [];
  for (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const body = readFileSync(file);
    if (body.length < MIN_BYTES) continue;
    const brotli = brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
    const gzip = gzipSync(body, { level: constants.Z_BEST_COMPRESSION });
    // A sibling that is not smaller would only cost the browser time.
    if (brotli.length < body.length) writeFileSync(`${file}.br`, brotli);
    if (gzip.length < body.length) writeFileSync(`${file}.gz`, gzip);
    written.push({ file, bytes: body.length, brotliBytes: brotli.length, gzipBytes: gzip.length });
  }
  return written;
}

/** Vite build plugin: precompresses the whole output once everything (public/ included) is written. */
export function precompressPlugin(): Plugin {
  let outDir = '';
  return {
    name: 'orbit-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      precompressDirectory(outDir);
    },
  };
}
