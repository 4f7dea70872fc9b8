import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import type { Match } from '../../../contract/discovery';
import type { ChatMessage, Conversation, MessagingInput, ThreadRequest } from '../../../machines/messaging.machine';
import { cannedThread, sampleConversations } from '../../../machines/messaging.sim';
import { matchesQueryOptions } from '../../api/matches';
import { personQueryOptions, type Person } from '../video-call/person-query';

/** What a conversation with no messages yet says in the list. */
export const NEW_MATCH_PREVIEW = "You matched! Say hello 👋";
export const NEW_CONTACT_PREVIEW = 'Start a conversation';

export function conversationFromMatch(match: Match): Conversation {
  return {
    id: match.id,
    name: match.name,
    avatar: match.avatar,
    lastMessage: NEW_MATCH_PREVIEW,
    timestamp: match.matchedAt,
    unread: 0,
    isOnline: match.isOnline,
  };
}

function conversationWith(person: Person, now: Date): Conversation {
  return { ...person, lastMessage: NEW_CONTACT_PREVIEW, timestamp: now.toISOString(), unread: 0 };
}

interface ConversationSourceOptions {
  queryClient: QueryClient;
  /** Only a signed-in user has matches; a visitor sees the samples. */
  isSignedIn: () => boolean;
  now: () => Date;
}

/**
 * The conversation list: one per match of the signed-in user, newest first
 * (none without matches; a failure to read them fails the load, so the
 * screen offers Try Again); SPEC's sample conversations for a visitor, who
 * has no matches to show. `/messages?with=<userId>` adds that person when
 * they are not in the list yet (and is skipped quietly when they cannot be
 * found). Made-up people in a member's own inbox would read as real.
 */
export function createConversationLoader({ queryClient, isSignedIn, now }: ConversationSourceOptions) {
  return fromPromise<Conversation[], MessagingInput>(async ({ input }) => {
    let conversations = isSignedIn()
      ? (await queryClient.fetchQuery(matchesQueryOptions())).map(conversationFromMatch)
      : sampleConversations(now());

    const wanted = input.withUserId;
    if (wanted && !conversations.some((conversation) => conversation.id === wanted) && isSignedIn()) {
      try {
        const person = await queryClient.fetchQuery(personQueryOptions(wanted));
        conversations = [conversationWith(person, now()), ...conversations];
      } catch (error) {
        console.warn(`No conversation can be opened with ${wanted}`, error);
      }
    }
    return conversations;
  });
}

/**
 * A conversation's messages. Messaging is simulated (SPEC): a visitor's
 * sample conversations open on SPEC's canned 3-message sample, but a member's
 * real match opens empty. Canned lines would put words in both people's
 * mouths, dated before they even matched.
 */
export function createThreadLoader({ isSignedIn, now }: Omit<ConversationSourceOptions, 'queryClient'>) {
  return fromPromise<ChatMessage[], ThreadRequest>(({ input }) => Promise.resolve(isSignedIn() ? [] : cannedThread(input.conversation, now())));
}
