import { fromPromise } from 'xstate';
import type { DecisionInput, DecisionOutcome } from '../../../../machines/discovery/spin.machine';
import { sendLike } from '../../../api/discovery';

/** The real call behind the spin machine: likes sent to the server (the deck is the query cache's). */
export function createSpinActors() {
  return {
    sendDecision: fromPromise<DecisionOutcome, DecisionInput>(async ({ input }) => {
      const answer = await sendLike(input.targetId, input.decision);
      return { match: answer.match };
    }),
  };
}

/**
 * A signed-out visitor's spin: the deck is for members, so the screen shows
 * the sample people without asking the server; skipping a sample moves on
 * here, and nothing is sent (the screen sends a like to sign-in instead).
 */
export function createVisitorSpinActors() {
  return {
    sendDecision: fromPromise<DecisionOutcome, DecisionInput>(() => Promise.resolve({ match: false })),
  };
}
