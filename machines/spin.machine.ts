import { assertEvent, assign, setup, type SnapshotFrom } from 'xstate';
import type { Candidate, LikeType } from '../contract/discovery';
import { actorNotProvided } from './actor-not-provided';

/** SPEC section 9: a spin takes 5 to 9 steps. */
export const MIN_SPIN_STEPS = 5;
export const MAX_SPIN_STEPS = 9;
/** SPEC section 9: the last 5 matches are listed. */
export const RECENT_MATCHES_SHOWN = 5;

/** Maps a random number in [0, 1) (the screen's injected source) to a step count. */
export function spinStepsFrom(random: number): number {
  const span = MAX_SPIN_STEPS - MIN_SPIN_STEPS + 1;
  return MIN_SPIN_STEPS + Math.min(span - 1, Math.max(0, Math.floor(random * span)));
}

export interface SpinDeck {
  candidates: Candidate[];
  /** The newest matches first, for 'Your Matches'. */
  recentMatches: Candidate[];
}
export interface DecisionInput {
  targetId: string;
  decision: LikeType;
}
export interface DecisionOutcome {
  match: boolean;
}

export interface SpinInput {
  /** Shown when the candidates cannot be fetched (SPEC section 8: sample users). */
  samples: readonly Candidate[];
}
export interface SpinContext {
  candidates: Candidate[];
  index: number;
  stepsLeft: number;
  recentMatches: Candidate[];
  samples: readonly Candidate[];
  /** The decision being sent or just made. */
  decision: LikeType | null;
  /** True from the server's "match" answer until the next spin or decision. */
  matched: boolean;
}
export type SpinEvent = { type: 'SPIN'; steps: number } | { type: 'DECIDE'; decision: LikeType } | { type: 'RELOAD' };

function currentCandidate(context: SpinContext): Candidate {
  const candidate = context.candidates[context.index];
  // Only reachable from states entered with at least one candidate.
  if (!candidate) throw new Error('spin machine: no current candidate');
  return candidate;
}

export const spinMachine = setup({
  types: {
    input: {} as SpinInput,
    context: {} as SpinContext,
    events: {} as SpinEvent,
  },
  actors: {
    loadDeck: actorNotProvided<SpinDeck, void>('spin machine', 'loadDeck'),
    sendDecision: actorNotProvided<DecisionOutcome, DecisionInput>('spin machine', 'sendDecision'),
  },
  actions: {
    /** SPEC section 8: "Failed to like user" and its super like and dislike variants, as an alert. */
    alertDecisionFailed: (_, _params: { decision: LikeType }) => {},
    useSamples: assign(({ context }) => ({ candidates: [...context.samples], index: 0 })),
    startSpin: assign(({ event }) => {
      assertEvent(event, 'SPIN');
      return { stepsLeft: event.steps, matched: false, decision: null };
    }),
    stepForward: assign(({ context }) => ({
      index: (context.index + 1) % Math.max(1, context.candidates.length),
      stepsLeft: Math.max(0, context.stepsLeft - 1),
    })),
    startDecision: assign(({ event }) => {
      assertEvent(event, 'DECIDE');
      return { decision: event.decision, matched: false };
    }),
    celebrateMatch: assign(({ context }) => ({
      matched: true,
      recentMatches: [currentCandidate(context), ...context.recentMatches].slice(0, RECENT_MATCHES_SHOWN),
    })),
    // Decided people leave the deck; the next one takes the same place.
    dropCurrent: assign(({ context }) => {
      const candidates = context.candidates.filter((_, position) => position !== context.index);
      return { candidates, index: candidates.length === 0 ? 0 : context.index % candidates.length, decision: null };
    }),
  },
  guards: {
    isSpinLength: ({ event }) => {
      assertEvent(event, 'SPIN');
      return Number.isInteger(event.steps) && event.steps >= MIN_SPIN_STEPS && event.steps <= MAX_SPIN_STEPS;
    },
    hasMoreSteps: ({ context }) => context.stepsLeft > 1,
    hasSamples: ({ context }) => context.samples.length > 0,
    deckIsEmpty: ({ context }) => context.candidates.length === 0,
    wasDislike: ({ context }) => context.decision === 'dislike',
    // Used on `sendDecision`'s done event, whose output setup's event type cannot name.
    serverReportedMatch: ({ event }) => (event as unknown as { output?: DecisionOutcome }).output?.match === true,
  },
  delays: {
    /** SPEC section 9: each spin step lasts 100 ms. */
    SPIN_STEP: 100,
    /** SPEC section 9: the result shows 500 ms after the last step. */
    SPIN_RESULT_DELAY: 500,
    /** SPEC section 9: like and super like move on after 1 second. */
    ADVANCE_AFTER_LIKE: 1000,
  },
}).createMachine({
  id: 'spin',
  description:
    'The Spin screen: load candidates (sample users if that fails), spin through them for 5 to 9 steps of 100 ms, show the ' +
    'result after 500 ms, then like, super like or dislike. Like and super like move on after 1 second, dislike at once; ' +
    'a mutual like shows "It\'s a match! 🎉" and joins the last 5 matches. Every button is disabled while a spin or a decision is under way.',
  context: ({ input }) => ({
    candidates: [],
    index: 0,
    stepsLeft: 0,
    recentMatches: [],
    samples: input.samples,
    decision: null,
    matched: false,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Fetching candidates (GET /users/spin) and recent matches.',
      invoke: {
        id: 'loadDeck',
        src: 'loadDeck',
        onDone: {
          target: 'sorting',
          actions: assign(({ event }) => ({ candidates: event.output.candidates, recentMatches: event.output.recentMatches.slice(0, RECENT_MATCHES_SHOWN), index: 0 })),
        },
        onError: [{ guard: 'hasSamples', target: 'ready', actions: 'useSamples' }, { target: 'empty' }],
      },
    },
    sorting: {
      description: 'Decides between the deck and the empty state; never rests here.',
      always: [{ guard: 'deckIsEmpty', target: 'empty' }, { target: 'ready' }],
    },
    ready: {
      description: 'The current candidate with their own compatibility score ("72% compatibility"); spin, like, super like and dislike are enabled.',
      on: {
        SPIN: { guard: 'isSpinLength', target: 'spinning', actions: 'startSpin' },
        DECIDE: { target: 'deciding', actions: 'startDecision' },
      },
    },
    spinning: {
      description: 'Shuffling: one candidate per 100 ms step; every button is disabled.',
      after: {
        SPIN_STEP: [
          { guard: 'hasMoreSteps', target: 'spinning', reenter: true, actions: 'stepForward' },
          { target: 'revealing', actions: 'stepForward' },
        ],
      },
    },
    revealing: {
      description: 'The spin has stopped; the result is shown after 500 ms. Buttons stay disabled.',
      after: { SPIN_RESULT_DELAY: 'ready' },
    },
    deciding: {
      description: 'POST /users/like with the decision; buttons disabled.',
      invoke: {
        id: 'sendDecision',
        src: 'sendDecision',
        input: ({ context }) => ({ targetId: currentCandidate(context).id, decision: context.decision ?? 'like' }),
        onDone: [
          { guard: 'wasDislike', target: 'advancing' },
          { guard: 'serverReportedMatch', target: 'liked', actions: 'celebrateMatch' },
          { target: 'liked' },
        ],
        onError: {
          target: 'ready',
          actions: [{ type: 'alertDecisionFailed', params: ({ context }) => ({ decision: context.decision ?? 'like' }) }, assign({ decision: null })],
        },
      },
    },
    liked: {
      description: 'Liked (and maybe "It\'s a match! 🎉"): the next candidate comes after 1 second.',
      after: { ADVANCE_AFTER_LIKE: 'advancing' },
    },
    advancing: {
      description: 'The decided candidate leaves the deck; an empty deck is refilled from the server. Never rests here.',
      entry: 'dropCurrent',
      always: [{ guard: 'deckIsEmpty', target: 'loading' }, { target: 'ready' }],
    },
    empty: {
      description: 'Nobody left to show; Reload asks the server again.',
      on: { RELOAD: 'loading' },
    },
  },
});

export type SpinSnapshot = SnapshotFrom<typeof spinMachine>;

export const selectIsBusy = (snapshot: SpinSnapshot) => !snapshot.matches('ready');
export const selectCurrentCandidate = (snapshot: SpinSnapshot): Candidate | null => snapshot.context.candidates[snapshot.context.index] ?? null;
