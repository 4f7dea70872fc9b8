import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type DatabaseConnection } from '../../../server/db/client';
import { ensureAdminAccount, seedDatabase } from '../../../server/db/seed/index';
import { createScratchPostgres, openScratchPostgres } from '../../../scripts/lib/scratch-postgres';

// Every test app has a database of its own, migrated and seeded. Opening an
// empty PGlite and migrating it costs about 7 s of CPU (initdb in
// WebAssembly, then every migration), which made up most of the server
// suite's time; opening a copy of a migrated one costs under 2. So the suite's
// global setup (database-template.setup.ts) prepares one database once, and
// each app starts from a copy of it: the files of a PGlite data directory, or
// on PostgreSQL a database made with CREATE DATABASE … TEMPLATE.

export const TEST_ADMIN = { username: 'admin', password: 'admin-test-password-2026' } as const;

/** The database every test app starts from: a PGlite data directory, or a database on the DATABASE_URL server. */
export type DatabaseTemplate = { driver: 'pglite'; dataDir: string } | { driver: 'postgres'; serverUrl: string; name: string };

declare module 'vitest' {
  export interface ProvidedContext {
    /** Set by the server project's global setup. */
    serverDatabaseTemplate: DatabaseTemplate;
  }
}

/** What every test app's database holds before its test: the base seed (no demo people) and the admin account. */
async function seedForTests(connection: DatabaseConnection): Promise<void> {
  await seedDatabase(connection.db, { demo: false });
  await ensureAdminAccount(connection.db, { username: TEST_ADMIN.username, password: TEST_ADMIN.password });
}

/** Migrates and seeds the template (on PostgreSQL when `serverUrl` is given); `dispose` removes it. */
export async function prepareDatabaseTemplate(serverUrl: string | undefined): Promise<{ template: DatabaseTemplate; dispose: () => Promise<void> }> {
  if (serverUrl) {
    const scratch = await createScratchPostgres(serverUrl, 'orbit_test_template');
    try {
      const connection = await openDatabase({ databaseUrl: scratch.url });
      // Closed before any copy: PostgreSQL copies a template only while nobody is connected to it.
      await seedForTests(connection).finally(() => connection.close());
    } catch (error) {
      await scratch.drop();
      throw error;
    }
    return { template: { driver: 'postgres', serverUrl, name: scratch.name }, dispose: scratch.drop };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-test-template-'));
  const removeDataDir = () => Promise.resolve(fs.rmSync(dataDir, { recursive: true, force: true }));
  try {
    const connection = await openDatabase({ dataDir });
    // Closed cleanly, so a copy opens without recovery.
    await seedForTests(connection).finally(() => connection.close());
  } catch (error) {
    await removeDataDir();
    throw error;
  }
  return { template: { driver: 'pglite', dataDir }, dispose: removeDataDir };
}

/** A fresh database for one test app, copied from the template; `dispose` closes it and removes the copy. */
export async function openFreshDatabase(template: DatabaseTemplate): Promise<{ connection: DatabaseConnection; dispose: () => Promise<void> }> {
  if (template.driver === 'postgres') return openScratchPostgres(template.serverUrl, 'orbit_test', { template: template.name });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-test-db-'));
  const removeDataDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  try {
    fs.cpSync(template.dataDir, dataDir, { recursive: true });
    const connection = await openDatabase({ dataDir });
    return {
      connection,
      dispose: async () => {
        await connection.close();
        removeDataDir();
      },
    };
  } catch (error) {
    removeDataDir();
    throw error;
  }
}
