import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Three projects: the API against a real database (node), the SPA's
// components and machines (jsdom), and the live-media forwarders (node, in a
// test host network). Workers are capped for a 2-core machine. No project
// retries a failed test (retry: 0): one that passes on a second try has found
// a race, to be fixed at its cause.
export default defineConfig({
  test: {
    maxWorkers: 2,
    reporters: ['default', './test/support/failures-last-reporter.ts'],
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          retry: 0,
          include: ['test/server/**/*.test.ts', 'test/contract/**/*.test.ts', 'test/bench/**/*.test.ts'],
          // One migrated, seeded database for the run; every test app starts from a copy of it.
          globalSetup: ['test/server/helpers/database-template.setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          environment: 'jsdom',
          retry: 0,
          include: ['test/src/**/*.test.{ts,tsx}', 'test/machines/**/*.test.{ts,tsx}', 'test/scripts/**/*.test.ts'],
          setupFiles: ['test/setup/web.ts'],
          // styled-components' test default writes each rule as text into a <style>, which jsdom re-parses whole
          // on every rule (seconds per full-app render); rules go in through insertRule as in production instead.
          env: { SC_DISABLE_SPEEDY: 'false' },
          testTimeout: 20_000,
        },
      },
      {
        // The live-media forwarder suite (werift, Janus): real WebRTC peers, so one file at a time, inside a
        // test host network namespace (`node scripts/in-test-host.mjs`, as `npm test` runs it).
        test: {
          name: 'media',
          environment: 'node',
          retry: 0,
          include: ['test/live-media/**/*.test.ts'],
          fileParallelism: false,
          maxWorkers: 1,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
