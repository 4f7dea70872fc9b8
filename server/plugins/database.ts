import type { FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';
import type { DatabaseConnection, DatabaseDriver } from '../db/client';
import { MAINTENANCE_INTERVAL_MS, maintainTables } from '../db/embedded-maintenance';
import type { OrbitDatabase } from '../db/types';

declare module 'fastify' {
  interface FastifyInstance {
    db: OrbitDatabase;
    dbDriver: DatabaseDriver;
  }
}

export interface DatabasePluginOptions {
  /** An open, migrated connection; the app owns it from here and closes it on shutdown. */
  connection: DatabaseConnection;
  /** How often the embedded database's tables are vacuumed and analysed when due (see embedded-maintenance.ts). */
  maintenanceIntervalMs?: number;
}

const databasePlugin: FastifyPluginCallback<DatabasePluginOptions> = (app, options, done) => {
  const { connection } = options;
  app.decorate('db', connection.db);
  app.decorate('dbDriver', connection.driver);

  // PostgreSQL runs its own autovacuum; PGlite has none, so the app stands in for it.
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const maintain = () => {
    running ??= maintainTables(connection.pool)
      .then((maintained) => {
        // Routine, like autovacuum's own work, which PostgreSQL does not log by default.
        if (maintained.length > 0) app.log.debug({ tables: maintained }, 'embedded database maintenance');
      })
      .catch((error: unknown) => app.log.warn({ err: error }, 'embedded database maintenance failed'))
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  // The connection restarts a failed embedded database itself (pglite-connection.ts); the log says so.
  const stopWatching = connection.watchEmbedded?.((event) => {
    if (event.type === 'failed') app.log.error({ reason: event.reason }, event.restarting ? 'embedded database failed; opening it again' : 'embedded database failed');
    else if (event.type === 'restarted') app.log.warn({ afterMs: event.afterMs }, 'embedded database open again');
    else app.log.error({ reason: event.reason, retryInMs: event.retryInMs }, 'embedded database did not open again; retrying');
  });
  if (connection.driver === 'pglite') {
    // At start-up first, so a database seeded a moment ago is planned with real row counts from the first request.
    app.addHook('onReady', async () => {
      await maintain();
      timer = setInterval(() => void maintain(), options.maintenanceIntervalMs ?? MAINTENANCE_INTERVAL_MS);
      timer.unref();
    });
  }

  app.addHook('onClose', async () => {
    stopWatching?.();
    clearInterval(timer);
    await running;
    await connection.close();
  });
  done();
};

export default fp(databasePlugin, { name: 'orbit-database', fastify: '5.x' });
