import type { FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';
import type { PushSettings } from '../environment';
import { memberOfUnsubscribeToken, sendNewsEmails } from './news-email';
import { createPushSender, type PushSender } from './push-sender';

declare module 'fastify' {
  interface FastifyInstance {
    /** Web push to members' browsers; null on a server without VAPID keys (some tests), which pushes nothing. */
    push: { sender: PushSender; publicKey: string; httpsOnly: boolean } | null;
    /** The daily news email: a sweep every quarter hour, and its unsubscribe tokens. */
    newsEmails: {
      /** Sends every news email due at `now`; returns how many went out. */
      sendDue(now: Date): Promise<number>;
      /** The member an unsubscribe token was signed for, or null. */
      memberOf(token: string): string | null;
    };
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
  /** Keys the news email's unsubscribe tokens (derived from the JWT secret by the app). */
  unsubscribeSecret: string;
  /** How often the news email sweep runs; unset: every 15 minutes. */
  newsEmailSweepMs?: number;
}

const NEWS_EMAIL_SWEEP_MS = 15 * 60 * 1000;

/** News for members who are away, as the rest of the server reaches it: pushes now, and a daily email for what they missed. */
const notificationsPlugin: FastifyPluginCallback<NotificationsPluginOptions> = (app, options, done) => {
  const { settings } = options;
  const push = settings
    ? {
        sender: createPushSender({ db: app.db, settings, log: app.log, isConnected: (userId) => app.realtime.isConnected(userId) }),
        publicKey: settings.publicKey,
        httpsOnly: options.httpsOnly,
      }
    : null;
  app.decorate('push', push);

  const deps = { db: app.db, mailer: app.mailer, secret: options.unsubscribeSecret, log: app.log };
  app.decorate('newsEmails', {
    sendDue: (now: Date) => sendNewsEmails(deps, now),
    memberOf: (token: string) => memberOfUnsubscribeToken(options.unsubscribeSecret, token),
  });

  let timer: NodeJS.Timeout | undefined;
  let sweeping: Promise<void> | undefined;
  app.addHook('onReady', (hookDone) => {
    timer = setInterval(() => {
      sweeping ??= sendNewsEmails(deps, new Date())
        .then((sent) => {
          if (sent > 0) app.log.info({ sent }, 'news emails sent');
        })
        .catch((error: unknown) => app.log.warn({ err: error }, 'news email sweep failed'))
        .finally(() => {
          sweeping = undefined;
        });
    }, options.newsEmailSweepMs ?? NEWS_EMAIL_SWEEP_MS);
    timer.unref();
    hookDone();
  });
  // Before the database closes: a sweep under way and pushes being prepared finish first.
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await sweeping;
    await push?.sender.idle();
  });
  done();
};

export default fp(notificationsPlugin, { name: 'orbit-notifications', fastify: '5.x', dependencies: ['orbit-database', 'orbit-realtime', 'orbit-mail'] });
