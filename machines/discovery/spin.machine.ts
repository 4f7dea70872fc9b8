import { assertEvent, assign, setup, type SnapshotFrom } from 'xstate';
import type { LikeType } from '../../contract/discovery';
import { actorNotProvided } from '../actor-not-provided';

/** SPEC section 9: a spin takes 5 to 9 steps. */
export const MIN_SPIN_STEPS = 5;
export const MAX_SPIN_STEPS = 9;

/** Maps a random number in [0, 1) (the screen's injected source) to a step count. */
export function spinStepsFrom(random: number): number {
  const span = MAX_SPIN_STEPS - MIN_SPIN_STEPS + 1;
  return MIN_SPIN_STEPS + Math.min(span - 1, Math.max(0, Math.floor(random * span)));
}

export interface DecisionInput {
  targetId: string;
  decision: LikeType;
}
export interface DecisionOutcome {
  match: boolean;
}

export interface SpinInput {
  /** The ids of the people shown when the candidates cannot be fetched (SPEC section 8: sample users). */
  sampleIds: readonly string[];
}
/**
 * The machine's own state: who is still in the deck, who is shown, the spin
 * and the decision. The candidates themselves live in the query cache
 * (spinCandidatesQueryOptions); the screen tells the machine their ids.
 */
export interface SpinContext {
  /** The ids still in the deck, in the server's order; decided people leave it. */
  ids: readonly string[];
  index: number;
  stepsLeft: number;
  sampleIds: readonly string[];
  /** The decision being sent or just made. */
  decision: LikeType | null;
  /** Whom the server's "match" answer was about, until the next spin or decision. */
  matchedId: string | null;
}
export type SpinEvent =
  /** The query cache holds a fresh deck with these ids (the first load, or the refill of an emptied deck). */
  | { type: 'LOADED'; ids: readonly string[] }
  /** GET /users/spin failed (or the visitor has no deck to fetch). */
  | { type: 'FAILED' }
  | { type: 'SPIN'; steps: number }
  | { type: 'DECIDE'; decision: LikeType }
  | { type: 'RELOAD' };

function currentId(context: SpinContext): string {
  const id = context.ids[context.index];
  // Only reachable from states entered with at least one candidate.
  if (id === undefined) throw new Error('spin machine: no current candidate');
  return id;
}

export const spinMachine = setup({
  types: {
    input: {} as SpinInput,
    context: {} as SpinContext,
    events: {} as SpinEvent,
  },
  actors: {
    sendDecision: actorNotProvided<DecisionOutcome, DecisionInput>('spin machine', 'sendDecision'),
  },
  actions: {
    // Effects the screen injects; the machine stays pure.
    /** GET /users/spin again (an emptied deck, Reload): the screen refetches the query. */
    reload: () => {},
    /** A mutual like: the match moment opens and 'Your Matches' (the matches query) refreshes with them first. */
    announceMatch: (_, _params: { userId: string }) => {},
    /** SPEC section 8: "Failed to like user" and its super like and dislike variants, as an alert. */
    alertDecisionFailed: (_, _params: { decision: LikeType; error: unknown }) => {},
    takeDeck: assign(({ event }) => {
      assertEvent(event, 'LOADED');
      return { ids: event.ids, index: 0 };
    }),
    useSamples: assign(({ context }) => ({ ids: context.sampleIds, index: 0 })),
    startSpin: assign(({ event }) => {
      assertEvent(event, 'SPIN');
      return { stepsLeft: event.steps, matchedId: null, decision: null };
    }),
    stepForward: assign(({ context }) => ({
      index: (context.index + 1) % Math.max(1, context.ids.length),
      stepsLeft: Math.max(0, context.stepsLeft - 1),
    })),
    startDecision: assign(({ event }) => {
      assertEvent(event, 'DECIDE');
      return { decision: event.decision, matchedId: null };
    }),
    noteMatch: assign(({ context }) => ({ matchedId: currentId(context) })),
    // Decided people leave the deck; the next one takes the same place.
    dropCurrent: assign(({ context }) => {
      const ids = context.ids.filter((_, position) => position !== context.index);
      return { ids, index: ids.length === 0 ? 0 : context.index % ids.length, decision: null };
    }),
  },
  guards: {
    isSpinLength: ({ event }) => {
      assertEvent(event, 'SPIN');
      return Number.isInteger(event.steps) && event.steps >= MIN_SPIN_STEPS && event.steps <= MAX_SPIN_STEPS;
    },
    hasMoreSteps: ({ context }) => context.stepsLeft > 1,
    hasSamples: ({ context }) => context.sampleIds.length > 0,
    deckIsEmpty: ({ context }) => context.ids.length === 0,
    wasDislike: ({ context }) => context.decision === 'dislike',
    // Given the answer by `sendDecision`'s typed done event.
    serverReportedMatch: (_, params: DecisionOutcome) => params.match,
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
    ids: [],
    index: 0,
    stepsLeft: 0,
    sampleIds: input.sampleIds,
    decision: null,
    matchedId: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Fetching candidates (GET /users/spin) until the query cache has a fresh deck.',
      on: {
        LOADED: { target: 'sorting', actions: 'takeDeck' },
        FAILED: [{ guard: 'hasSamples', target: 'ready', actions: 'useSamples' }, { target: 'empty' }],
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
        input: ({ context }) => ({ targetId: currentId(context), decision: context.decision ?? 'like' }),
        onDone: [
          { guard: 'wasDislike', target: 'advancing' },
          {
            guard: { type: 'serverReportedMatch', params: ({ event }) => ({ match: event.output.match }) },
            target: 'liked',
            actions: ['noteMatch', { type: 'announceMatch', params: ({ context }) => ({ userId: currentId(context) }) }],
          },
          { target: 'liked' },
        ],
        onError: {
          target: 'ready',
          actions: [{ type: 'alertDecisionFailed', params: ({ context, event }) => ({ decision: context.decision ?? 'like', error: event.error }) }, assign({ decision: null })],
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
      always: [{ guard: 'deckIsEmpty', target: 'loading', actions: 'reload' }, { target: 'ready' }],
    },
    empty: {
      description: 'Nobody left to show; Reload asks the server again.',
      on: { RELOAD: { target: 'loading', actions: 'reload' } },
    },
  },
});

export type SpinSnapshot = SnapshotFrom<typeof spinMachine>;

export const selectIsBusy = (snapshot: SpinSnapshot) => !snapshot.matches('ready');
/** The id of the person shown, if any; the screen finds them in the query cache (or the samples). */
export const selectCurrentId = (snapshot: SpinSnapshot): string | null => snapshot.context.ids[snapshot.context.index] ?? null;
