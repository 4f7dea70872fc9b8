// `npm start`: build the SPA when its sources are newer than the last build,
// then run the API server in this same process (so signals reach it directly).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = join(root, 'dist/client/index.html');
const SOURCES = ['src', 'contract', 'machines', 'public', 'index.html', 'vite.config.ts', 'scripts/lib/precompress.ts', 'package-lock.json'];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
const sourcesAt = Math.max(...SOURCES.map((source) => newestMtime(join(root, source))));
if (builtAt < sourcesAt || process.env.ORBIT_FORCE_BUILD === '1') {
  console.log('Building the web app (vite build)...');
  const started = Date.now();
  // Always the production build members get: with the browser tests' NODE_ENV=test, Vite built React's development
  // bundle (626 KB of framework instead of 388), which the tests then ran against and the bench later took for current.
  const build = spawnSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
  console.log(`Web app built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

const { register } = await import('tsx/esm/api');
register();
await import('../server/main.ts');
