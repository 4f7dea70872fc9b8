import { assertEvent, assign, setup, type SnapshotFrom } from 'xstate';
import type { Match } from '../contract/discovery';
import { actorNotProvided } from './actor-not-provided';

export interface MatchesContext {
  matches: Match[];
  index: number;
  error: string | null;
}
export type MatchesEvent =
  | { type: 'NEXT' }
  | { type: 'PREV' }
  | { type: 'CONNECT' }
  | { type: 'CHAT' }
  | { type: 'VIDEO' }
  | { type: 'RETRY' }
  /** The member blocked this person (Report or block); the server has already ended the match. */
  | { type: 'BLOCKED'; userId: string };

/** SPEC section 8: "error text, or Failed to load matches". */
const FALLBACK_ERROR = 'Failed to load matches';

const wrap = (index: number, count: number) => ((index % count) + count) % count;

/**
 * The list without the blocked person. The card shown stays shown; when it
 * was the blocked one, the match after it takes its place (the first, after
 * the last), as Next would have shown.
 */
function withoutBlocked(context: MatchesContext, userId: string): Pick<MatchesContext, 'matches' | 'index'> {
  const shownId = context.matches[context.index]?.id;
  const removedAt = context.matches.findIndex((match) => match.id === userId);
  if (removedAt < 0) return { matches: context.matches, index: context.index };
  const matches = context.matches.filter((match) => match.id !== userId);
  const stillShown = matches.findIndex((match) => match.id === shownId);
  const index = stillShown >= 0 ? stillShown : removedAt < matches.length ? removedAt : 0;
  return { matches, index };
}

function shownMatch(context: MatchesContext): Match {
  const match = context.matches[context.index];
  // Only reachable from browsing, which is entered with at least one match.
  if (!match) throw new Error('matches machine: no match at the current index');
  return match;
}

export const matchesMachine = setup({
  types: {
    context: {} as MatchesContext,
    events: {} as MatchesEvent,
  },
  actors: {
    // Provided by the screen (GET /matches); failing loudly here shows a forgotten .provide().
    loadMatches: actorNotProvided<Match[], void>('matches machine', 'loadMatches'),
  },
  actions: {
    // Effects the screen injects; the machine stays pure.
    /** After the heart: the chat with them opens with 'Connected with <name>!'. */
    announceConnected: (_, _params: { userId: string; name: string }) => {},
    openChat: (_, _params: { userId: string }) => {},
    startVideoCall: (_, _params: { userId: string }) => {},
    showNext: assign(({ context }) => ({ index: wrap(context.index + 1, context.matches.length) })),
    showPrevious: assign(({ context }) => ({ index: wrap(context.index - 1, context.matches.length) })),
    dropBlocked: assign(({ context, event }) => {
      assertEvent(event, 'BLOCKED');
      return withoutBlocked(context, event.userId);
    }),
  },
  guards: {
    hasMatches: ({ context }) => context.matches.length > 0,
  },
  delays: {
    /** SPEC section 9: the connect (heart) animation lasts 2 seconds. */
    CONNECT_ANIMATION: 2000,
  },
}).createMachine({
  id: 'matches',
  description:
    'The Matches screen: "Finding your matches..." until GET /matches answers, then one match at a time with previous and next ' +
    'wrapping round, "No Matches Yet", or "Error Loading Matches" with Try Again. Connect plays the heart for 2 seconds, then ' +
    'opens the chat saying "Connected with <name>!"; chat opens that conversation in Messages and video starts the call. Blocking the match shown ' +
    '(Report or block) takes them off the list, and the next match, or "No Matches Yet", takes their place.',
  context: { matches: [], index: 0, error: null },
  initial: 'loading',
  states: {
    loading: {
      description: '"Finding your matches..."',
      entry: assign({ error: null, index: 0 }),
      invoke: {
        id: 'loadMatches',
        src: 'loadMatches',
        onDone: { target: 'sorting', actions: assign(({ event }) => ({ matches: event.output })) },
        onError: {
          target: 'error',
          actions: assign(({ event }) => ({ error: event.error instanceof Error && event.error.message ? event.error.message : FALLBACK_ERROR })),
        },
      },
    },
    sorting: {
      description: 'Decides between browsing and the empty state; never rests here.',
      always: [{ guard: 'hasMatches', target: 'browsing' }, { target: 'empty' }],
    },
    browsing: {
      description: 'One match card, "n of total matches"; previous and next wrap round; a block takes the shown match off the list.',
      on: {
        NEXT: { actions: 'showNext' },
        PREV: { actions: 'showPrevious' },
        CONNECT: 'connecting',
        CHAT: { actions: { type: 'openChat', params: ({ context }) => ({ userId: shownMatch(context).id }) } },
        VIDEO: { actions: { type: 'startVideoCall', params: ({ context }) => ({ userId: shownMatch(context).id }) } },
        BLOCKED: { target: 'sorting', actions: 'dropBlocked' },
      },
    },
    connecting: {
      description: "The heart animation plays for 2 seconds; the card's buttons wait. Then the chat with them opens, saying 'Connected with <name>!'.",
      after: {
        CONNECT_ANIMATION: {
          target: 'browsing',
          actions: { type: 'announceConnected', params: ({ context }) => ({ userId: shownMatch(context).id, name: shownMatch(context).name }) },
        },
      },
    },
    empty: {
      description: '"No Matches Yet" with a link to Spin.',
    },
    error: {
      description: '"Error Loading Matches" with the failure text and Try Again.',
      on: { RETRY: 'loading' },
    },
  },
});

export type MatchesSnapshot = SnapshotFrom<typeof matchesMachine>;
