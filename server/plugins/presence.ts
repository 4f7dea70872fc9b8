import type { FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';
import { PRESENCE_SWEEP_INTERVAL_MS, settlePresence } from '../auth/presence';
import { settleDemoPresence } from '../discovery/queries/demo-presence';

export interface PresencePluginOptions {
  /** How often quiet members are marked offline; tests shorten it. */
  sweepIntervalMs?: number;
  /**
   * Whether seeded demo people come and go on their schedule
   * (discovery/demo-presence.ts). Off in production, which has none: the
   * step would only read the table for nothing every minute.
   */
  demoPresence?: boolean;
}

/**
 * Members close the tab far more often than they log out; this sweep is what
 * turns their "Online now" into "Active … ago" (see auth/presence.ts). The
 * same sweep, and once at start-up, moves demo people along their schedule.
 */
const presencePlugin: FastifyPluginCallback<PresencePluginOptions> = (app, options, done) => {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const demoPresence = options.demoPresence ?? true;

  const settleDemo = async () => {
    if (!demoPresence) return;
    const changed = await settleDemoPresence(app.db, new Date());
    if (changed > 0) app.log.debug({ changed }, 'demo presence settled');
  };
  const settleMembers = async () => {
    const wentOffline = await settlePresence(app.db, new Date());
    if (wentOffline > 0) app.log.debug({ wentOffline }, 'presence settled');
  };
  const settleEveryone = async () => {
    await settleMembers();
    await settleDemo();
  };
  const run = (step: () => Promise<void>) => {
    running ??= step()
      .catch((error: unknown) => app.log.warn({ err: error }, 'presence sweep failed'))
      .finally(() => {
        running = undefined;
      });
  };

  app.addHook('onReady', (hookDone) => {
    // Demo people take their places at once rather than a minute in; not awaited, so a database that is slow to answer does not hold up the start.
    run(settleDemo);
    timer = setInterval(() => run(settleEveryone), options.sweepIntervalMs ?? PRESENCE_SWEEP_INTERVAL_MS);
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
