import type { QueryClient } from '@tanstack/react-query';
import { fromCallback, fromPromise } from 'xstate';
import type { ConnectionSignal, Delivery, OutboxSignal } from '../../../machines/messaging/outbox-courier.machine';
import { sendMessage } from '../../api/messaging';
import { realtimeHub, type RealtimeHub } from '../../realtime/hub';
import { outboxOf } from './outbox-store';

/** The real implementations of the courier's actors and actions: the member's outbox in this tab, the API, and the tab's hub. */
export function createOutboxCourierImplementations(userId: string, queryClient: QueryClient, hub: RealtimeHub = realtimeHub) {
  const outbox = outboxOf(queryClient, userId);
  return {
    actors: {
      sendNext: fromPromise<Delivery | null, void>(async () => {
        const entry = outbox.next();
        if (!entry) return null;
        try {
          await sendMessage(queryClient, entry.peerId, { id: entry.id, text: entry.text });
          return { entry, stored: true };
        } catch (error) {
          return { entry, stored: false, error };
        }
      }),
      watchConnection: fromCallback<ConnectionSignal, void>(({ sendBack }) => {
        const stopListening = hub.subscribe((hubSignal) => {
          if (hubSignal.type !== 'status') return;
          if (hubSignal.status === 'connected') sendBack({ type: 'CONNECTION.BACK' });
          if (hubSignal.status === 'disconnected') sendBack({ type: 'CONNECTION.LOST' });
        });
        // The courier's input read the status when it rendered; a connection made before this listener
        // (the actor starts in an effect, after the render) would otherwise leave it offline for good.
        if (hub.status() === 'connected') sendBack({ type: 'CONNECTION.BACK' });
        return stopListening;
      }),
      watchOutbox: fromCallback<OutboxSignal, void>(({ sendBack }) =>
        outbox.watch((now, before) => {
          // A message that had stopped trying is trying again: it need not wait for the pause after another's failed try.
          const stopped = new Set(before.filter((entry) => entry.status !== 'pending').map((entry) => entry.id));
          sendBack({ type: now.some((entry) => entry.status === 'pending' && stopped.has(entry.id)) ? 'OUTBOX.RETRIED' : 'OUTBOX.CHANGED' });
        }),
      ),
    },
    actions: {
      forget: (_: unknown, { id }: { id: string }) => outbox.remove(id),
      endConversation: (_: unknown, { peerId }: { peerId: string }) => {
        outbox.dropConversation(peerId);
        // The server said so as it refused the message: an open chat with them ends as when it hears it live.
        hub.publish({ type: 'ended', peerId });
      },
      handBack: (_: unknown, { id, message }: { id: string; message: string }) => outbox.markRefused(id, message),
      countAttempt: (_: unknown, { id }: { id: string }) => outbox.countAttempt(id),
      markFailed: (_: unknown, { id }: { id: string }) => outbox.markFailed(id),
      retryStopped: () => outbox.retryStopped(),
    },
  };
}
