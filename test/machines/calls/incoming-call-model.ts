import { incomingCallMachine } from '../../../machines/calls/incoming-call.machine';
import type { CallPeer } from '../../../contract/calls';
import { createModel } from '../../support/model';

/**
 * The incoming-call model: two callers whose calls can reach the tab, and
 * everything the server can then say about either call (answered in some
 * tab, over), with Answer and Decline on the panel.
 */

export const MAYA: CallPeer = { id: 'peer-maya', name: 'Maya Rao', avatar: '/api/media/avatar/maya-r' };
export const BEN: CallPeer = { id: 'peer-ben', name: 'Ben Okafor', avatar: '/api/media/avatar/ben-o' };
export const MAYA_CALL = '11111111-0000-4000-8000-000000000001';
export const BEN_CALL = '22222222-0000-4000-8000-000000000002';

const CALLS = [MAYA_CALL, BEN_CALL];

export const incomingCallModel = createModel(incomingCallMachine, {
  fromActors: { INCOMING: 'incomingCalls', CALL_TAKEN: 'incomingCalls', CALL_ENDED: 'incomingCalls' },
  events: {
    INCOMING: [
      { type: 'INCOMING', callId: MAYA_CALL, peer: MAYA },
      { type: 'INCOMING', callId: BEN_CALL, peer: BEN },
    ],
    CALL_TAKEN: CALLS.map((callId) => ({ type: 'CALL_TAKEN', callId })),
    CALL_ENDED: CALLS.map((callId) => ({ type: 'CALL_ENDED', callId })),
  },
  describeEvent: (event) => {
    if (event.type.startsWith('xstate.after.')) return `after ${event.type.split('.')[2]}`;
    const callId = (event as { callId?: string }).callId;
    if (callId === undefined) return event.type;
    return `${event.type} ${callId === MAYA_CALL ? "Maya's call" : "Ben's call"}`;
  },
});
