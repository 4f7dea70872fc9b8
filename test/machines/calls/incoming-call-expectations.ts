import type { AnyEventObject } from 'xstate';
import type { CallPeer } from '../../../contract/calls';

/**
 * Being called, written out independently of the machine (issue 38: every
 * open tab rings; Answer opens the call, the other tabs stop ringing): given
 * the events of a path, what the tab shows and which effects it had.
 */

export type IncomingEffect =
  | ['announceRinging', string]
  | ['startRingTone']
  | ['stopRingTone']
  | ['decline', string]
  | ['openCall', { callId: string; peerId: string }];

export interface ExpectedIncoming {
  /** The call the panel shows, or null when no panel shows. */
  ringing: { callId: string; peer: CallPeer } | null;
  effects: IncomingEffect[];
}

export function expectedIncoming(events: readonly AnyEventObject[]): ExpectedIncoming {
  const expected: ExpectedIncoming = { ringing: null, effects: [] };
  const stop = () => {
    expected.ringing = null;
    expected.effects.push(['stopRingTone']);
  };
  for (const event of events) {
    const ringing = expected.ringing;
    switch (event.type) {
      case 'xstate.init':
        break;
      case 'INCOMING':
        // One call at a time: a second caller meanwhile is not shown.
        if (ringing) break;
        expected.ringing = { callId: String(event.callId), peer: event.peer as CallPeer };
        expected.effects.push(['announceRinging', String(event.callId)], ['startRingTone']);
        break;
      case 'ANSWER':
        if (!ringing) break;
        stop();
        expected.effects.push(['openCall', { callId: ringing.callId, peerId: ringing.peer.id }]);
        break;
      case 'DECLINE':
        if (!ringing) break;
        stop();
        expected.effects.push(['decline', ringing.callId]);
        break;
      case 'CALL_TAKEN':
      case 'CALL_ENDED':
        // Only news of the call that rings here stops it.
        if (ringing?.callId === event.callId) stop();
        break;
      default:
        if (!event.type.startsWith('xstate.after.RING_LIMIT.')) throw new Error(`No expectation for ${event.type}`);
        if (ringing) stop();
    }
  }
  return expected;
}
