import {
  LIVE_CHAT_HISTORY,
  LIVE_CHAT_RATE_MAX,
  LIVE_CHAT_RATE_MESSAGE,
  LIVE_CHAT_RATE_WINDOW_MS,
  LIVE_MUTE_MS,
  LIVE_MUTE_NOT_WATCHING_MESSAGE,
  LIVE_MUTED_MESSAGE,
  LIVE_NOT_HOST_MESSAGE,
  LIVE_NOT_WATCHING_MESSAGE,
  LIVE_STREAM_ENDED_MESSAGE,
  LIVE_STREAM_NOT_FOUND_MESSAGE,
  type LiveChatResponse,
} from '../../contract/live';
import type { StreamRow, UserRow } from '../db/schema';
import type { OrbitDatabase } from '../db/types';
import { HttpError } from '../plugins/errors';
import type { CommandContext, Realtime } from '../realtime/plugin';
import { chatMessageExists, countChatSince, findStream, insertChat, markChatRemoved, muteViewer, mutedUntil, recentChat } from './queries';
import { audienceRoom, hostRoom, toChatMessage } from './views';

export const LIVE_CHAT_NOT_FOUND_MESSAGE = 'Message not found';
export const LIVE_MUTE_SELF_MESSAGE = "You can't mute yourself";

export interface LiveChatDeps {
  db: OrbitDatabase;
  realtime: Realtime;
  now?: () => Date;
}

export type LiveChat = ReturnType<typeof createLiveChat>;

/**
 * A stream's chat: stored (stream_messages), then sent to the host and the
 * audience. Who may write is read from the rooms: the host, and a socket
 * that is watching; the host alone removes messages and mutes viewers.
 */
export function createLiveChat({ db, realtime, now = () => new Date() }: LiveChatDeps) {
  const everyone = (streamId: string) => [audienceRoom(streamId), hostRoom(streamId)];

  async function streamOr404(streamId: string): Promise<StreamRow> {
    const stream = await findStream(db, streamId);
    if (!stream) throw new HttpError(404, LIVE_STREAM_NOT_FOUND_MESSAGE);
    return stream;
  }

  async function moderatedStream(member: UserRow, streamId: string): Promise<StreamRow> {
    const stream = await streamOr404(streamId);
    if (stream.hostId !== member.id) throw new HttpError(403, LIVE_NOT_HOST_MESSAGE);
    return stream;
  }

  return {
    /** GET /live/streams/:streamId/chat: the recent messages, oldest first, and whether the member is muted here. */
    async history(member: UserRow, stream: StreamRow): Promise<LiveChatResponse> {
      const [rows, until] = await Promise.all([recentChat(db, stream.id, LIVE_CHAT_HISTORY), mutedUntil(db, stream.id, member.id, now())]);
      return { messages: rows.map(toChatMessage), mutedUntil: until?.toISOString() ?? null };
    },

    /** `live:chat`: the host, or a socket in the audience, not muted, within the rate. */
    async send(member: UserRow, streamId: string, text: string, context: CommandContext): Promise<void> {
      const stream = await streamOr404(streamId);
      const isHost = stream.hostId === member.id;
      if (!isHost && !context.rooms.has(audienceRoom(streamId))) throw new HttpError(403, LIVE_NOT_WATCHING_MESSAGE);
      if (stream.endedAt) throw new HttpError(410, LIVE_STREAM_ENDED_MESSAGE);
      const at = now();
      if (!isHost && (await mutedUntil(db, streamId, member.id, at))) throw new HttpError(403, LIVE_MUTED_MESSAGE);
      if ((await countChatSince(db, streamId, member.id, new Date(at.getTime() - LIVE_CHAT_RATE_WINDOW_MS))) >= LIVE_CHAT_RATE_MAX) {
        throw new HttpError(429, LIVE_CHAT_RATE_MESSAGE);
      }
      const row = await insertChat(db, { streamId, senderId: member.id, body: text, createdAt: at });
      const message = toChatMessage({ id: row.id, body: row.body, createdAt: row.createdAt, senderId: member.id, username: member.username, name: member.name });
      realtime.toRoom(everyone(streamId), 'live:chat', { streamId, message });
    },

    /** `live:remove-chat`: the host removes a message for everyone (removing it again changes nothing). */
    async remove(member: UserRow, streamId: string, messageId: string): Promise<void> {
      await moderatedStream(member, streamId);
      if (await markChatRemoved(db, streamId, messageId, now())) {
        realtime.toRoom(everyone(streamId), 'live:chat-removed', { streamId, messageId });
        return;
      }
      if (!(await chatMessageExists(db, streamId, messageId))) throw new HttpError(404, LIVE_CHAT_NOT_FOUND_MESSAGE);
    },

    /** `live:mute`: the host mutes a member for LIVE_MUTE_MS; their tabs hear until when. */
    async mute(member: UserRow, streamId: string, userId: string): Promise<void> {
      const stream = await moderatedStream(member, streamId);
      if (stream.endedAt) throw new HttpError(410, LIVE_STREAM_ENDED_MESSAGE);
      if (userId === member.id) throw new HttpError(400, LIVE_MUTE_SELF_MESSAGE);
      // Only someone in the audience now: a mute is not a way to reach any member (or one the host blocked, whom the block took out).
      const audience = await realtime.socketsIn(audienceRoom(streamId));
      if (!audience.some((socket) => socket.userId === userId)) throw new HttpError(404, LIVE_MUTE_NOT_WATCHING_MESSAGE);
      const until = new Date(now().getTime() + LIVE_MUTE_MS);
      await muteViewer(db, streamId, userId, until);
      realtime.toMember(userId, 'live:muted', { streamId, until: until.toISOString() });
    },
  };
}
