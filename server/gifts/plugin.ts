import type { FastifyInstance, FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';
import { createGifts, type Gifts } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    gifts: Gifts;
  }
}

/** Gifts as the rest of the server reaches them, and the `live:gift` and `message:gift` commands on the realtime channel. */
const giftsPlugin: FastifyPluginCallback = (app: FastifyInstance, _options, done) => {
  const gifts = createGifts({ db: app.db, realtime: app.realtime, addressFingerprint: app.addressFingerprint });
  app.realtime.handle('live:gift', (member, command, socket) => gifts.sendToStream(member, command, socket));
  app.realtime.handle('message:gift', (member, command) => gifts.sendToMatch(member, command));
  app.decorate('gifts', gifts);
  done();
};

export default fp(giftsPlugin, { name: 'orbit-gifts', fastify: '5.x', dependencies: ['orbit-database', 'orbit-realtime', 'orbit-errors', 'orbit-live', 'orbit-address-fingerprint'] });
