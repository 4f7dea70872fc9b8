import type { FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';
import type { DatabaseConnection, DatabaseDriver } from '../db/client';
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
}

const databasePlugin: FastifyPluginCallback<DatabasePluginOptions> = (app, options, done) => {
  app.decorate('db', options.connection.db);
  app.decorate('dbDriver', options.connection.driver);
  app.addHook('onClose', async () => {
    await options.connection.close();
  });
  done();
};

export default fp(databasePlugin, { name: 'orbit-database', fastify: '5.x' });
