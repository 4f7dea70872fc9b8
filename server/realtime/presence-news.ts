import type { PresenceEvent } from '../../contract/realtime';
import { matchPairsOf, type Executor } from '../messaging/queries';
import { membersHidingActivity } from './queries';

/** How long presence news is gathered before it goes out: long enough to batch a reconnect storm, too short for anyone to notice. */
export const PRESENCE_NEWS_BATCH_MS = 50;

export interface PresenceNews {
  /** The member came online or went offline: their matches hear of it with the next batch. */
  announce: (userId: string, isOnline: boolean) => void;
  stop: () => void;
}

/**
 * Tells members' matches who came online or went offline. News is gathered
 * for PRESENCE_NEWS_BATCH_MS and the matches of the whole batch are read in
 * one query: a thousand members reconnecting after a restart cost a handful
 * of queries, not a thousand.
 */
export function createPresenceNews(
  db: Executor,
  tell: (peerId: string, event: PresenceEvent) => void,
  onError: (error: unknown) => void,
  batchMs: number = PRESENCE_NEWS_BATCH_MS,
): PresenceNews {
  // The latest news per member wins (online then offline within one batch is offline).
  let pending = new Map<string, boolean>();
  let timer: NodeJS.Timeout | null = null;

  const flush = async () => {
    const batch = pending;
    pending = new Map();
    timer = null;
    // Members who hide their activity are never announced: their matches see them as offline throughout.
    for (const id of await membersHidingActivity(db, [...batch.keys()])) batch.delete(id);
    if (batch.size === 0) return;
    for (const { userAId, userBId } of await matchPairsOf(db, [...batch.keys()])) {
      const aOnline = batch.get(userAId);
      if (aOnline !== undefined) tell(userBId, { userId: userAId, isOnline: aOnline });
      const bOnline = batch.get(userBId);
      if (bOnline !== undefined) tell(userAId, { userId: userBId, isOnline: bOnline });
    }
  };

  return {
    announce: (userId, isOnline) => {
      pending.set(userId, isOnline);
      if (timer) return;
      timer = setTimeout(() => void flush().catch(onError), batchMs);
      timer.unref();
    },
    stop: () => {
      if (timer) clearTimeout(timer);
      timer = null;
      pending = new Map();
    },
  };
}
