import type { AdminStream, LiveChatMessage, LiveHost, LiveStream } from '../../contract/live';
import type { StreamRow } from '../db/schema';
import { defaultAvatarUrl } from '../members/views';
import type { ChatRow, HostColumns } from './queries';

/** The realtime room of a stream's audience: every viewer's socket (never the host's). */
export const audienceRoom = (streamId: string) => `live:${streamId}`;
/** The realtime room of the host's leg: the socket(s) that sent `live:host`. */
export const hostRoom = (streamId: string) => `live-host:${streamId}`;

export const AUDIENCE_ROOM_PREFIX = audienceRoom('');
export const HOST_ROOM_PREFIX = hostRoom('');

export const hostView = (host: HostColumns): LiveHost => ({
  id: host.id,
  name: host.name || host.username,
  avatar: host.avatar || defaultAvatarUrl(host.username, host.gender),
});

/** A stream as the contract shows it; `viewers` is the live count (0 once it ended). */
export function toLiveStream(stream: StreamRow, host: HostColumns, viewers: number): LiveStream {
  return {
    id: stream.id,
    host: hostView(host),
    title: stream.title,
    startedAt: stream.startedAt.toISOString(),
    state: stream.endedAt ? 'ended' : 'live',
    viewers: stream.endedAt ? 0 : viewers,
    peakViewers: Math.max(stream.peakViewers, stream.endedAt ? 0 : viewers),
    endedAt: stream.endedAt?.toISOString() ?? null,
    endReason: stream.endReason ?? null,
  };
}

export const toAdminStream = (stream: StreamRow, host: HostColumns, viewers: number): AdminStream => ({
  ...toLiveStream(stream, host, viewers),
  totalViewers: stream.totalViewers,
});

export const toChatMessage = (row: ChatRow): LiveChatMessage => ({
  id: row.id,
  user: row.name || row.username,
  userId: row.senderId,
  message: row.body,
  timestamp: row.createdAt.toISOString(),
});
