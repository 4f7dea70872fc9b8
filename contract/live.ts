import { z } from 'zod';
import { refusingHiddenCharacters } from './member-text';
import { idSchema } from './common';
import { CALL_SDP_MAX } from './calls';

// Live streams: one member broadcasts, signed-in members watch and chat.
// Media goes from the host's browser to Orbit's media forwarder (werift in
// the server process, or Janus when configured) and from there to each
// viewer, never re-encoded. Descriptions are complete (non-trickle): the
// browser gathers its candidates before it sends an offer or an answer.
// Creating and ending a stream are HTTP writes (stored in `streams`); the
// watching, the viewer count and the chat go over the realtime channel
// (contract/realtime.ts), whose room for a stream is its audience.

/** Longest stream title, in characters (after trimming). */
export const LIVE_TITLE_MAX = 80;
/** Longest chat message, in characters (after trimming). */
export const LIVE_CHAT_MAX = 200;
/** Chat messages one viewer may send to one stream per LIVE_CHAT_RATE_WINDOW_MS. */
export const LIVE_CHAT_RATE_MAX = 5;
export const LIVE_CHAT_RATE_WINDOW_MS = 10_000;
/** How long a viewer muted by the host cannot chat. */
export const LIVE_MUTE_MS = 10 * 60_000;
/** How long a stream survives its host's connection being gone (a reload, a short drop) before it ends as lost. */
export const LIVE_HOST_GRACE_MS = 15_000;
/** How many recent chat messages a viewer who opens the stream sees. */
export const LIVE_CHAT_HISTORY = 50;
/** Streams one member may start per LIVE_START_WINDOW_MS. */
export const LIVE_START_MAX = 10;
export const LIVE_START_WINDOW_MS = 60 * 60_000;

/** Why a stream ended, as stored and as viewers are told. */
export const LIVE_END_REASONS = [
  /** The host pressed End Stream. */
  'ended',
  /** The host's connection was lost for longer than LIVE_HOST_GRACE_MS. */
  'lost',
  /** An admin ended it. */
  'admin',
  /** The host's session ended (sign-out, a signed-out device, a password change). */
  'signed-out',
  /** The host was banned or deleted their account. */
  'banned',
] as const;
export const liveEndReasonSchema = z.enum(LIVE_END_REASONS);
export type LiveEndReason = z.infer<typeof liveEndReasonSchema>;

/**
 * Why watching ended for one viewer: the stream's own end, or `removed`
 * (the host blocked them, or they blocked the host).
 */
export const liveWatchEndReasonSchema = z.enum([...LIVE_END_REASONS, 'removed']);
export type LiveWatchEndReason = z.infer<typeof liveWatchEndReasonSchema>;

/** What a viewer's screen says when watching ends. */
export const LIVE_WATCH_END_TEXTS: Record<LiveWatchEndReason, string> = {
  ended: 'The stream has ended',
  lost: 'The stream has ended: the host lost their connection',
  admin: 'This stream was ended by Orbit',
  'signed-out': 'The stream has ended',
  banned: 'This stream was ended by Orbit',
  removed: 'You can no longer watch this stream',
};

export const LIVE_TITLE_BLANK_MESSAGE = 'Please enter a stream title';
export const LIVE_STREAM_NOT_FOUND_MESSAGE = 'Stream not found';
export const LIVE_STREAM_ENDED_MESSAGE = 'This stream has ended';
export const LIVE_ALREADY_LIVE_MESSAGE = 'You are already live in another tab';
export const LIVE_NOT_HOST_MESSAGE = 'Only the host can do that';
export const LIVE_NOT_WATCHING_MESSAGE = 'You are not watching this stream';
export const LIVE_MUTE_NOT_WATCHING_MESSAGE = 'Only a member watching your stream can be muted';
export const LIVE_MUTED_MESSAGE = 'The host muted you for 10 minutes';
export const LIVE_CHAT_RATE_MESSAGE = 'You are sending messages too fast';
export const LIVE_OWN_STREAM_MESSAGE = "You can't watch your own stream";
export const LIVE_MEDIA_UNAVAILABLE_MESSAGE = 'Live streaming is not available right now. Please try again in a minute.';

export const liveStateSchema = z.enum(['live', 'ended']);
export type LiveState = z.infer<typeof liveStateSchema>;

/** The host as a Live now card and the stream page show them. */
export const liveHostSchema = z.object({ id: z.string(), name: z.string(), avatar: z.string() });
export type LiveHost = z.infer<typeof liveHostSchema>;

/** One stream: what the Live now list, the stream page and the admin dashboard show. */
export const liveStreamSchema = z.object({
  id: z.string(),
  host: liveHostSchema,
  title: z.string(),
  startedAt: z.string(),
  state: liveStateSchema,
  /** Distinct signed-in members watching now (the host not counted); 0 once ended. */
  viewers: z.number().int().min(0),
  /** The most watching at once so far (the ended screen's "peak viewers"). */
  peakViewers: z.number().int().min(0),
  endedAt: z.string().nullable(),
  endReason: liveEndReasonSchema.nullable(),
});
export type LiveStream = z.infer<typeof liveStreamSchema>;

/** GET /live/streams (visitors too): who is live now, most watched first. */
export const liveNowResponseSchema = z.object({ streams: z.array(liveStreamSchema) });
export type LiveNowResponse = z.infer<typeof liveNowResponseSchema>;

/** GET /live/streams/:streamId (visitors too): one stream, live or ended. */
export const liveStreamResponseSchema = z.object({ stream: liveStreamSchema });
export type LiveStreamResponse = z.infer<typeof liveStreamResponseSchema>;

export const liveStreamParamsSchema = z.object({ streamId: idSchema });

const sdpSchema = z.string().min(1, { message: 'Session description required' }).max(CALL_SDP_MAX, { message: 'Session description too long' });

/** POST /live/streams: go live. The host's complete offer in; the forwarder's complete answer out. */
export const goLiveBodySchema = z.object({
  title: z
    .string({ message: LIVE_TITLE_BLANK_MESSAGE })
    .trim()
    .min(1, { message: LIVE_TITLE_BLANK_MESSAGE })
    .max(LIVE_TITLE_MAX, { message: `Title must be at most ${LIVE_TITLE_MAX} characters` })
    .refine(...refusingHiddenCharacters('Title')),
  offer: sdpSchema,
});
export type GoLiveBody = z.infer<typeof goLiveBodySchema>;
export const goLiveResponseSchema = z.object({ stream: liveStreamSchema, answer: z.string() });
export type GoLiveResponse = z.infer<typeof goLiveResponseSchema>;

/** POST /live/streams/:streamId/publish: the host's media connection failed; publish again (viewers are told to watch again). */
export const republishBodySchema = z.object({ offer: sdpSchema });
export const republishResponseSchema = z.object({ answer: z.string() });

/** POST /live/streams/:streamId/end (the host), POST /admin/streams/:streamId/end (an admin). */
export const endStreamResponseSchema = z.object({ stream: liveStreamSchema });

/** SPEC section 3's live chat message (id, user, message, timestamp), with who sent it so the host can moderate. */
export const liveChatMessageSchema = z.object({
  id: z.string(),
  /** The sender's display name. */
  user: z.string(),
  userId: z.string(),
  message: z.string(),
  /** ISO date-time. */
  timestamp: z.string(),
});
export type LiveChatMessage = z.infer<typeof liveChatMessageSchema>;

/** GET /live/streams/:streamId/chat (members): the last LIVE_CHAT_HISTORY messages, oldest first, and whether the caller is muted. */
export const liveChatResponseSchema = z.object({
  messages: z.array(liveChatMessageSchema),
  /** Until when the caller may not chat here (ISO), or null. */
  mutedUntil: z.string().nullable(),
});
export type LiveChatResponse = z.infer<typeof liveChatResponseSchema>;

/** GET /admin/streams: live streams first, then ended ones, newest first. */
export const adminStreamSchema = liveStreamSchema.extend({
  totalViewers: z.number().int().min(0),
});
export type AdminStream = z.infer<typeof adminStreamSchema>;
export const adminStreamsQuerySchema = z.object({
  state: z.enum(['live', 'all']).default('live'),
  page: z.coerce.number().int().min(1).default(1),
});
export const adminStreamsResponseSchema = z.object({
  streams: z.array(adminStreamSchema),
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
});
export type AdminStreamsResponse = z.infer<typeof adminStreamsResponseSchema>;

// Realtime payloads (named in contract/realtime.ts).

const streamIdSchema = z.uuid({ message: 'Invalid stream id' });

/** Commands that carry only the stream: host (this socket is the host's, after going live or a reconnect), watch, leave. */
export const liveStreamCommandSchema = z.object({ streamId: streamIdSchema });
/** The viewer's complete answer to the forwarder's offer (the `live:offer` event). */
export const liveAnswerCommandSchema = z.object({ streamId: streamIdSchema, answer: sdpSchema });
/** A chat message; blank ones are refused with 400 (the screen does not send them). */
export const liveChatCommandSchema = z.object({
  streamId: streamIdSchema,
  text: z
    .string()
    .trim()
    .min(1, { message: 'Message cannot be empty' })
    .max(LIVE_CHAT_MAX, { message: `Message must be at most ${LIVE_CHAT_MAX} characters` })
    .refine(...refusingHiddenCharacters('Message')),
});
export const liveRemoveChatCommandSchema = z.object({ streamId: streamIdSchema, messageId: idSchema });
/** The host mutes a viewer for LIVE_MUTE_MS (blocking goes through the safety API's block, which removes them). */
export const liveMuteCommandSchema = z.object({ streamId: streamIdSchema, userId: idSchema });

/** The forwarder's offer for this socket's subscription; answer with `live:answer`. */
export const liveOfferEventSchema = z.object({ streamId: z.string(), offer: z.string() });
/** How many are watching now (to the host and every viewer). */
export const liveViewersEventSchema = z.object({ streamId: z.string(), viewers: z.number().int().min(0) });
export const liveChatEventSchema = z.object({ streamId: z.string(), message: liveChatMessageSchema });
export const liveChatRemovedEventSchema = z.object({ streamId: z.string(), messageId: z.string() });
/** To the muted viewer's tabs. */
export const liveMutedEventSchema = z.object({ streamId: z.string(), until: z.string() });
/** The host published again (their media connection was replaced): watch again for a fresh offer. */
export const liveRepublishedEventSchema = z.object({ streamId: z.string() });
/** Watching is over: the stream ended (to everyone) or this member was removed (to them). */
export const liveEndedEventSchema = z.object({ streamId: z.string(), reason: liveWatchEndReasonSchema });
