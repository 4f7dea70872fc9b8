import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseConnection } from '../../../server/db/client';
import { transactionsAreSerial } from '../../../server/db/serial-transactions';
import { openScratchPostgres } from '../../../scripts/lib/scratch-postgres';

// lockPair skips its lock where transactionsAreSerial says so; this checks
// that the claim matches what the database does, on the database the suite
// runs on (PGlite by default, PostgreSQL when DATABASE_URL is set).

/** Long enough for a second transaction to run on a free connection; a serial database keeps it waiting past this. */
const OVERLAP_WINDOW_MS = 2_000;

let connection: DatabaseConnection;
let dispose: () => Promise<void>;
beforeAll(async () => {
  if (process.env.DATABASE_URL) {
    ({ connection, dispose } = await openScratchPostgres(process.env.DATABASE_URL, 'orbit_test'));
  } else {
    connection = await openDatabase({ inMemory: true });
    dispose = () => connection.close();
  }
});
afterAll(async () => {
  await dispose?.();
});

/** Whether a second transaction finished while a first one was still open. */
async function transactionsOverlap(): Promise<boolean> {
  let releaseFirst!: () => void;
  const firstMayEnd = new Promise<void>((resolve) => (releaseFirst = resolve));
  let firstStarted!: () => void;
  const firstIsOpen = new Promise<void>((resolve) => (firstStarted = resolve));
  const first = connection.db.transaction(async (tx) => {
    await tx.execute(sql`select 1`);
    firstStarted();
    await firstMayEnd;
  });
  await firstIsOpen;
  const second = connection.db.transaction(async (tx) => {
    await tx.execute(sql`select 1`);
  });
  let timer: NodeJS.Timeout | undefined;
  const outcome = await Promise.race([
    second.then(() => 'second ended' as const),
    new Promise<'still waiting'>((resolve) => (timer = setTimeout(() => resolve('still waiting'), OVERLAP_WINDOW_MS))),
  ]);
  clearTimeout(timer);
  releaseFirst();
  await Promise.all([first, second]);
  return outcome === 'second ended';
}

describe('transactionsAreSerial', () => {
  it(`is true exactly when a second transaction cannot run while a first is open (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, async () => {
    const overlap = await transactionsOverlap();
    expect(overlap).toBe(Boolean(process.env.DATABASE_URL));
    expect(transactionsAreSerial(connection.db)).toBe(!overlap);
  });
});
