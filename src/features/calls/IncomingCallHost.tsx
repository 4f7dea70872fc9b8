import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorOptions } from 'xstate';
import { incomingCallMachine } from '../../../machines/calls/incoming-call.machine';
import { realtimeHub, type RealtimeHub } from '../../realtime/hub';
import { createIncomingCallActors, createIncomingCallEffects } from './incoming-call-actors';
import { IncomingCallPanel } from './IncomingCallPanel';
import { createRingTone, type RingTone } from './ring-tone';

type IncomingOptions = ActorOptions<typeof incomingCallMachine>;

export interface IncomingCallHostProps {
  /** Tests pass their own hub, ring tone and clock; the app passes none. */
  hub?: RealtimeHub;
  ringTone?: RingTone;
  clock?: IncomingOptions['clock'];
}

/**
 * Being called, on any page of a signed-in member (mounted once, in the
 * member layer of the shell): the incoming-call panel and its ring while a
 * call rings for this tab. Answer opens the call screen, which answers it.
 */
export function IncomingCallHost({ hub = realtimeHub, ringTone, clock }: IncomingCallHostProps) {
  const navigate = useNavigate();
  const [tone] = useState(() => ringTone ?? createRingTone());
  const logic = useMemo(
    () =>
      incomingCallMachine.provide({
        actors: createIncomingCallActors(hub),
        actions: {
          ...createIncomingCallEffects(hub),
          startRingTone: () => tone.start(),
          stopRingTone: () => tone.stop(),
          openCall: (_, { callId, peerId }) => void navigate({ to: '/video-call/{-$userId}', params: { userId: peerId }, search: { call: callId } }),
        },
      }),
    [hub, tone, navigate],
  );
  const actor = useActorRef(logic, clock ? { clock } : {});
  const call = useSelector(actor, (snapshot) => (snapshot.matches('ringing') ? snapshot.context.call : null));
  // Signing out (the layer goes) mid-ring must not leave the tone playing.
  useEffect(() => () => tone.stop(), [tone]);

  if (!call) return null;
  return (
    <IncomingCallPanel key={call.callId} peer={call.peer} onAnswer={() => actor.send({ type: 'ANSWER' })} onDecline={() => actor.send({ type: 'DECLINE' })} />
  );
}
