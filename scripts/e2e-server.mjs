// The server the browser tests run against: the built app on a fresh,
// throw-away data directory, so every run starts from the same seed.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// playwright.config.ts names the directory (E2E_DATA_DIR) so tests can read the emails in its outbox.
const named = process.env.E2E_DATA_DIR;
if (named) {
  rmSync(named, { recursive: true, force: true });
  mkdirSync(named, { recursive: true });
}
const dataDir = named ?? mkdtempSync(join(tmpdir(), 'orbit-e2e-'));
process.env.DATA_DIR = dataDir;
process.env.PORT ??= '5102';
process.env.ADMIN_USERNAME ??= 'admin';
process.env.ADMIN_PASSWORD ??= 'e2e-admin-password-2026';
process.env.NODE_ENV ??= 'test';
process.env.LOG_LEVEL ??= 'warn';
// Every browser test comes from 127.0.0.1, as people behind one shared address
// would: the suite registers more than the default 10 accounts an hour.
process.env.REGISTRATIONS_PER_HOUR ??= '100';

// The moved-clock project's server (e2e/support/moved-clock.ts): a clock its test moves, before the app reads any time.
if (process.env.E2E_MOVABLE_CLOCK === '1') {
  const { installMovableClock } = await import('./e2e-movable-clock.mjs');
  installMovableClock(join(dataDir, 'clock-offset-ms'));
}

const cleanUp = () => rmSync(dataDir, { recursive: true, force: true });
process.on('exit', cleanUp);

await import('./start.mjs');
