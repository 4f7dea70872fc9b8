import { gzipSync, constants } from 'node:zlib';
import type { Plugin } from 'vite';

// Issue 47: the JavaScript a first visit to `/` needs stays within 150 KB
// gzipped, and the build itself says so (CI runs the build), not only the
// bench. What `/` needs is read off the bundle's import graph: the entry and
// everything it imports, plus the chunks of the `/` route (its component and
// loader, split off by the router plugin) and everything they import. The
// bench's frontend part measures the same thing in Chromium (the files it
// fetches); this check needs no browser and runs on every build.

export const HOME_JS_BUDGET_BYTES = 150 * 1024;
/** The router plugin's split-off parts of src/routes/index.tsx (`?tsr-split=…`). */
const HOME_ROUTE_MODULE = /[\\/]src[\\/]routes[\\/]index\.tsx\?tsr-split=/;

/** What the check reads of an output chunk. */
export interface BundleChunk {
  fileName: string;
  code: string;
  isEntry: boolean;
  /** Files this chunk imports statically (loaded with it). */
  imports: string[];
  moduleIds: string[];
}

export interface HomeScript {
  fileName: string;
  gzipBytes: number;
}

/** The chunks a first load of `/` runs, each with its gzip -9 size (what the budget judges). */
export function homeScripts(chunks: BundleChunk[]): HomeScript[] {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const roots = chunks.filter((chunk) => chunk.isEntry || chunk.moduleIds.some((id) => HOME_ROUTE_MODULE.test(id)));
  if (!roots.some((chunk) => !chunk.isEntry)) throw new Error('home-js-budget: no chunk holds the / route (src/routes/index.tsx); the check would judge only the entry');
  const seen = new Set<string>();
  const visit = (chunk: BundleChunk): void => {
    if (seen.has(chunk.fileName)) return;
    seen.add(chunk.fileName);
    for (const imported of chunk.imports) {
      const next = byName.get(imported);
      if (next) visit(next);
    }
  };
  roots.forEach(visit);
  return [...seen]
    .map((fileName) => ({ fileName, gzipBytes: gzipSync(byName.get(fileName)?.code ?? '', { level: constants.Z_BEST_COMPRESSION }).length }))
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
}

const kilobytes = (bytes: number): string => (bytes / 1024).toFixed(1);

/** Vite build plugin: prints the JavaScript for `/` and fails the build when it is over the budget. */
export function homeJsBudgetPlugin(): Plugin {
  return {
    name: 'orbit:home-js-budget',
    apply: 'build',
    // Once written: Vite fills in its preload lists (build-import-analysis) in its own generateBundle, after this plugin's.
    writeBundle(_options, bundle) {
      const scripts = homeScripts(Object.values(bundle).filter((output) => output.type === 'chunk'));
      const total = scripts.reduce((sum, script) => sum + script.gzipBytes, 0);
      const summary = `JS for / (gzip -9): ${kilobytes(total)} KB in ${scripts.length} files; budget ${kilobytes(HOME_JS_BUDGET_BYTES)} KB`;
      if (total <= HOME_JS_BUDGET_BYTES) {
        this.info(`${summary} (${HOME_JS_BUDGET_BYTES - total} bytes to spare)`);
        return;
      }
      const files = scripts.map((script) => `  ${script.fileName}: ${kilobytes(script.gzipBytes)} KB`).join('\n');
      this.error(`${summary}: over by ${total - HOME_JS_BUDGET_BYTES} bytes (issue 47). Move code off the first page or shrink it:\n${files}`);
    },
  };
}
