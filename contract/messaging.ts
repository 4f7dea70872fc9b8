import { z } from 'zod';
import { refusingHiddenCharacters } from './member-text';
import { idSchema } from './common';

// Messages between the two members of a live match. A conversation is named
// by the other member's id (each side calls it by the person they talk to);
// its messages are numbered 1, 2, 3… without gaps, so a client that holds
// messages up to `seq` asks for what comes after it and misses nothing.

/** Longest message, in characters (UTF-16 code units, as the input counts them). */
export const MESSAGE_TEXT_MAX = 2000;
/** Messages one page of history holds. */
export const MESSAGE_PAGE_SIZE = 50;
/** Messages a member may send in MESSAGE_RATE_WINDOW_MS. */
export const MESSAGE_RATE_MAX = 30;
export const MESSAGE_RATE_WINDOW_MS = 30_000;
/** What a seeded demo person answers (SPEC section 4), and after how long (SPEC section 9). */
export const DEMO_REPLY_TEXT = 'Thanks for your message!';
export const DEMO_REPLY_DELAY_MS = 2000;

export const MESSAGE_TOO_LONG_MESSAGE = `Messages can be up to ${MESSAGE_TEXT_MAX.toLocaleString('en-US')} characters`;
export const MESSAGE_EMPTY_MESSAGE = 'Type a message first';
export const CONVERSATION_NOT_FOUND_MESSAGE = 'Conversation not found';
export const CONVERSATION_ENDED_MESSAGE = 'This conversation has ended. You can no longer message each other.';
export const UNMATCHED_MESSAGE = 'You unmatched. The conversation has ended for both of you.';
export const MATCH_NOT_FOUND_MESSAGE = 'Match not found';
/** Why no chat opens with someone the member has not matched (their profile's Message, or a link to it). */
export const MESSAGES_NOT_MATCHED_MESSAGE = 'Messages open once you match. Like them, and if they like you back you can chat.';

/**
 * The entries a video call leaves in the chat: `call` for one that connected
 * ("Video call · 3:12"; both were there, so it is nobody's unread news) and
 * `missed-call` for one that did not ("Missed video call": unread for the callee).
 * `gift` is a symbolic gift between matches (contract/gifts.ts): its text is the
 * gift's icon and name, its id the sender's name for the send.
 */
export const MESSAGE_KINDS = ['text', 'call', 'missed-call', 'gift'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];
/** Kinds that are a call's entry rather than something a member wrote. */
export const isCallEntry = (kind: MessageKind | undefined): boolean => kind === 'call' || kind === 'missed-call';
/** Kinds that count as unread and are announced (a connected call's entry is neither). */
export const isNews = (kind: MessageKind | undefined): boolean => kind !== 'call';

export const conversationParamsSchema = z.object({ userId: idSchema });

export const messageSchema = z.object({
  /** Made by the sender's browser before the first try; a retry sends it again. */
  id: z.string(),
  /** 1, 2, 3… within the conversation, without gaps. */
  seq: z.number().int().min(1),
  senderId: z.string(),
  text: z.string(),
  /** Absent in messages from before calls existed and in a browser's own unsent ones: a text message. */
  kind: z.enum(MESSAGE_KINDS).optional(),
  /** ISO date-time of the commit. */
  sentAt: z.string(),
});
export type Message = z.infer<typeof messageSchema>;

/** How far the other member got with one's own messages (read stays 0 when either of the two turned read receipts off). */
export const receiptsSchema = z.object({
  deliveredSeq: z.number().int().min(0),
  readSeq: z.number().int().min(0),
});
export type Receipts = z.infer<typeof receiptsSchema>;

export const conversationSummarySchema = z.object({
  /** The other member. */
  userId: z.string(),
  name: z.string(),
  avatar: z.string(),
  isOnline: z.boolean(),
  /** A seeded demo person (outside production only), who answers automatically: labelled "Demo" wherever they appear (issue 51). */
  isDemo: z.boolean(),
  matchedAt: z.string(),
  /** Null until somebody writes. */
  lastMessage: messageSchema.nullable(),
  /** The conversation's highest number (0 before the first message). */
  lastSeq: z.number().int().min(0),
  /** The other member's messages the caller has not read. */
  unread: z.number().int().min(0),
  /** The caller's own messages, as far as the other member got. */
  receipts: receiptsSchema,
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

/** GET /conversations: one per live match, the latest activity (message or match) first. */
export const conversationsResponseSchema = z.object({ conversations: z.array(conversationSummarySchema) });
export type ConversationsResponse = z.infer<typeof conversationsResponseSchema>;

/** The largest message number the database holds (a PostgreSQL integer): a larger one is a bad request, not a query that fails. */
export const MESSAGE_SEQ_MAX = 2_147_483_647;

const seqQuery = (name: string) =>
  z.coerce
    .number({ message: `${name} must be a whole number` })
    .int({ message: `${name} must be a whole number` })
    .min(0, { message: `${name} must be 0 or more` })
    .max(MESSAGE_SEQ_MAX, { message: `${name} must be ${MESSAGE_SEQ_MAX} or less` })
    .optional();

/**
 * GET /conversations/:userId/messages: `after` gives what follows that
 * number (catching up, oldest first, up to `limit`); `before` gives the page
 * just older than it (scrolling up); neither gives the newest page.
 */
export const messagesQuerySchema = z
  .object({
    after: seqQuery('after'),
    before: seqQuery('before'),
    limit: z.coerce.number().int().min(1).max(200).default(MESSAGE_PAGE_SIZE),
  })
  .refine((query) => query.after === undefined || query.before === undefined, { message: 'Give after or before, not both', path: ['after'] });
export type MessagesQuery = z.infer<typeof messagesQuerySchema>;

export const messagesResponseSchema = z.object({
  /** Oldest first. */
  messages: z.array(messageSchema),
  /** Whether older messages than the first one here exist. */
  hasOlder: z.boolean(),
  lastSeq: z.number().int().min(0),
  receipts: receiptsSchema,
});
export type MessagesResponse = z.infer<typeof messagesResponseSchema>;

/** What a browser sends; the text is kept as typed (the server refuses whitespace only). */
export const sendMessageBodySchema = z.object({
  id: z.uuid({ message: 'A message needs an id made by the browser' }),
  text: z
    .string({ message: MESSAGE_EMPTY_MESSAGE })
    .max(MESSAGE_TEXT_MAX, { message: MESSAGE_TOO_LONG_MESSAGE })
    .refine((text) => text.trim() !== '', { message: MESSAGE_EMPTY_MESSAGE })
    .refine(...refusingHiddenCharacters('Message')),
});
export type SendMessageBody = z.infer<typeof sendMessageBodySchema>;

/** 201 for a new message, 200 for a repeat of one already stored (the stored one, unchanged). */
export const sendMessageResponseSchema = z.object({ message: messageSchema });
export type SendMessageResponse = z.infer<typeof sendMessageResponseSchema>;

export const unmatchResponseSchema = z.object({ success: z.literal(true), message: z.string() });
