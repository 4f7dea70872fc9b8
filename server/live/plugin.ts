import { LIVE_VIEWER_EARNING } from '../../contract/constants';
import type { FastifyInstance, FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';
import type { LiveMediaSettings } from '../environment';
import { createLiveChat, type LiveChat } from './chat';
import { createMediaForwarder } from './media';
import type { MediaForwarder } from './media/forwarder';
import { createLiveService, type LiveService } from './service';
import { createViewerRewards } from './viewer-rewards';
import { startLiveSignalling } from './signalling';

/** Live streams as the rest of the server reaches them: the rules, the chat, and the forwarder (for the health answer and the bench). */
export type Live = LiveService & {
  chat: LiveChat;
  forwarder: MediaForwarder;
};

declare module 'fastify' {
  interface FastifyInstance {
    live: Live;
  }
}

export interface LivePluginOptions {
  settings: LiveMediaSettings;
  /** A forwarder of the caller's (tests give an in-memory one); unset: the one settings.kind names. */
  forwarder?: MediaForwarder;
  /** How long a stream survives without its host's socket or source; tests shorten it (default settings.hostGraceMs). */
  hostGraceMs?: number;
  /** How often streams without a timer in this process are checked; tests shorten it. */
  sweepIntervalMs?: number;
  /** How long a member watches before the host earns coins (default LIVE_VIEWER_EARNING.watchMs); tests shorten it. */
  viewerRewardMs?: number;
}

export const DEFAULT_LIVE_SWEEP_INTERVAL_MS = 5_000;

const livePlugin: FastifyPluginCallback<LivePluginOptions> = (app: FastifyInstance, options, done) => {
  let forwarder: MediaForwarder;
  if (options.forwarder) {
    forwarder = options.forwarder;
  } else {
    const made = createMediaForwarder(options.settings, app.log);
    // Janus is reached at start-up so its first stream does not wait for the session; werift costs nothing until used.
    if (made.kind === 'janus') made.warmUp();
    forwarder = made;
  }
  const rewards = createViewerRewards({ db: app.db, realtime: app.realtime, log: app.log, watchMs: options.viewerRewardMs ?? LIVE_VIEWER_EARNING.watchMs });
  const service = createLiveService({ db: app.db, realtime: app.realtime, forwarder, log: app.log, rewards });
  const chat = createLiveChat({ db: app.db, realtime: app.realtime });
  const signalling = startLiveSignalling({
    realtime: app.realtime,
    live: service,
    chat,
    forwarder,
    log: app.log,
    hostGraceMs: options.hostGraceMs ?? options.settings.hostGraceMs,
    sweepIntervalMs: options.sweepIntervalMs ?? DEFAULT_LIVE_SWEEP_INTERVAL_MS,
  });
  app.decorate('live', { ...service, chat, forwarder } satisfies Live);
  // Closing sockets starts grace timers; none may outlive the database, and the forwarder's connections go with the server.
  app.addHook('preClose', (hookDone) => {
    signalling.stop();
    hookDone();
  });
  app.addHook('onClose', async () => {
    signalling.stop();
    rewards.close();
    await forwarder.close().catch((error: unknown) => app.log.warn({ err: error }, 'closing the live media forwarder failed'));
  });
  done();
};

export default fp(livePlugin, { name: 'orbit-live', fastify: '5.x', dependencies: ['orbit-database', 'orbit-realtime', 'orbit-errors'] });
