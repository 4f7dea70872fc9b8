import { fromCallback, fromPromise } from 'xstate';
import { UNMATCHED_MESSAGE } from '../contract/messaging';
import type { ConversationsRequest, RealtimeSignal, SendRequest, ThreadRequest, UnmatchRequest } from './messaging.machine';

/**
 * A simulated messaging service as the machine's actors: test doubles for the
 * real ones (src/features/messages/messaging-actors.ts). Everything answers at
 * once and succeeds; `realtime.emit` plays the realtime connection's part.
 */

export interface SimulatedRealtime {
  /** Sends a signal to every running `watchRealtime`, as the tab's hub would. */
  emit: (signal: RealtimeSignal) => void;
}

export interface SimulatedMessagingOptions {
  /** The conversations' ids, latest first. */
  conversationIds?: string[];
  /** Each message sent, as the server would have stored it. */
  onSent?: (request: SendRequest) => void;
}

export function createSimulatedMessagingActors({ conversationIds = [], onSent }: SimulatedMessagingOptions = {}) {
  const listeners = new Set<(signal: RealtimeSignal) => void>();
  const realtime: SimulatedRealtime = {
    emit: (signal) => {
      for (const listener of [...listeners]) listener(signal);
    },
  };
  return {
    realtime,
    actors: {
      loadConversations: fromPromise<string[], ConversationsRequest>(() => Promise.resolve([...conversationIds])),
      loadThread: fromPromise<void, ThreadRequest>(() => Promise.resolve()),
      sendMessage: fromPromise<void, SendRequest>(({ input }) => {
        onSent?.(input);
        return Promise.resolve();
      }),
      unmatch: fromPromise<string, UnmatchRequest>(() => Promise.resolve(UNMATCHED_MESSAGE)),
      watchRealtime: fromCallback<RealtimeSignal, void>(({ sendBack }) => {
        listeners.add(sendBack);
        return () => listeners.delete(sendBack);
      }),
    },
  };
}
