import type { FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';
import type { PushSettings } from '../environment';
import { createPushSender, type PushSender } from './push-sender';

declare module 'fastify' {
  interface FastifyInstance {
    /** Web push to members' browsers; null on a server without VAPID keys (some tests), which pushes nothing. */
    push: { sender: PushSender; publicKey: string; httpsOnly: boolean } | null;
  }
}

export interface NotificationsPluginOptions {
  settings: PushSettings | undefined;
  /**
   * Production takes only https:// endpoints: every push service is one, and
   * a member-given http:// address would have the server post to plain
   * services on its own network. Tests run a push service on 127.0.0.1.
   */
  httpsOnly: boolean;
}

/** News for members who are away, as the rest of the server reaches it. */
const notificationsPlugin: FastifyPluginCallback<NotificationsPluginOptions> = (app, options, done) => {
  const { settings } = options;
  const push = settings ? { sender: createPushSender({ db: app.db, settings, log: app.log, isConnected: (userId) => app.realtime.isConnected(userId) }), publicKey: settings.publicKey, httpsOnly: options.httpsOnly } : null;
  app.decorate('push', push);
  // Pushes being prepared need the database: they settle before it closes.
  app.addHook('onClose', async () => {
    await push?.sender.idle();
  });
  done();
};

export default fp(notificationsPlugin, { name: 'orbit-notifications', fastify: '5.x', dependencies: ['orbit-database', 'orbit-realtime'] });
