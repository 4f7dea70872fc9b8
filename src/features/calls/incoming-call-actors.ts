import { fromCallback } from 'xstate';
import type { IncomingCallParams, IncomingCallsEvent } from '../../../machines/calls/incoming-call.machine';
import type { RealtimeHub } from '../../realtime/hub';

/**
 * The incoming-call machine's actor and effects (the callee's tabs before
 * one answers): the server's news through the tab's realtime hub, and the
 * commands back. The ring tone and opening the call are the screen's.
 */

export function createIncomingCallActors(hub: Pick<RealtimeHub, 'subscribe'>) {
  return {
    incomingCalls: fromCallback<IncomingCallsEvent, void>(({ sendBack }) =>
      hub.subscribe((signal) => {
        if (signal.type !== 'call') return;
        const { event } = signal;
        if (event.name === 'call:incoming') sendBack({ type: 'INCOMING', callId: event.payload.callId, peer: event.payload.peer });
        // Answered here or in another tab: this panel stops ringing either way.
        else if (event.name === 'call:answered') sendBack({ type: 'CALL_TAKEN', callId: event.payload.callId });
        else if (event.name === 'call:ended') sendBack({ type: 'CALL_ENDED', callId: event.payload.callId });
      }),
    ),
  };
}

export function createIncomingCallEffects(hub: Pick<RealtimeHub, 'command'>) {
  const send = (name: 'call:ringing' | 'call:decline', callId: string) => {
    void hub.command(name, { callId }).then((answer) => {
      // 404: the call ended meanwhile (its call:ended closes the panel).
      if (!answer.ok && answer.status !== 404) console.warn(`Call: ${name} failed (${answer.status} ${answer.message})`);
    });
  };
  return {
    /** call:ringing: the caller sees "Ringing…". */
    announceRinging: (_: unknown, params: IncomingCallParams) => send('call:ringing', params.callId),
    decline: (_: unknown, params: IncomingCallParams) => send('call:decline', params.callId),
  };
}
