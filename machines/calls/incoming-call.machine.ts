import { assertEvent, assign, setup, type SnapshotFrom } from 'xstate';
import { CALL_RING_MS, type CallPeer } from '../../contract/calls';
import { callbackActorNotProvided } from '../actor-not-provided';

/** The call this tab rings for: its id and who is calling. */
export interface IncomingCall {
  callId: string;
  peer: CallPeer;
}

export interface IncomingCallContext {
  call: IncomingCall | null;
}

/** What the `incomingCalls` actor (the tab's realtime hub) tells the machine. */
export type IncomingCallsEvent =
  | { type: 'INCOMING'; callId: string; peer: CallPeer }
  /** Answered, in this tab or another one. */
  | { type: 'CALL_TAKEN'; callId: string }
  /** Over before anyone answered (the caller gave up, no answer, declined in another tab, a block). */
  | { type: 'CALL_ENDED'; callId: string };

export type IncomingCallEvent = IncomingCallsEvent | { type: 'ANSWER' } | { type: 'DECLINE' };

export interface IncomingCallParams {
  callId: string;
}
export interface OpenCallParams {
  callId: string;
  peerId: string;
}

export const INCOMING_CALL_DELAYS = {
  /** The panel's own safety net if the server's end of the call never arrives. */
  RING_LIMIT: CALL_RING_MS + 5000,
} as const;

function ringingCall(context: IncomingCallContext): IncomingCall {
  if (!context.call) throw new Error('incoming call machine: no call is ringing');
  return context.call;
}

export const incomingCallMachine = setup({
  types: {
    context: {} as IncomingCallContext,
    events: {} as IncomingCallEvent,
  },
  actors: {
    /** Calls to this member, as the tab's hub hears of them. */
    incomingCalls: callbackActorNotProvided<IncomingCallsEvent, void>('incoming call machine', 'incomingCalls'),
  },
  actions: {
    // Effects the member layer injects with `.provide()`.
    /** Tells the caller this tab is ringing (call:ringing). */
    announceRinging: (_, _params: IncomingCallParams) => {},
    startRingTone: () => {},
    stopRingTone: () => {},
    /** call:decline. */
    decline: (_, _params: IncomingCallParams) => {},
    /** Opens the call screen, which answers the call: /video-call/<peerId>?call=<callId>. */
    openCall: (_, _params: OpenCallParams) => {},
    adoptCall: assign(({ event }) => {
      assertEvent(event, 'INCOMING');
      return { call: { callId: event.callId, peer: event.peer } };
    }),
    forgetCall: assign({ call: null }),
  },
  guards: {
    isRingingCall: ({ context, event }) => (event.type === 'CALL_TAKEN' || event.type === 'CALL_ENDED') && event.callId === context.call?.callId,
  },
  delays: INCOMING_CALL_DELAYS,
}).createMachine({
  id: 'incomingCall',
  description:
    'Being called, on any Orbit page of a signed-in member, in every open tab: a panel with the caller\'s photo and name, ' +
    'a ring tone, Answer (opens the call) and Decline; it goes away when another tab answered or the caller gave up.',
  context: { call: null },
  invoke: { id: 'incomingCalls', src: 'incomingCalls' },
  initial: 'idle',
  states: {
    idle: {
      description: 'No call is ringing in this tab.',
      entry: 'forgetCall',
      on: { INCOMING: { target: 'ringing', actions: 'adoptCall' } },
    },
    ringing: {
      description:
        "The incoming-call panel ('Incoming video call from <name>') with Answer and Decline, and the ring tone; the caller sees 'Ringing…'. " +
        'One call at a time: news of another call meanwhile is ignored.',
      entry: [{ type: 'announceRinging', params: ({ context }) => ({ callId: ringingCall(context).callId }) }, 'startRingTone'],
      exit: 'stopRingTone',
      after: { RING_LIMIT: { target: 'idle' } },
      on: {
        ANSWER: {
          target: 'idle',
          actions: { type: 'openCall', params: ({ context }) => ({ callId: ringingCall(context).callId, peerId: ringingCall(context).peer.id }) },
        },
        DECLINE: { target: 'idle', actions: { type: 'decline', params: ({ context }) => ({ callId: ringingCall(context).callId }) } },
        CALL_TAKEN: { guard: 'isRingingCall', target: 'idle' },
        CALL_ENDED: { guard: 'isRingingCall', target: 'idle' },
      },
    },
  },
});

export type IncomingCallSnapshot = SnapshotFrom<typeof incomingCallMachine>;
