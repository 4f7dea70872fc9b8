import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import { outboxCourierMachine } from '../../../machines/messaging/outbox-courier.machine';
import { currentUserQueryOptions } from '../../api/members';
import { realtimeHub, type RealtimeHub } from '../../realtime/hub';
import { createOutboxCourierImplementations } from './outbox-courier-actors';

/** Runs the outbox courier, the one sender of the signed-in member's messages, on every page (it draws nothing). */
export function OutboxCourier({ hub = realtimeHub }: { hub?: RealtimeHub }) {
  // Only reads the account the header's account menu already fetches: the courier adds no request of its own.
  const me = useQuery({ ...currentUserQueryOptions(), enabled: false });
  return me.data ? <MemberCourier key={me.data._id} userId={me.data._id} hub={hub} /> : null;
}

function MemberCourier({ userId, hub }: { userId: string; hub: RealtimeHub }) {
  const queryClient = useQueryClient();
  const [machine] = useState(() => outboxCourierMachine.provide(createOutboxCourierImplementations(userId, queryClient, hub)));
  useActorRef(machine, { input: { online: hub.status() === 'connected' } });
  return null;
}
