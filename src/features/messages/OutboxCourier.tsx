import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouterState } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { outboxCourierMachine } from '../../../machines/outbox-courier.machine';
import { currentUserQueryOptions } from '../../api/me';
import { realtimeHub, type RealtimeHub } from '../../realtime/hub';
import { createOutboxCourierActors } from './outbox-courier-actors';

/** The Messages screen sends its own outbox; anywhere else, the courier does. */
const MESSAGES_PATH = '/messages';

/** Runs the outbox courier for the signed-in member (it draws nothing). */
export function OutboxCourier({ hub = realtimeHub }: { hub?: RealtimeHub }) {
  // Only reads the account the header's account menu already fetches: the courier adds no request of its own.
  const me = useQuery({ ...currentUserQueryOptions(), enabled: false });
  return me.data ? <MemberCourier key={me.data._id} userId={me.data._id} hub={hub} /> : null;
}

function MemberCourier({ userId, hub }: { userId: string; hub: RealtimeHub }) {
  const queryClient = useQueryClient();
  const messagesOpen = useRouterState({ select: (state) => state.location.pathname === MESSAGES_PATH });
  const [machine] = useState(() => outboxCourierMachine.provide({ actors: createOutboxCourierActors(userId, queryClient, hub) }));
  const courier = useActorRef(machine, { input: { online: hub.status() === 'connected', messagesOpen } });
  useEffect(() => {
    courier.send({ type: messagesOpen ? 'MESSAGES.OPENED' : 'MESSAGES.CLOSED' });
  }, [courier, messagesOpen]);
  return null;
}
