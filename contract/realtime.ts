import { z } from 'zod';
import { idSchema } from './common';
import { coinBalanceEventSchema } from './coins/ledger';
import { chatGiftCommandSchema, liveGiftCommandSchema, liveGiftEventSchema } from './gifts';
import { callEndReasonSchema, callPeerSchema, callSignalSchema } from './calls';
import {
  liveAnswerCommandSchema,
  liveChatCommandSchema,
  liveChatEventSchema,
  liveChatRemovedEventSchema,
  liveEndedEventSchema,
  liveMuteCommandSchema,
  liveMutedEventSchema,
  liveOfferEventSchema,
  liveRemoveChatCommandSchema,
  liveRepublishedEventSchema,
  liveStreamCommandSchema,
  liveViewersEventSchema,
} from './live';
import { MESSAGE_SEQ_MAX, messageSchema, receiptsSchema } from './messaging';
import { subscriptionUpdatedEventSchema } from './store/subscriptions';
import { purchaseUpdatedEventSchema } from './store/purchases';

// The realtime channel (socket.io at REALTIME_PATH): the server pushes what
// changed, the browser sends what is too short-lived to store (typing) and how
// far it got (receipts). Writes with an answer (sending a message) go over
// HTTP; the database is the truth and the socket only the pipe. Both ends
// validate every payload with these schemas.

export const REALTIME_PATH = '/api/realtime/';
/** How long "… is typing…" stays after the last typing signal (the sender repeats it at most every TYPING_THROTTLE_MS). */
export const TYPING_VISIBLE_MS = 6000;
export const TYPING_THROTTLE_MS = 2000;
/** How long a member stays online after their last Orbit tab closed. */
export const PRESENCE_GRACE_MS = 30_000;

/** The handshake's `auth` payload: the session token travels here, never in a URL. */
export const handshakeAuthSchema = z.object({ token: z.string().min(1) });

// Server to browser.

/** A message in one of the member's conversations (their own included, for their other tabs). */
export const messageEventSchema = z.object({ peerId: z.string(), message: messageSchema });
/** The other member got further with the member's messages. */
export const receiptsEventSchema = z.object({ peerId: z.string(), receipts: receiptsSchema });
/** The other member is typing in the conversation. */
export const typingEventSchema = z.object({ peerId: z.string() });
/** The match ended (unmatch, block, account deleted): no more messages either way. */
export const conversationEndedEventSchema = z.object({ peerId: z.string() });
/** A new match: the conversation list has a new entry. */
/**
 * A new match. `likedBackBy` goes to the member who liked first: the other
 * just liked them back, and their match moment shows with this name and
 * photo wherever they are in Orbit (the one who liked back has it from the
 * like's answer).
 */
export const matchEventSchema = z.object({ peerId: z.string(), likedBackBy: z.object({ name: z.string(), avatar: z.string() }).optional() });
/** Someone the member matched came online or went offline. */
export const presenceEventSchema = z.object({ userId: z.string(), isOnline: z.boolean() });

/** Someone is calling: every open tab of the callee rings (contract/calls.ts). */
export const callIncomingEventSchema = z.object({ callId: z.string(), peer: callPeerSchema });
/** The callee's Orbit was reached and is ringing (to the caller's tabs). */
export const callRingingEventSchema = z.object({ callId: z.string() });
/** The call was answered (to both members' tabs: the caller's connects, the callee's other tabs stop ringing). */
export const callAnsweredEventSchema = z.object({ callId: z.string() });
/** The call is over, for both; `seconds` is its connected length, null when it never connected. */
export const callEndedEventSchema = z.object({ callId: z.string(), reason: callEndReasonSchema, seconds: z.number().int().min(0).nullable() });
/** The other tab of the call sent a description, a candidate or its media state (only to the tab that holds the call). */
export const callSignalEventSchema = z.object({ callId: z.string(), signal: callSignalSchema });

export type MessageEvent = z.infer<typeof messageEventSchema>;
export type ReceiptsEvent = z.infer<typeof receiptsEventSchema>;
export type TypingEvent = z.infer<typeof typingEventSchema>;
export type ConversationEndedEvent = z.infer<typeof conversationEndedEventSchema>;
export type MatchEvent = z.infer<typeof matchEventSchema>;
export type PresenceEvent = z.infer<typeof presenceEventSchema>;
export type CallIncomingEvent = z.infer<typeof callIncomingEventSchema>;
export type CallRingingEvent = z.infer<typeof callRingingEventSchema>;
export type CallAnsweredEvent = z.infer<typeof callAnsweredEventSchema>;
export type CallEndedEvent = z.infer<typeof callEndedEventSchema>;
export type CallSignalEvent = z.infer<typeof callSignalEventSchema>;

export const serverEventSchemas = {
  // The member's coin balance changed (contract/coins/ledger.ts).
  'coins:balance': coinBalanceEventSchema,
  // One of the member's purchases changed state (contract/store/purchases.ts).
  'purchase:updated': purchaseUpdatedEventSchema,
  // The member's VIP subscription changed (contract/store/subscriptions.ts).
  'subscription:updated': subscriptionUpdatedEventSchema,
  'message:new': messageEventSchema,
  'receipts:update': receiptsEventSchema,
  typing: typingEventSchema,
  'conversation:ended': conversationEndedEventSchema,
  'match:new': matchEventSchema,
  presence: presenceEventSchema,
  'call:incoming': callIncomingEventSchema,
  'call:ringing': callRingingEventSchema,
  'call:answered': callAnsweredEventSchema,
  'call:ended': callEndedEventSchema,
  'call:signal': callSignalEventSchema,
  // Live streams (contract/live.ts): to the sockets watching or hosting a stream.
  'live:offer': liveOfferEventSchema,
  'live:viewers': liveViewersEventSchema,
  'live:chat': liveChatEventSchema,
  'live:chat-removed': liveChatRemovedEventSchema,
  'live:muted': liveMutedEventSchema,
  'live:republished': liveRepublishedEventSchema,
  'live:ended': liveEndedEventSchema,
  // A gift reached the stream's host (contract/gifts.ts): to the host and the audience.
  'live:gift': liveGiftEventSchema,
} as const;

export type ServerEventName = keyof typeof serverEventSchemas;
export type ServerEvents = { [Name in ServerEventName]: (payload: z.infer<(typeof serverEventSchemas)[Name]>) => void };

// Browser to server.

export const typingCommandSchema = z.object({ peerId: idSchema });
/** How far this browser got in a conversation: delivered (it has the messages), read (the member saw them). */
export const receiptsCommandSchema = z
  .object({
    peerId: idSchema,
    // Bounded like the column they are compared with: past it, PostgreSQL refused the number (a 500).
    deliveredSeq: z.number().int().min(0).max(MESSAGE_SEQ_MAX).optional(),
    readSeq: z.number().int().min(0).max(MESSAGE_SEQ_MAX).optional(),
  })
  .refine((command) => command.deliveredSeq !== undefined || command.readSeq !== undefined, { message: 'Give deliveredSeq or readSeq' });

const callIdSchema = z.uuid({ message: 'Invalid call id' });
/** Start a call; the browser names it, so sending the same invite again is the same call. */
export const callInviteCommandSchema = z.object({ callId: callIdSchema, calleeId: idSchema });
/** Sent by the callee's tabs for a call they are ringing for; anything else about one call carries just its id. */
export const callIdCommandSchema = z.object({ callId: callIdSchema });
/** End the call: before an answer the caller cancels; after it either side hangs up, or gives up on a lost connection. */
export const callHangupCommandSchema = z.object({ callId: callIdSchema, reason: z.enum(['hung-up', 'lost']).optional() });
export const callSignalCommandSchema = z.object({ callId: callIdSchema, signal: callSignalSchema });

export type TypingCommand = z.infer<typeof typingCommandSchema>;
export type CallInviteCommand = z.infer<typeof callInviteCommandSchema>;
export type CallIdCommand = z.infer<typeof callIdCommandSchema>;
export type CallHangupCommand = z.infer<typeof callHangupCommandSchema>;
export type CallSignalCommand = z.infer<typeof callSignalCommandSchema>;
export type ReceiptsCommand = z.infer<typeof receiptsCommandSchema>;

/** Every command is answered: done, or why not (the HTTP status it would have had, and a message). */
export const commandAnswerSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true) }),
  z.object({ ok: z.literal(false), status: z.number().int(), message: z.string() }),
]);
export type CommandAnswer = z.infer<typeof commandAnswerSchema>;

export const clientCommandSchemas = {
  typing: typingCommandSchema,
  'receipts:mark': receiptsCommandSchema,
  'call:invite': callInviteCommandSchema,
  /** The callee's tab is ringing: the caller sees "Ringing…". */
  'call:ringing': callIdCommandSchema,
  /** This tab takes the call; the first tab wins, the others stop ringing. */
  'call:answer': callIdCommandSchema,
  'call:decline': callIdCommandSchema,
  'call:hangup': callHangupCommandSchema,
  /** Relayed to the other tab of the call, never stored. */
  'call:signal': callSignalCommandSchema,
  /** After a reconnect, this tab takes its side of the call back (within CALL_LEG_GRACE_MS). */
  'call:rejoin': callIdCommandSchema,
  /** This socket is the host's for the stream (after going live, and after every reconnect within LIVE_HOST_GRACE_MS). */
  'live:host': liveStreamCommandSchema,
  /** Start watching from this socket: it joins the audience and gets a `live:offer`; sent again, a fresh subscription replaces the old. */
  'live:watch': liveStreamCommandSchema,
  'live:answer': liveAnswerCommandSchema,
  /** Stop watching (closing the tab does the same). */
  'live:leave': liveStreamCommandSchema,
  'live:chat': liveChatCommandSchema,
  /** The host removes a chat message for everyone. */
  'live:remove-chat': liveRemoveChatCommandSchema,
  /** The host mutes a viewer for LIVE_MUTE_MS. */
  'live:mute': liveMuteCommandSchema,
  /** Send a gift to the host of a stream this socket watches (contract/gifts.ts). */
  'live:gift': liveGiftCommandSchema,
  /** Send a symbolic gift to a match, as an entry in the chat (contract/gifts.ts). */
  'message:gift': chatGiftCommandSchema,
} as const;

export type ClientCommandName = keyof typeof clientCommandSchemas;
/** socket.io's typing: every command carries its payload and an answer callback. The payload is unknown until validated. */
export type ClientCommands = { [Name in ClientCommandName]: (payload: z.infer<(typeof clientCommandSchemas)[Name]>, answer: (result: CommandAnswer) => void) => void };
