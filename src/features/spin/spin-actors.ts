import { fromPromise } from 'xstate';
import type { Candidate, Match } from '../../../contract/discovery';
import type { DecisionInput, DecisionOutcome, SpinDeck } from '../../../machines/spin.machine';
import { fetchMatches } from '../../api/matches';
import { fetchSpinCandidates, sendLike } from '../../api/users';
import { unlessAborted } from '../discover/unless-aborted';

/** SPEC section 7: the spin list holds 10 people. */
export const SPIN_LIST_LIMIT = 10;

function asCandidate({ matchId: _matchId, matchedAt: _matchedAt, ...candidate }: Match): Candidate {
  return candidate;
}

/** The real calls behind the spin machine: the deck from the server, and likes sent to it. */
export function createSpinActors() {
  return {
    loadDeck: fromPromise<SpinDeck, void>(({ signal }) =>
      unlessAborted(signal, async (abortSignal) => {
        const [candidates, matches] = await Promise.all([
          fetchSpinCandidates(SPIN_LIST_LIMIT, abortSignal),
          // 'Your Matches' is a nicety: without it the deck still works.
          fetchMatches(abortSignal).catch(() => [] as Match[]),
        ]);
        return { candidates, recentMatches: matches.map(asCandidate) };
      }),
    ),
    sendDecision: fromPromise<DecisionOutcome, DecisionInput>(async ({ input }) => {
      const answer = await sendLike(input.targetId, input.decision);
      return { match: answer.match };
    }),
  };
}

/**
 * A signed-out visitor's spin: the deck is for members, so it fails at once
 * into the sample people without asking the server; skipping a sample moves
 * on here, and nothing is sent (the screen sends a like to sign-in instead).
 */
export function createVisitorSpinActors() {
  return {
    loadDeck: fromPromise<SpinDeck, void>(() => Promise.reject(new Error('Spin is for members'))),
    sendDecision: fromPromise<DecisionOutcome, DecisionInput>(() => Promise.resolve({ match: false })),
  };
}
