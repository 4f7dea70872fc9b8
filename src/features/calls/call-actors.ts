import { fromCallback, fromPromise } from 'xstate';
import type { CommandAnswer } from '../../../contract/realtime';
import type {
  AnswerRequest,
  CallLinkCommand,
  CallLinkRequest,
  CallQuality,
  CallRefusal,
  CallSignalsEvent,
  CallSignalsRequest,
  HangUpRequest,
  InviteRequest,
} from '../../../machines/calls/video-call.machine';
import type { RealtimeHub } from '../../realtime/hub';
import type { CallConnection } from './call-connection';

export { createCallConnection, type CallConnection, type CallConnectionOptions, type RemoteView } from './call-connection';

/**
 * The video call machine's actors and effects for a real call
 * (docs/VIDEO-CALLS.md): the server's news and the commands go through the
 * tab's realtime hub, the media through the screen's CallConnection. Demo
 * calls use the simulated ones (machines/video-call.sim.ts).
 */

export type CallHub = Pick<RealtimeHub, 'subscribe' | 'command' | 'status'>;

/** A refused invite or answer, as the machine reads it (status and the server's message). */
export class CallRefusalError extends Error implements CallRefusal {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'CallRefusalError';
  }
}

/** The command never reached the server (status 0): the hub's own words are not for members. */
const UNREACHABLE_MESSAGE = 'Orbit could not reach the server. Check your connection and try again.';

async function commandOrRefusal(answer: Promise<CommandAnswer>): Promise<void> {
  const result = await answer;
  if (!result.ok) throw new CallRefusalError(result.status, result.status === 0 ? UNREACHABLE_MESSAGE : result.message);
}

export interface RealCallActorsOptions {
  hub: CallHub;
  connection: CallConnection;
}

export function createRealCallActors({ hub, connection }: RealCallActorsOptions) {
  return {
    /** Ringing, answered and ended for this call; after a dropped socket, takes this tab's side of the call back. */
    signals: fromCallback<CallSignalsEvent, CallSignalsRequest>(({ input, sendBack }) => {
      const { callId } = input;
      let dropped = false;
      const rejoin = () => {
        void hub.command('call:rejoin', { callId }).then((answer) => {
          // The call ended while this tab was away, and the news of it with the old socket.
          if (!answer.ok && answer.status === 404) sendBack({ type: 'REMOTE_ENDED', reason: 'lost', seconds: null });
          else if (!answer.ok) console.warn(`Call: rejoining failed (${answer.status} ${answer.message})`);
          // Back in the call's room: what the link sent while away can go again.
          else connection.resume?.();
        });
      };
      return hub.subscribe((signal) => {
        if (signal.type === 'status') {
          if (signal.status === 'disconnected') dropped = true;
          else if (signal.status === 'connected' && dropped) {
            dropped = false;
            rejoin();
          }
          return;
        }
        if (signal.type !== 'call' || signal.event.payload.callId !== callId) return;
        const { event } = signal;
        if (event.name === 'call:ringing') sendBack({ type: 'RINGING' });
        else if (event.name === 'call:answered') sendBack({ type: 'ANSWERED' });
        else if (event.name === 'call:ended') sendBack({ type: 'REMOTE_ENDED', reason: event.payload.reason, seconds: event.payload.seconds });
      });
    }),

    /** The peer connection for the call's connected part: LINK_* and REMOTE_MEDIA out, RESTART_ICE and SEND_MEDIA_STATE in. */
    link: fromCallback<CallLinkCommand, CallLinkRequest>(({ input, sendBack, receive }) => {
      const stopListening = connection.onEvent(sendBack);
      receive((command) => {
        if (command.type === 'RESTART_ICE') connection.restartIce();
        else connection.sendMediaState(command.muted, command.cameraOff);
      });
      connection.start(input.callId, input.polite);
      return () => {
        stopListening();
        connection.stop();
      };
    }),

    invite: fromPromise<void, InviteRequest>(({ input }) => commandOrRefusal(hub.command('call:invite', { callId: input.callId, calleeId: input.peerId }))),

    answer: fromPromise<void, AnswerRequest>(({ input }) => commandOrRefusal(hub.command('call:answer', { callId: input.callId }))),

    measureQuality: fromPromise<CallQuality, void>(() => connection.measure()),
  };
}

export function createCallEffects(hub: Pick<RealtimeHub, 'command'>) {
  return {
    /** call:hangup; the server reads a caller's hang-up before an answer as a cancel. */
    hangUp: (_: unknown, params: HangUpRequest) => {
      void hub.command('call:hangup', { callId: params.callId, reason: params.reason }).then((answer) => {
        // Already over (the other side ended it first): nothing left to end.
        if (!answer.ok && answer.status !== 404) console.warn(`Call: hanging up failed (${answer.status} ${answer.message})`);
      });
    },
  };
}
