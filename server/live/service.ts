import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  LIVE_ALREADY_LIVE_MESSAGE,
  LIVE_NOT_HOST_MESSAGE,
  LIVE_NOT_WATCHING_MESSAGE,
  LIVE_OWN_STREAM_MESSAGE,
  LIVE_START_MAX,
  LIVE_START_WINDOW_MS,
  LIVE_STREAM_ENDED_MESSAGE,
  LIVE_STREAM_NOT_FOUND_MESSAGE,
  type AdminStreamsResponse,
  type GoLiveBody,
  type GoLiveResponse,
  type LiveEndReason,
  type LiveStream,
} from '../../contract/live';
import { recordAdminAction } from '../admin/queries/audit';
import type { StreamRow, UserRow } from '../db/schema';
import type { OrbitDatabase } from '../db/types';
import { HttpError } from '../plugins/errors';
import type { CommandContext, Realtime, RoomSocket } from '../realtime/plugin';
import { LIVE_BAD_DESCRIPTION_MESSAGE, looksLikeDescription, mediaFailure } from './media-errors';
import { MediaForwarderError, type MediaForwarder } from './media/forwarder';
import {
  adminStreamsPage,
  blockedEitherWay,
  countStartsSince,
  endStreams,
  findLiveStreamOf,
  findStream,
  findStreamWithHost,
  hostedBy,
  hostedInEndedSession,
  insertStream,
  liveStreams,
  liveStreamsHostedByEither,
  liveStreamsOf,
  liveStreamsWithHosts,
  raisePeak,
  recordViewer,
  streamIs,
  type StreamFilter,
  type Transaction,
} from './queries';
import type { ViewerRewards } from './viewer-rewards';
import { AUDIENCE_ROOM_PREFIX, audienceRoom, hostRoom, toAdminStream, toLiveStream } from './views';

export const LIVE_START_RATE_MESSAGE = 'You have started too many streams, please wait a while';
export const ADMIN_STREAMS_PAGE_SIZE = 20;

export interface LiveServiceDeps {
  db: OrbitDatabase;
  realtime: Realtime;
  forwarder: MediaForwarder;
  log: FastifyBaseLogger;
  /** Times each viewer's first minute, for the host's coins. */
  rewards: ViewerRewards;
  now?: () => Date;
}

export type LiveService = ReturnType<typeof createLiveService>;

type StreamRef = Pick<StreamRow, 'id' | 'hostId'>;

/**
 * Live streams as stored, and who is in their rooms. Every ending is one
 * conditional update (`ended_at is null`), so two endings racing (the host's
 * End and the grace timer, two processes' sweeps) end a stream once, and only
 * the winner unpublishes it and tells everyone.
 */
export function createLiveService({ db, realtime, forwarder, log, rewards, now = () => new Date() }: LiveServiceDeps) {
  const endedListeners: Array<(stream: StreamRow) => void> = [];
  const publishedListeners: Array<(streamId: string) => void> = [];
  /** One recount at a time per stream, in order, so a late count never overwrites a newer one. */
  const recounts = new Map<string, Promise<void>>();

  /** Distinct members among an audience's sockets; the host never counts. */
  const distinctViewers = (stream: StreamRef, sockets: readonly RoomSocket[]): number =>
    new Set(sockets.map((socket) => socket.userId).filter((userId) => userId !== stream.hostId)).size;

  /** Distinct members with a socket in the audience (the host never counts), on every process. */
  async function viewersOf(stream: StreamRef): Promise<number> {
    return distinctViewers(stream, await realtime.socketsIn(audienceRoom(stream.id)));
  }

  /** viewersOf for several streams from one read of the rooms (a list costs one fetch, not one per stream); ended streams count 0. */
  async function viewersOfEach(streams: ReadonlyArray<StreamRef & { endedAt: Date | null }>): Promise<Map<string, number>> {
    const live = streams.filter((stream) => !stream.endedAt);
    const audiences = await realtime.socketsInRooms(live.map((stream) => audienceRoom(stream.id)));
    return new Map(live.map((stream) => [stream.id, distinctViewers(stream, audiences.get(audienceRoom(stream.id)) ?? [])]));
  }

  /** Counts the audience again, tells the host and the audience, and keeps the peak. */
  function recount(stream: StreamRef): Promise<void> {
    const previous = recounts.get(stream.id) ?? Promise.resolve();
    const next = previous
      .then(async () => {
        const viewers = await viewersOf(stream);
        realtime.toRoom([audienceRoom(stream.id), hostRoom(stream.id)], 'live:viewers', { streamId: stream.id, viewers });
        await raisePeak(db, stream.id, viewers);
      })
      .catch((error: unknown) => log.warn({ err: error }, 'live viewer count failed'));
    recounts.set(stream.id, next);
    void next.then(() => {
      if (recounts.get(stream.id) === next) recounts.delete(stream.id);
    });
    return next;
  }

  async function viewOf(row: StreamRow, host: Parameters<typeof toLiveStream>[1]): Promise<LiveStream> {
    return toLiveStream(row, host, row.endedAt ? 0 : await viewersOf(row));
  }

  async function streamView(streamId: string): Promise<LiveStream> {
    const found = await findStreamWithHost(db, streamId);
    if (!found) throw new HttpError(404, LIVE_STREAM_NOT_FOUND_MESSAGE);
    return viewOf(found.stream, found.host);
  }

  /** The host and the audience hear the end; the rooms empty; the forwarder lets the source and its subscriptions go. */
  async function announceEnded(stream: StreamRow, reason: LiveEndReason): Promise<void> {
    const payload = { streamId: stream.id, reason };
    // The host's every tab, not only the one in the host room: one that has not sent `live:host` yet hears it too.
    realtime.toMember(stream.hostId, 'live:ended', payload);
    realtime.toRoom(audienceRoom(stream.id), 'live:ended', payload);
    realtime.leaveRoom(audienceRoom(stream.id));
    realtime.leaveRoom(hostRoom(stream.id));
    for (const listener of endedListeners) listener(stream);
    await forwarder.unpublish(stream.id).catch((error: unknown) => log.warn({ err: error, streamId: stream.id }, 'live unpublish failed'));
  }

  /** Ends whatever live streams match, each once; `alsoInTransaction` writes with the ending (the audit log). */
  async function end(where: StreamFilter, reason: LiveEndReason, alsoInTransaction?: (tx: Transaction, rows: StreamRow[]) => Promise<void>): Promise<StreamRow[]> {
    const at = now();
    const ended = await db.transaction(async (tx) => {
      const rows = await endStreams(tx, where, reason, at);
      if (alsoInTransaction && rows.length > 0) await alsoInTransaction(tx, rows);
      return rows;
    });
    for (const stream of ended) await announceEnded(stream, reason);
    return ended;
  }

  /**
   * For the routes that end a session or an account: their own change is
   * committed and must be answered as done; a stream that failed to end here
   * still ends when its host's socket is gone for the grace.
   */
  async function endAfterward(where: StreamFilter, reason: LiveEndReason): Promise<StreamRow[]> {
    return end(where, reason).catch((error: unknown) => {
      log.error({ err: error }, 'ending live streams failed');
      return [];
    });
  }

  async function streamOr404(streamId: string): Promise<StreamRow> {
    const stream = await findStream(db, streamId);
    if (!stream) throw new HttpError(404, LIVE_STREAM_NOT_FOUND_MESSAGE);
    return stream;
  }

  /** The host's own live stream, or why not: 404 unknown, 403 someone else's, 410 over. */
  async function hostedLiveStream(member: UserRow, streamId: string): Promise<StreamRow> {
    const stream = await streamOr404(streamId);
    if (stream.hostId !== member.id) throw new HttpError(403, LIVE_NOT_HOST_MESSAGE);
    if (stream.endedAt) throw new HttpError(410, LIVE_STREAM_ENDED_MESSAGE);
    return stream;
  }

  async function publish(streamId: string, offer: string): Promise<string> {
    if (!looksLikeDescription(offer)) throw new HttpError(400, LIVE_BAD_DESCRIPTION_MESSAGE);
    try {
      return await forwarder.publish(streamId, offer);
    } catch (error) {
      throw mediaFailure(error, log);
    }
  }

  /** Takes one socket out of an audience and lets its subscription go. */
  async function dropViewerSocket(streamId: string, socketId: string): Promise<void> {
    realtime.leaveRoom(audienceRoom(streamId), socketId);
    rewards.stopped(socketId);
    await forwarder.unsubscribe(socketId).catch((error: unknown) => log.warn({ err: error }, 'live unsubscribe failed'));
  }

  return {
    viewersOf,
    recount,

    /** GET /live/streams: who is live now, most watched first. */
    async liveNow(): Promise<LiveStream[]> {
      const rows = await liveStreamsWithHosts(db);
      const viewers = await viewersOfEach(rows.map(({ stream }) => stream));
      const views = rows.map(({ stream, host }) => toLiveStream(stream, host, viewers.get(stream.id) ?? 0));
      // Stable for equal counts: the longest-running first, as the rows came.
      return views.sort((first, second) => second.viewers - first.viewers);
    },

    /** GET /live/streams/:streamId: one stream, live or ended. */
    stream: streamView,

    /** A stream the member may see the chat of: 404 when unknown or when either blocked the other. */
    async visibleStream(member: UserRow, streamId: string): Promise<StreamRow> {
      const stream = await streamOr404(streamId);
      if (stream.hostId !== member.id && (await blockedEitherWay(db, member.id, stream.hostId))) throw new HttpError(404, LIVE_STREAM_NOT_FOUND_MESSAGE);
      return stream;
    },

    /**
     * POST /live/streams. One live stream per member: a second is 409, except
     * that a stream of the same session no tab hosts any more (the page was
     * reloaded within the grace) is ended and replaced. Published before it is
     * stored, so nobody finds a stream without a source.
     */
    async goLive(member: UserRow, sessionId: string, body: GoLiveBody, hostAddressFingerprint: string | null = null): Promise<GoLiveResponse> {
      const at = now();
      if ((await countStartsSince(db, member.id, new Date(at.getTime() - LIVE_START_WINDOW_MS))) >= LIVE_START_MAX) {
        throw new HttpError(429, LIVE_START_RATE_MESSAGE);
      }
      const existing = await findLiveStreamOf(db, member.id);
      if (existing) {
        const hosted = (await realtime.socketsIn(hostRoom(existing.id))).length > 0;
        if (hosted || existing.hostSessionId !== sessionId) throw new HttpError(409, LIVE_ALREADY_LIVE_MESSAGE);
        await end(streamIs(existing.id), 'ended');
      }
      const streamId = randomUUID();
      const answer = await publish(streamId, body.offer);
      const stored = await insertStream(db, { id: streamId, hostId: member.id, hostSessionId: sessionId, hostAddressFingerprint, title: body.title, startedAt: at }).catch(
        async (error: unknown) => {
          await forwarder.unpublish(streamId).catch(() => {});
          throw error;
        },
      );
      if (!stored) {
        // Another tab went live in the meantime.
        await forwarder.unpublish(streamId).catch((error: unknown) => log.warn({ err: error }, 'live unpublish failed'));
        throw new HttpError(409, LIVE_ALREADY_LIVE_MESSAGE);
      }
      return { stream: toLiveStream(stored, member, 0), answer };
    },

    /** POST /live/streams/:streamId/publish: the host's fresh connection replaces the source; viewers watch again. */
    async republish(member: UserRow, streamId: string, offer: string): Promise<{ answer: string }> {
      await hostedLiveStream(member, streamId);
      const answer = await publish(streamId, offer);
      // Ended while publishing: the new source must not outlive it.
      const stream = await streamOr404(streamId);
      if (stream.endedAt) {
        await forwarder.unpublish(streamId).catch(() => {});
        throw new HttpError(410, LIVE_STREAM_ENDED_MESSAGE);
      }
      for (const listener of publishedListeners) listener(streamId);
      realtime.toRoom(audienceRoom(streamId), 'live:republished', { streamId });
      return { answer };
    },

    /** POST /live/streams/:streamId/end: the host ends it; ending an ended stream answers it as it is. */
    async endByHost(member: UserRow, streamId: string): Promise<LiveStream> {
      const stream = await streamOr404(streamId);
      if (stream.hostId !== member.id) throw new HttpError(403, LIVE_NOT_HOST_MESSAGE);
      await end(streamIs(streamId), 'ended');
      return streamView(streamId);
    },

    /** POST /admin/streams/:streamId/end: recorded in the audit log with the ending; 409 when it is over already. */
    async endByAdmin(adminId: string, streamId: string): Promise<LiveStream> {
      const [ended] = await end(streamIs(streamId), 'admin', async (tx, rows) => {
        for (const row of rows) {
          await recordAdminAction(tx, {
            adminId,
            action: 'end-stream',
            targetType: 'user',
            targetId: row.hostId,
            details: `Stream "${row.title}" (${row.id})`,
          });
        }
      });
      if (!ended) {
        await streamOr404(streamId);
        throw new HttpError(409, LIVE_STREAM_ENDED_MESSAGE);
      }
      return streamView(streamId);
    },

    /** GET /admin/streams. */
    async adminStreams(state: 'live' | 'all', page: number): Promise<AdminStreamsResponse> {
      const { rows, total } = await adminStreamsPage(db, state === 'live', (page - 1) * ADMIN_STREAMS_PAGE_SIZE, ADMIN_STREAMS_PAGE_SIZE);
      const viewers = await viewersOfEach(rows.map(({ stream }) => stream));
      const streams = rows.map(({ stream, host }) => toAdminStream(stream, host, viewers.get(stream.id) ?? 0));
      return { streams, total, page, pageSize: ADMIN_STREAMS_PAGE_SIZE };
    },

    /** `live:host`: this socket is the host's leg of the stream (after going live and after every reconnect). */
    async claimHost(member: UserRow, streamId: string, context: CommandContext): Promise<StreamRow> {
      const stream = await hostedLiveStream(member, streamId);
      context.join(hostRoom(streamId));
      // A host back from a reconnect gets the count at once rather than at the next change.
      realtime.toRoom(context.socketId, 'live:viewers', { streamId, viewers: await viewersOf(stream) });
      return stream;
    },

    /**
     * `live:watch`: the socket joins the audience (leaving any other stream's:
     * its id is its one subscription) and gets the forwarder's offer. A stream
     * whose source is being replaced keeps the viewer in the audience without
     * an offer; `live:republished` asks them to watch again.
     */
    async watch(member: UserRow, streamId: string, context: CommandContext): Promise<void> {
      const stream = await streamOr404(streamId);
      if (stream.hostId === member.id) throw new HttpError(403, LIVE_OWN_STREAM_MESSAGE);
      if (await blockedEitherWay(db, member.id, stream.hostId)) throw new HttpError(404, LIVE_STREAM_NOT_FOUND_MESSAGE);
      if (stream.endedAt) throw new HttpError(410, LIVE_STREAM_ENDED_MESSAGE);
      const room = audienceRoom(streamId);
      for (const other of [...context.rooms]) {
        if (!other.startsWith(AUDIENCE_ROOM_PREFIX) || other === room) continue;
        const otherStream = await findStream(db, other.slice(AUDIENCE_ROOM_PREFIX.length));
        await dropViewerSocket(other.slice(AUDIENCE_ROOM_PREFIX.length), context.socketId);
        if (otherStream) await recount(otherStream);
      }
      // Sent again, a fresh subscription replaces the old one.
      await forwarder.unsubscribe(context.socketId).catch((error: unknown) => log.warn({ err: error }, 'live unsubscribe failed'));
      let offer: string | null = null;
      try {
        offer = await forwarder.subscribe(streamId, context.socketId);
      } catch (error) {
        if (!(error instanceof MediaForwarderError && error.code === 'not-published')) throw mediaFailure(error, log);
      }
      context.join(room);
      // Ended while subscribing: the ending emptied the room before this socket was in it.
      const current = await findStream(db, streamId);
      if (!current || current.endedAt) {
        await dropViewerSocket(streamId, context.socketId);
        throw new HttpError(410, LIVE_STREAM_ENDED_MESSAGE);
      }
      await recordViewer(db, streamId, member.id, now());
      rewards.started(stream, member.id, context.socketId);
      await recount(stream);
      if (offer !== null) realtime.toRoom(context.socketId, 'live:offer', { streamId, offer });
    },

    /** `live:answer`: the viewer's answer to this socket's offer. */
    async answer(streamId: string, answerSdp: string, context: CommandContext): Promise<void> {
      if (!context.rooms.has(audienceRoom(streamId))) throw new HttpError(403, LIVE_NOT_WATCHING_MESSAGE);
      if (!looksLikeDescription(answerSdp)) throw new HttpError(400, LIVE_BAD_DESCRIPTION_MESSAGE);
      try {
        await forwarder.answer(context.socketId, answerSdp);
      } catch (error) {
        throw mediaFailure(error, log);
      }
    },

    /** `live:leave` and a closed socket: out of the audience, subscription dropped, recounted. */
    async leave(streamId: string, socketId: string): Promise<void> {
      await dropViewerSocket(streamId, socketId);
      const stream = await findStream(db, streamId);
      if (stream && !stream.endedAt) await recount(stream);
    },

    /**
     * A block between two members: each one's sockets leave the other's
     * audience (told `removed`), as a viewer removed by the host expects.
     */
    async removeBlockedPair(firstId: string, secondId: string): Promise<void> {
      try {
        for (const stream of await liveStreamsHostedByEither(db, firstId, secondId)) {
          const viewerId = stream.hostId === firstId ? secondId : firstId;
          const sockets = (await realtime.socketsIn(audienceRoom(stream.id))).filter((socket) => socket.userId === viewerId);
          if (sockets.length === 0) continue;
          for (const socket of sockets) await dropViewerSocket(stream.id, socket.socketId);
          realtime.toMember(viewerId, 'live:ended', { streamId: stream.id, reason: 'removed' });
          await recount(stream);
        }
      } catch (error) {
        // The block itself is committed; a viewer left in the audience cannot watch again and is refused on their next command.
        log.error({ err: error }, 'removing blocked viewers failed');
      }
    },

    /** The host's connection stayed gone past the grace, or the source was not restored in time. */
    endLost: (streamId: string) => end(streamIs(streamId), 'lost'),
    /** A ban: the member's stream ends. */
    endMemberStreams: (memberId: string) => endAfterward(hostedBy(memberId), 'banned'),
    /** A session ended (sign-out, a device signed out, a password change): a stream started from it ends. */
    endSignedOutStreams: (memberId: string) => endAfterward(hostedInEndedSession(memberId), 'signed-out'),
    /** Read before an account deletion, which takes the rows with it (then forgetStreams). */
    liveStreamsOf: (memberId: string) => liveStreamsOf(db, memberId),
    /** Streams whose rows are gone (an account deleted): the audience still hears the end, the forwarder lets them go. */
    async forgetStreams(rows: StreamRow[], reason: LiveEndReason): Promise<void> {
      for (const stream of rows) await announceEnded(stream, reason);
    },
    /** Every live stream (the sweep checks each has a host). */
    liveStreams: () => liveStreams(db),
    /** Told of every stream that ended here (timers to clear). */
    onEnded(listener: (stream: StreamRow) => void): void {
      endedListeners.push(listener);
    },
    /** Told when a host published again (the source is back). */
    onPublished(listener: (streamId: string) => void): void {
      publishedListeners.push(listener);
    },
  };
}
