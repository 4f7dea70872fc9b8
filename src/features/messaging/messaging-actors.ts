import { isCancelledError, type QueryClient } from '@tanstack/react-query';
import { fromCallback, fromPromise } from 'xstate';
import type { OutboxEntry } from '../../../machines/messaging/outbox';
import type { ConversationsRequest, OutboxSignal, RealtimeSignal, ThreadRequest, UnmatchRequest } from '../../../machines/messaging/messaging.machine';
import { discoveryKeys } from '../../api/discovery';
import { conversationsQueryOptions, messagesQueryOptions, messagingKeys, unmatch } from '../../api/messaging';
import { realtimeHub, type RealtimeHub } from '../../realtime/hub';
import { outboxOf, type Outbox } from './outbox-store';

/**
 * A read the query cache shares with the screens' own observers: when they let go of it
 * mid-flight (a re-render, the shell's unread count), the shared request is cancelled, which is
 * no failure of this read: it asks again.
 */
async function sharedRead<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (isCancelledError(error)) return read();
    throw error;
  }
}

const firstRefused = (held: readonly OutboxEntry[]) => held.find((entry) => entry.status === 'refused');

/**
 * The real implementations of the messaging machine's actors and actions: the API through the query cache, the member's
 * outbox (which the outbox courier sends), and the tab's realtime hub.
 */
export function createMessagingImplementations(userId: string, queryClient: QueryClient, hub: RealtimeHub = realtimeHub) {
  const outbox = outboxOf(queryClient, userId);
  return { actors: createMessagingActors(queryClient, outbox, hub), actions: createMessagingActions(outbox, hub) };
}

function createMessagingActions(outbox: Outbox, hub: RealtimeHub) {
  return {
    handToOutbox: (_: unknown, { entry }: { entry: OutboxEntry }) => outbox.add(entry),
    retryInOutbox: (_: unknown, { id }: { id: string }) => outbox.retry(id),
    dropFromOutbox: (_: unknown, { peerId }: { peerId: string }) => outbox.dropConversation(peerId),
    restartOutbox: () => outbox.restart(),
    signalTyping: (_: unknown, { peerId }: { peerId: string }) => void hub.command('typing', { peerId }),
  };
}

function createMessagingActors(queryClient: QueryClient, outbox: Outbox, hub: RealtimeHub) {
  return {
    loadConversations: fromPromise<string[], ConversationsRequest>(async ({ input }) => {
      // fetchQuery returns the raw response (select applies to observers).
      const held = await sharedRead(() => queryClient.fetchQuery(conversationsQueryOptions()));
      const ids = held.conversations.map((conversation) => conversation.userId);
      if (input.withUserId === null || ids.includes(input.withUserId)) return ids;
      // A list held from before a new match lacks it: asked for, the server's word decides.
      const fresh = await sharedRead(() => queryClient.fetchQuery({ ...conversationsQueryOptions(), staleTime: 0 }));
      return fresh.conversations.map((conversation) => conversation.userId);
    }),
    loadThread: fromPromise<void, ThreadRequest>(async ({ input }) => {
      await sharedRead(() => queryClient.fetchInfiniteQuery(messagesQueryOptions(input.peerId)));
    }),
    unmatch: fromPromise<string, UnmatchRequest>(async ({ input }) => {
      const { message } = await unmatch(input.peerId);
      void queryClient.invalidateQueries({ queryKey: messagingKeys.conversations() });
      void queryClient.invalidateQueries({ queryKey: discoveryKeys.matches() });
      return message;
    }),
    watchRealtime: fromCallback<RealtimeSignal, void>(({ sendBack }) =>
      hub.subscribe((signal) => {
        switch (signal.type) {
          case 'typing':
            sendBack({ type: 'TYPING', peerId: signal.peerId });
            return;
          case 'message':
            sendBack({ type: 'MESSAGE.RECEIVED', peerId: signal.peerId, fromThem: signal.message.senderId === signal.peerId });
            return;
          case 'ended':
            sendBack({ type: 'CONVERSATION.ENDED', peerId: signal.peerId });
        }
      }),
    ),
    watchOutbox: fromCallback<OutboxSignal, void>(({ sendBack }) => {
      // The courier marks a refused message and goes on; the screen gives it back to the member and lets it go, oldest first.
      let handingBack = false;
      const handBack = () => {
        // Letting one go changes the outbox, which calls this again at once: the loop already takes the rest.
        if (handingBack) return;
        handingBack = true;
        for (let entry = firstRefused(outbox.held()); entry; entry = firstRefused(outbox.held())) {
          outbox.remove(entry.id);
          sendBack({ type: 'OUTBOX.REFUSED', peerId: entry.peerId, text: entry.text, message: entry.refusal ?? 'Message not sent' });
        }
        handingBack = false;
      };
      handBack();
      return outbox.watch(handBack);
    }),
  };
}
