import type { FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';
import { PRESENCE_SWEEP_INTERVAL_MS, settlePresence } from '../auth/presence';

export interface PresencePluginOptions {
  /** How often quiet members are marked offline; tests shorten it. */
  sweepIntervalMs?: number;
}

/**
 * Members close the tab far more often than they log out; this sweep is what
 * turns their "Online now" into "Active … ago" (see auth/presence.ts).
 */
const presencePlugin: FastifyPluginCallback<PresencePluginOptions> = (app, options, done) => {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const sweep = () => {
    running ??= settlePresence(app.db, new Date())
      .then((wentOffline) => {
        if (wentOffline > 0) app.log.debug({ wentOffline }, 'presence settled');
      })
      .catch((error: unknown) => app.log.warn({ err: error }, 'presence sweep failed'))
      .finally(() => {
        running = undefined;
      });
  };

  app.addHook('onReady', (hookDone) => {
    timer = setInterval(sweep, options.sweepIntervalMs ?? PRESENCE_SWEEP_INTERVAL_MS);
    timer.unref();
    hookDone();
  });
  // preClose runs before every onClose hook, so a sweep under way finishes before the database plugin closes the connection.
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await running;
  });
  done();
};

export default fp(presencePlugin, { name: 'orbit-presence', fastify: '5.x', dependencies: ['orbit-database'] });
