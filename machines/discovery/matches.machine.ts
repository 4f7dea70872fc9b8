import { assertEvent, assign, setup, type SnapshotFrom } from 'xstate';
import { errorMessage } from '../error-message';

/**
 * The machine's own state: which card is shown and what the screen is doing.
 * The matches themselves live in the query cache (matchesQueryOptions); the
 * screen tells the machine their ids, in order, each time the cache changes.
 */
export interface MatchesContext {
  /** The ids of the matches in the order the cache lists them (newest first). */
  ids: readonly string[];
  index: number;
  /** Who the heart is for, so the chat opens with them even if the list changes meanwhile. */
  connectingWith: string | null;
  error: string | null;
}
export type MatchesEvent =
  /** The query cache holds this list (first load, a refetch after a new match, a retry). */
  | { type: 'LOADED'; ids: readonly string[] }
  /** GET /matches failed with nothing cached to show. */
  | { type: 'FAILED'; error: unknown }
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
 * The position in the new list. The card shown stays shown; when it left the
 * list, the match after it takes its place (the first, after the last), as
 * Next would have shown.
 */
function indexIn(context: MatchesContext, ids: readonly string[]): number {
  const shownId = context.ids[context.index];
  if (shownId === undefined) return 0;
  const stillShown = ids.indexOf(shownId);
  if (stillShown >= 0) return stillShown;
  const kept = new Set(ids);
  const before = context.ids.slice(0, context.index).filter((id) => kept.has(id)).length;
  return before < ids.length ? before : 0;
}

function shownId(context: MatchesContext): string {
  const id = context.ids[context.index];
  // Only reachable from browsing, which is entered with at least one match.
  if (id === undefined) throw new Error('matches machine: no match at the current index');
  return id;
}

export const matchesMachine = setup({
  types: {
    context: {} as MatchesContext,
    events: {} as MatchesEvent,
  },
  actions: {
    // Effects the screen injects; the machine stays pure.
    /** GET /matches again (Try Again): the screen refetches the query. */
    reload: () => {},
    /** After the heart: the chat with them opens with 'Connected with <name>!'. */
    announceConnected: (_, _params: { userId: string }) => {},
    openChat: (_, _params: { userId: string }) => {},
    startVideoCall: (_, _params: { userId: string }) => {},
    showNext: assign(({ context }) => ({ index: wrap(context.index + 1, context.ids.length) })),
    showPrevious: assign(({ context }) => ({ index: wrap(context.index - 1, context.ids.length) })),
    takeList: assign(({ context, event }) => {
      assertEvent(event, 'LOADED');
      return { ids: event.ids, index: indexIn(context, event.ids) };
    }),
    dropBlocked: assign(({ context, event }) => {
      assertEvent(event, 'BLOCKED');
      const ids = context.ids.filter((id) => id !== event.userId);
      return { ids, index: indexIn(context, ids) };
    }),
  },
  guards: {
    hasMatches: ({ context }) => context.ids.length > 0,
  },
  delays: {
    /** SPEC section 9: the connect (heart) animation lasts 2 seconds. */
    CONNECT_ANIMATION: 2000,
  },
}).createMachine({
  id: 'matches',
  description:
    'The Matches screen: "Finding your matches..." until GET /matches answers, then one match at a time with previous and next ' +
    'wrapping round, "No Matches Yet", or "Error Loading Matches" with Try Again. The list is the query cache\'s, so a new match ' +
    'shows up on the open screen, the card shown staying shown. Connect plays the heart for 2 seconds, then ' +
    'opens the chat saying "Connected with <name>!"; chat opens that conversation in Messages and video starts the call. Blocking the match shown ' +
    '(Report or block) takes them off the list, and the next match, or "No Matches Yet", takes their place.',
  context: { ids: [], index: 0, connectingWith: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      description: '"Finding your matches..." until the query cache has the list.',
      entry: assign({ error: null }),
      on: {
        LOADED: { target: 'sorting', actions: 'takeList' },
        FAILED: {
          target: 'error',
          actions: assign(({ event }) => ({ error: errorMessage(event.error, FALLBACK_ERROR) })),
        },
      },
    },
    sorting: {
      description: 'Decides between browsing and the empty state; never rests here.',
      always: [{ guard: 'hasMatches', target: 'browsing' }, { target: 'empty' }],
    },
    browsing: {
      description:
        'One match card, "n of total matches"; previous and next wrap round; a block takes the shown match off the list; a changed list keeps the card shown.',
      on: {
        NEXT: { actions: 'showNext' },
        PREV: { actions: 'showPrevious' },
        CONNECT: { target: 'connecting', actions: assign(({ context }) => ({ connectingWith: shownId(context) })) },
        CHAT: { actions: { type: 'openChat', params: ({ context }) => ({ userId: shownId(context) }) } },
        VIDEO: { actions: { type: 'startVideoCall', params: ({ context }) => ({ userId: shownId(context) }) } },
        BLOCKED: { target: 'sorting', actions: 'dropBlocked' },
        LOADED: { target: 'sorting', actions: 'takeList' },
      },
    },
    connecting: {
      description:
        "The heart animation plays for 2 seconds; the card's buttons wait. Then the chat with them opens, saying 'Connected with <name>!'.",
      on: {
        LOADED: { actions: 'takeList' },
      },
      after: {
        CONNECT_ANIMATION: {
          target: 'sorting',
          actions: [
            { type: 'announceConnected', params: ({ context }) => ({ userId: context.connectingWith ?? '' }) },
            assign({ connectingWith: null }),
          ],
        },
      },
    },
    empty: {
      description: '"No Matches Yet" with a link to Spin, until a match arrives.',
      on: { LOADED: { target: 'sorting', actions: 'takeList' } },
    },
    error: {
      description: '"Error Loading Matches" with the failure text and Try Again.',
      on: {
        RETRY: { target: 'loading', actions: 'reload' },
        LOADED: { target: 'sorting', actions: 'takeList' },
      },
    },
  },
});

export type MatchesSnapshot = SnapshotFrom<typeof matchesMachine>;
