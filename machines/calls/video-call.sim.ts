import { fromCallback, fromPromise } from 'xstate';
import type {
  AnswerRequest,
  CallLinkCommand,
  CallLinkRequest,
  CallQuality,
  CallSignalsEvent,
  CallSignalsRequest,
  InviteRequest,
} from './video-call.machine';

/**
 * The simulated call service: the actors a demo call runs on (a seeded demo
 * person, SPEC's simulated call) and tests use. There is no other side: the
 * invite and the answer go through at once, the server never says anything,
 * the link is connected as soon as it starts, and the quality is drawn at
 * random (SPEC section 4: good, fair or poor). Real calls use
 * src/features/video-call/call-actors.ts.
 */

export const CALL_QUALITIES: readonly CallQuality[] = ['good', 'fair', 'poor'];

/** `random` returns a number in [0, 1), like Math.random (which it defaults to). */
export function pickQuality(random: () => number): CallQuality {
  const index = Math.min(CALL_QUALITIES.length - 1, Math.floor(random() * CALL_QUALITIES.length));
  return CALL_QUALITIES[index] ?? 'good';
}

export function createSimulatedCallActors({ random = Math.random }: { random?: () => number } = {}) {
  return {
    // Nobody on the other end: no ringing, no answer, no hang-up.
    signals: fromCallback<CallSignalsEvent, CallSignalsRequest>(() => {}),
    link: fromCallback<CallLinkCommand, CallLinkRequest>(({ sendBack }) => {
      sendBack({ type: 'LINK_CONNECTED' });
    }),
    invite: fromPromise<void, InviteRequest>(() => Promise.resolve()),
    answer: fromPromise<void, AnswerRequest>(() => Promise.resolve()),
    measureQuality: fromPromise<CallQuality, void>(() => Promise.resolve(pickQuality(random))),
  };
}
