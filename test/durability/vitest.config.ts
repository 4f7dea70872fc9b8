import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The durability run has its own config: it spawns and kills real server
// processes for a couple of minutes, so it is not part of `npm test`
// (`npm run test:durability` and .ci/run run it). Files run one after the
// other: two servers at once would only compete for the same two cores.
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    name: 'durability',
    environment: 'node',
    // A durability check that passes only on a second try has found a race: it fails the run.
    retry: 0,
    include: ['test/durability/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 200_000,
  },
});
