import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { previousUtcDay, reconcileDay } from './reconciliation';

/** The first look a minute after start (not during it), then every hour: the day's run happens within an hour of midnight UTC. */
const FIRST_CHECK_MS = 60_000;
const CHECK_EVERY_MS = 60 * 60_000;

/**
 * Runs the daily reconciliation of the day before. Every process looks; the
 * run's row is claimed by inserting it, so one process makes each day's run.
 */
function reconciliationPlugin(app: FastifyInstance, _options: object, done: (error?: Error) => void): void {
  let running: Promise<unknown> | null = null;
  const check = () => {
    if (running) return;
    running = reconcileDay(app, previousUtcDay(new Date()))
      .catch((error: unknown) => app.log.error({ err: error }, 'the daily reconciliation failed'))
      .finally(() => {
        running = null;
      });
  };
  let interval: NodeJS.Timeout | undefined;
  const first = setTimeout(() => {
    check();
    interval = setInterval(check, CHECK_EVERY_MS);
    interval.unref();
  }, FIRST_CHECK_MS);
  first.unref();
  app.addHook('onClose', async () => {
    clearTimeout(first);
    clearInterval(interval);
    // A run under way finishes before the database closes.
    await running;
  });
  done();
}

export default fp(reconciliationPlugin, { name: 'orbit-reconciliation', fastify: '5.x', dependencies: ['orbit-database', 'orbit-payments'] });
