import { defineConfig } from '@playwright/test';
import { e2eDataDir } from './e2e/support/outbox';
import { E2E_CALL_RING_MS } from './e2e/support/call-media';
import { TEST_TURN_SECRET, turnUrls } from './e2e/support/turn-server';
import type { LiveMediaOptions } from './e2e/support/live-server';

const PORT = Number(process.env.E2E_PORT ?? 5102);
const baseURL = `http://localhost:${PORT}`;
// The live-stream tests' second server, on Janus (started by e2e/support/live-server.ts for the live-janus project only).
const LIVE_JANUS_PORT = PORT + 1;
// The moved-clock project's own server, whose clock its tests move (started by e2e/support/moved-clock.ts).
const MOVED_CLOCK_PORT = PORT + 2;
const MOVED_CLOCK_SPECS = /creator-withdrawal\.spec\.ts$/;

// Debian's Chromium only (never a downloaded browser); the flags keep it
// from reaching for the network this machine does not have.
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig<object, LiveMediaOptions>({
  testDir: 'e2e',
  outputDir: 'test-results/e2e',
  workers: 1,
  fullyParallel: false,
  // A test that passes only on a second try has found a race: CI fails on it (fix the cause, never add a retry).
  retries: 0,
  // A test.only left in a commit would quietly run one test and call the run green.
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL,
    browserName: 'chromium',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
    screenshot: 'only-on-failure',
    trace: 'off',
    // The app's service worker would answer some requests from its caches, out of page.route's sight;
    // the specs about it (e2e/app-worker.spec.ts) allow it.
    serviceWorkers: 'block',
  },
  projects: [
    { name: 'desktop', testIgnore: MOVED_CLOCK_SPECS, use: { viewport: { width: 1280, height: 800 } } },
    // e2e/live-streams.spec.ts again, with Janus as the media forwarder instead of the embedded werift (desktop runs it on werift).
    {
      name: 'live-janus',
      testMatch: /live-streams\.spec\.ts$/,
      use: { viewport: { width: 1280, height: 800 }, baseURL: `http://localhost:${LIVE_JANUS_PORT}`, liveMedia: 'janus' },
    },
    // Tests that move the server's clock (e.g. past the earnings' pending days), on a server of their own.
    { name: 'moved-clock', testMatch: MOVED_CLOCK_SPECS, use: { viewport: { width: 1280, height: 800 }, baseURL: `http://localhost:${MOVED_CLOCK_PORT}` } },
  ],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    env: {
      PORT: String(PORT),
      E2E_DATA_DIR: e2eDataDir(PORT),
      // The coturn that e2e/video-calls.spec.ts starts for its TURN-only call (e2e/support/turn-server.ts); while it is not running, host candidates carry the calls.
      TURN_URLS: turnUrls(PORT),
      TURN_SECRET: TEST_TURN_SECRET,
      // A short ring, so the no-answer journey takes seconds, not 30.
      CALL_RING_MS: String(E2E_CALL_RING_MS),
    },
    url: `${baseURL}/api/docs/json`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
