import { fromPromise } from 'xstate';
import { avatarPath } from '../contract/avatar';
import type { ChatMessage, Conversation, MessagingInput, ReplyRequest, ThreadRequest } from './messaging.machine';

/**
 * SPEC section 1: messaging is simulated on the client. These are the
 * simulated messaging service's answers; a real service replaces them by
 * providing other `loadConversations`, `loadThread` and `composeReply` actors.
 */

export const AUTO_REPLY_TEXT = 'Thanks for your message!';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

interface SampleConversation extends Omit<Conversation, 'timestamp'> {
  /** How long before now the last message was sent. */
  agoMs: number;
}

const SAMPLE_CONVERSATIONS: readonly SampleConversation[] = [
  {
    id: 'sample-sarah',
    name: 'Sarah Johnson',
    avatar: avatarPath('sarah-johnson', 'feminine'),
    lastMessage: 'Hey! How are you doing?',
    agoMs: 5 * MINUTE_MS,
    unread: 2,
    isOnline: true,
  },
  {
    id: 'sample-emily',
    name: 'Emily Davis',
    avatar: avatarPath('emily-davis', 'feminine'),
    lastMessage: 'See you tomorrow!',
    agoMs: 3 * HOUR_MS,
    unread: 0,
    isOnline: false,
  },
  {
    id: 'sample-jessica',
    name: 'Jessica Wilson',
    avatar: avatarPath('jessica-wilson', 'feminine'),
    lastMessage: 'That sounds great!',
    agoMs: DAY_MS,
    unread: 1,
    isOnline: true,
  },
  {
    id: 'sample-amanda',
    name: 'Amanda Brown',
    avatar: avatarPath('amanda-brown', 'feminine'),
    lastMessage: 'Thanks for the match!',
    agoMs: 3 * DAY_MS,
    unread: 0,
    isOnline: false,
  },
];

/** The sample conversations a user with no matches sees, timed relative to `now`. */
export function sampleConversations(now: Date): Conversation[] {
  return SAMPLE_CONVERSATIONS.map(({ agoMs, ...conversation }) => ({
    ...conversation,
    timestamp: new Date(now.getTime() - agoMs).toISOString(),
  }));
}

/**
 * SPEC section 4: selecting a conversation shows a canned 3-message sample.
 * It starts the day before, so the thread shows both date separators.
 */
export function cannedThread(conversation: Conversation, now: Date): ChatMessage[] {
  const at = (agoMs: number) => new Date(now.getTime() - agoMs).toISOString();
  return [
    { id: `${conversation.id}-1`, sender: conversation.name, content: 'Hey! How are you doing?', timestamp: at(DAY_MS), isOwn: false },
    { id: `${conversation.id}-2`, sender: 'You', content: "I'm great, thanks! How about you?", timestamp: at(30 * MINUTE_MS), isOwn: true },
    {
      id: `${conversation.id}-3`,
      sender: conversation.name,
      content: 'Doing well! Would you like to video chat later?',
      timestamp: at(25 * MINUTE_MS),
      isOwn: false,
    },
  ];
}

export interface SimulatedMessagingOptions {
  now?: () => Date;
}

/** The simulated messaging service as the machine's actors. */
export function createSimulatedMessagingActors({ now = () => new Date() }: SimulatedMessagingOptions = {}) {
  return {
    loadConversations: fromPromise<Conversation[], MessagingInput>(() => Promise.resolve(sampleConversations(now()))),
    loadThread: fromPromise<ChatMessage[], ThreadRequest>(({ input }) => Promise.resolve(cannedThread(input.conversation, now()))),
    composeReply: fromPromise<ChatMessage, ReplyRequest>(({ input }) =>
      Promise.resolve({
        id: 'reply',
        sender: input.conversation.name,
        content: AUTO_REPLY_TEXT,
        timestamp: now().toISOString(),
        isOwn: false,
      }),
    ),
  };
}
