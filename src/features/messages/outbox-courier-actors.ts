import type { QueryClient } from '@tanstack/react-query';
import { fromCallback, fromPromise } from 'xstate';
import { statusOf } from '../../../machines/outbox';
import type { ConnectionSignal } from '../../../machines/outbox-courier.machine';
import { sendMessage } from '../../api/messaging';
import { realtimeHub, type RealtimeHub } from '../../realtime/hub';
import { pendingOutbox, removeFromOutbox } from './outbox-store';

/** The real implementations of the courier's actors: the member's outbox in this browser, the API, and the tab's hub. */
export function createOutboxCourierActors(userId: string, queryClient: QueryClient, hub: RealtimeHub = realtimeHub) {
  return {
    deliverOutbox: fromPromise<void, void>(async ({ signal }) => {
      for (const entry of pendingOutbox(userId)) {
        // Messages opened or the connection went: the next message waits for whoever sends next.
        if (signal.aborted) return;
        try {
          await sendMessage(queryClient, entry.peerId, { id: entry.id, text: entry.text });
          removeFromOutbox(userId, entry.id);
        } catch (error) {
          const status = statusOf(error);
          // 403: the conversation ended, so there is no one to send it to (as on the Messages screen).
          if (status === 403) removeFromOutbox(userId, entry.id);
          // Any other answer (too long, too fast): it stays, and the Messages screen says why and hands it back.
          else if (status === 0 || status >= 500) throw error;
        }
      }
    }),
    watchConnection: fromCallback<ConnectionSignal, void>(({ sendBack }) =>
      hub.subscribe((hubSignal) => {
        if (hubSignal.type !== 'status') return;
        if (hubSignal.status === 'connected') sendBack({ type: 'CONNECTION.BACK' });
        if (hubSignal.status === 'disconnected') sendBack({ type: 'CONNECTION.LOST' });
      }),
    ),
  };
}
