// `npm run demo:remove`: deletes the demo account and the demo people a
// development start seeded, for good, from the database Orbit's environment
// names (DATA_DIR or DATABASE_URL, as `npm start` reads them), with the photo
// files the demo account uploaded. A production start only switches them off
// (server/db/seed/demo-data.ts); this is the way to be rid of them. The
// embedded database allows one process: stop Orbit first.
import pino from 'pino';
import { ConfigError, loadConfig } from '../server/environment';
import { openDatabase } from '../server/db/client';
import { deleteDemoAccount, demoDataIds } from '../server/db/seed/demo-data';
import { photoIdsOf } from '../server/photos/queries';
import { discardPhotoFiles } from '../server/photos/service';
import { photoStorageFor } from '../server/photos/storage-plugin';
import { describeErrorForLog } from '../server/lib/log-error';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  const storage = photoStorageFor(config);
  const log = pino({ level: 'warn' }, pino.destination(2));
  try {
    const ids = await demoDataIds(database.db);
    for (const id of ids) {
      const photoIds = await photoIdsOf(database.db, id);
      await deleteDemoAccount(database.db, id);
      await discardPhotoFiles({ storage, log }, photoIds);
    }
    process.stdout.write(
      ids.length === 0 ? 'No demo data to remove.\n' : `Removed the demo data for good: ${ids.length} accounts (the demo account and the demo people).\n`,
    );
  } finally {
    await database.close();
    await storage.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`Removing the demo data failed: ${error instanceof ConfigError ? error.message : describeErrorForLog(error)}\n`);
  process.exit(1);
});
