import type { FastifyBaseLogger } from 'fastify';
import { earnForLiveViewer } from '../coins/earning';
import type { OrbitDatabase } from '../db/types';
import type { Realtime } from '../realtime/plugin';
import { findStream } from './queries';
import { audienceRoom } from './views';

// Going live pays the host (issue 48: "How to Earn Coins" made true): a
// member who watches a minute without a break earns the host coins
// (earnForLiveViewer caps them per stream). Each watching socket has a timer in
// the process that holds it; leaving the audience (or the socket closing)
// stops it, and when it fires the socket must still be in the audience of a
// stream that is still live.

interface WatchedStream {
  id: string;
  hostId: string;
}

export interface ViewerRewardsDeps {
  db: OrbitDatabase;
  realtime: Realtime;
  log: FastifyBaseLogger;
  /** How long a member watches before the host earns (LIVE_VIEWER_EARNING.watchMs; tests shorten it). */
  watchMs: number;
}

export type ViewerRewards = ReturnType<typeof createViewerRewards>;

export function createViewerRewards({ db, realtime, log, watchMs }: ViewerRewardsDeps) {
  const timers = new Map<string, NodeJS.Timeout>();

  async function reward(stream: WatchedStream, viewerId: string, socketId: string): Promise<void> {
    const audience = await realtime.socketsIn(audienceRoom(stream.id));
    if (!audience.some((socket) => socket.socketId === socketId)) return;
    const current = await findStream(db, stream.id);
    if (!current || current.endedAt) return;
    const entry = await earnForLiveViewer(db, stream.hostId, stream.id, viewerId);
    if (entry) realtime.toMember(stream.hostId, 'coins:balance', { balance: entry.balanceAfter, entry });
  }

  function stopped(socketId: string): void {
    clearTimeout(timers.get(socketId));
    timers.delete(socketId);
  }

  return {
    /** The socket joined the stream's audience: its minute starts (again, after a switch of streams). */
    started(stream: WatchedStream, viewerId: string, socketId: string): void {
      stopped(socketId);
      const timer = setTimeout(() => {
        timers.delete(socketId);
        reward(stream, viewerId, socketId).catch((error: unknown) => log.warn({ err: error, streamId: stream.id }, 'live viewer reward failed'));
      }, watchMs);
      // A watching socket never holds the process open on its own.
      timer.unref();
      timers.set(socketId, timer);
    },
    stopped,
    close(): void {
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    },
  };
}
