import type { FastifyBaseLogger } from 'fastify';
import type { Realtime } from '../realtime/plugin';
import { createGraceTimers } from '../lib/grace-timers';
import type { LiveChat } from './chat';
import type { MediaForwarder } from './media/forwarder';
import type { LiveService } from './service';
import { AUDIENCE_ROOM_PREFIX, HOST_ROOM_PREFIX, hostRoom } from './views';

export interface LiveSignallingDeps {
  realtime: Realtime;
  live: LiveService;
  chat: LiveChat;
  forwarder: MediaForwarder;
  log: FastifyBaseLogger;
  /** How long a stream survives without its host's socket, or without its source (LIVE_HOST_GRACE_MS). */
  hostGraceMs: number;
  /** How often streams this process has no timer for are checked (another process died with its hosts' sockets). */
  sweepIntervalMs: number;
}

/**
 * The `live:*` commands on the realtime channel, and the clocks of streams:
 * a grace timer per stream whose host's socket is gone, one per stream whose
 * source the forwarder lost, and a sweep (at start-up, then every
 * sweepIntervalMs) that starts the first kind for live streams nobody hosts,
 * as after a restart. Every ending is a conditional update, so a timer
 * firing for a stream that already ended changes nothing.
 */
export function startLiveSignalling({ realtime, live, chat, forwarder, log, hostGraceMs, sweepIntervalMs }: LiveSignallingDeps): { stop(): void } {
  const hostTimers = createGraceTimers();
  const sourceTimers = createGraceTimers();
  let stopped = false;
  let sweeping = false;

  const run = (work: () => Promise<unknown>): Promise<void> => {
    if (stopped) return Promise.resolve();
    return work().then(
      () => {},
      (error: unknown) => log.warn({ err: error }, 'live stream timer work failed'),
    );
  };

  const hasHost = async (streamId: string) => (await realtime.socketsIn(hostRoom(streamId))).length > 0;

  /** The host has no socket on the stream: unless one comes back (`live:host`) within the grace, the stream is lost. */
  const watchHost = (streamId: string) => {
    hostTimers.start(streamId, hostGraceMs, () =>
      void run(async () => {
        if (!(await hasHost(streamId))) await live.endLost(streamId);
      }),
    );
  };

  // The host's media connection died without an unpublish: unless they publish again within the grace, the stream is lost.
  forwarder.onSourceLost((streamId) => sourceTimers.start(streamId, hostGraceMs, () => void run(() => live.endLost(streamId))));

  live.onPublished((streamId) => sourceTimers.cancel(streamId));
  live.onEnded((stream) => {
    hostTimers.cancel(stream.id);
    sourceTimers.cancel(stream.id);
  });

  realtime.handle('live:host', async (member, { streamId }, socket) => {
    await live.claimHost(member, streamId, socket);
    hostTimers.cancel(streamId);
  });

  realtime.handle('live:watch', (member, { streamId }, socket) => live.watch(member, streamId, socket));

  realtime.handle('live:answer', (_member, { streamId, answer }, socket) => live.answer(streamId, answer, socket));

  // Leaving a stream one is not watching changes nothing and is answered ok: the tab's cleanup may run twice.
  realtime.handle('live:leave', async (_member, { streamId }, socket) => {
    if (socket.rooms.has(`${AUDIENCE_ROOM_PREFIX}${streamId}`)) await live.leave(streamId, socket.socketId);
  });

  realtime.handle('live:chat', (member, { streamId, text }, socket) => chat.send(member, streamId, text, socket));

  realtime.handle('live:remove-chat', (member, { streamId, messageId }) => chat.remove(member, streamId, messageId));

  realtime.handle('live:mute', (member, { streamId, userId }) => chat.mute(member, streamId, userId));

  realtime.onDisconnect(({ socketId, rooms }) => {
    for (const room of rooms) {
      if (room.startsWith(HOST_ROOM_PREFIX)) {
        const streamId = room.slice(HOST_ROOM_PREFIX.length);
        // Another tab of the host may still hold the stream; the timer checks when it fires.
        watchHost(streamId);
      } else if (room.startsWith(AUDIENCE_ROOM_PREFIX)) {
        void run(() => live.leave(room.slice(AUDIENCE_ROOM_PREFIX.length), socketId));
      }
    }
  });

  // Streams whose host left no timer here: a process that died (its sockets with it), or a host who never sent `live:host`.
  const sweepOnce = () => {
    if (sweeping || stopped) return;
    sweeping = true;
    void run(async () => {
      for (const stream of await live.liveStreams()) {
        if (!hostTimers.has(stream.id) && !(await hasHost(stream.id))) watchHost(stream.id);
      }
    }).finally(() => {
      sweeping = false;
    });
  };
  const startup = setTimeout(sweepOnce, 0);
  startup.unref();
  const sweep = setInterval(sweepOnce, sweepIntervalMs);
  sweep.unref();

  return {
    stop() {
      stopped = true;
      clearTimeout(startup);
      clearInterval(sweep);
      hostTimers.close();
      sourceTimers.close();
    },
  };
}
