import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Three projects: the API against a real database (node), and the SPA's
// components and machines (jsdom). Workers are capped for a 2-core machine.
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
    ],
  },
});
