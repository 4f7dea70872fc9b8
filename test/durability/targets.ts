import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createScratchPostgres } from '../../scripts/lib/scratch-postgres';

/** PostgreSQL server used to create a throwaway database (CI has one on 127.0.0.1). */
const POSTGRES_SERVER_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Where a durability suite's server keeps its data: its own PGlite directory, or a throwaway PostgreSQL database. */
export interface DurabilityTarget {
  name: 'PGlite' | 'PostgreSQL';
  port: number;
  prepare(): Promise<{ dataDir: string; databaseUrl?: string; dispose: () => Promise<void> }>;
}

/** The suite `suite` on PGlite (at `ports[0]`) and on PostgreSQL (at `ports[1]`), each with data of its own. */
export function durabilityTargets(suite: string, ports: readonly [number, number]): DurabilityTarget[] {
  return [
    {
      name: 'PGlite',
      port: ports[0],
      prepare: () => {
        const dataDir = mkdtempSync(path.join(tmpdir(), `orbit-durability-${suite}-pglite-`));
        return Promise.resolve({ dataDir, dispose: () => Promise.resolve(rmSync(dataDir, { recursive: true, force: true })) });
      },
    },
    {
      name: 'PostgreSQL',
      port: ports[1],
      prepare: async () => {
        const dataDir = mkdtempSync(path.join(tmpdir(), `orbit-durability-${suite}-pg-`));
        const scratch = await createScratchPostgres(POSTGRES_SERVER_URL, `orbit_durability_${suite}`);
        return {
          dataDir,
          databaseUrl: scratch.url,
          dispose: async () => {
            await scratch.drop();
            rmSync(dataDir, { recursive: true, force: true });
          },
        };
      },
    },
  ];
}
