import type { TestProject } from 'vitest/node';
import { prepareDatabaseTemplate } from './database-template';

// The server project's global setup: the one migrated, seeded database every
// test app copies (database-template.ts), on PGlite or on the DATABASE_URL server.
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { template, dispose } = await prepareDatabaseTemplate(process.env.DATABASE_URL);
  project.provide('serverDatabaseTemplate', template);
  return dispose;
}
