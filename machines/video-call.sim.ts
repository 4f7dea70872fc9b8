import { fromPromise } from 'xstate';
import type { CallQuality } from './video-call.machine';

/**
 * SPEC section 1: video calls are simulated on the client. There is no other
 * side, so the connection quality is drawn at random (SPEC section 4: good,
 * fair or poor); a real call service replaces this with its own measurement.
 */

export const CALL_QUALITIES: readonly CallQuality[] = ['good', 'fair', 'poor'];

/** `random` returns a number in [0, 1), like Math.random (which it defaults to). */
export function pickQuality(random: () => number): CallQuality {
  const index = Math.min(CALL_QUALITIES.length - 1, Math.floor(random() * CALL_QUALITIES.length));
  return CALL_QUALITIES[index] ?? 'good';
}

export function createSimulatedCallActors({ random = Math.random }: { random?: () => number } = {}) {
  return {
    measureQuality: fromPromise<CallQuality, void>(() => Promise.resolve(pickQuality(random))),
  };
}
