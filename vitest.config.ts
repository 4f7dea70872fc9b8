import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Three projects: the API against a real database (node), the SPA's
// components and machines (jsdom), and the live-media forwarders (node, in a
// test host network). Workers are capped for a 2-core machine.
export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['test/server/**/*.test.ts', 'test/contract/**/*.test.ts', 'test/bench/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['test/src/**/*.test.{ts,tsx}', 'test/machines/**/*.test.{ts,tsx}', 'test/scripts/**/*.test.ts'],
          setupFiles: ['test/setup/web.ts'],
          testTimeout: 20_000,
        },
      },
      {
        // The live-media forwarder suite (werift, Janus): real WebRTC peers, so one file at a time, inside a
        // test host network namespace (`node scripts/in-test-host.mjs`, as `npm test` runs it).
        test: {
          name: 'media',
          environment: 'node',
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
