import { isCancelledError, type QueryClient } from '@tanstack/react-query';
import { fromCallback, fromPromise } from 'xstate';
import type { ConversationsRequest, RealtimeSignal, SendRequest, ThreadRequest, UnmatchRequest } from '../../../machines/messaging.machine';
import { conversationsQueryOptions, messagesQueryOptions, messagingKeys, sendMessage, unmatch } from '../../api/messaging';
import { realtimeHub, type RealtimeHub } from '../../realtime/hub';

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

/** The real implementations of the messaging machine's actors: the API through the query cache, and the tab's realtime hub. */
export function createMessagingActors(queryClient: QueryClient, hub: RealtimeHub = realtimeHub) {
  return {
    loadConversations: fromPromise<string[], ConversationsRequest>(async () => {
      const conversations = await sharedRead(() => queryClient.fetchQuery(conversationsQueryOptions()));
      // fetchQuery returns the raw response (select applies to observers).
      return conversations.conversations.map((conversation) => conversation.userId);
    }),
    loadThread: fromPromise<void, ThreadRequest>(async ({ input }) => {
      await sharedRead(() => queryClient.fetchInfiniteQuery(messagesQueryOptions(input.peerId)));
    }),
    sendMessage: fromPromise<void, SendRequest>(async ({ input }) => {
      await sendMessage(queryClient, input.entry.peerId, { id: input.entry.id, text: input.entry.text });
    }),
    unmatch: fromPromise<string, UnmatchRequest>(async ({ input }) => {
      const { message } = await unmatch(input.peerId);
      void queryClient.invalidateQueries({ queryKey: messagingKeys.conversations() });
      void queryClient.invalidateQueries({ queryKey: ['matches'] });
      return message;
    }),
    watchRealtime: fromCallback<RealtimeSignal, void>(({ sendBack }) =>
      hub.subscribe((signal) => {
        switch (signal.type) {
          case 'status':
            if (signal.status === 'connected') sendBack({ type: 'CONNECTION.BACK' });
            if (signal.status === 'disconnected') sendBack({ type: 'CONNECTION.LOST' });
            return;
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
  };
}
