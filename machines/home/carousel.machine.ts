import { assertEvent, assign, setup, type SnapshotFrom } from 'xstate';

export interface CarouselInput {
  slideCount: number;
  /** False under prefers-reduced-motion: the carousel starts paused. */
  autoplay: boolean;
}
export interface CarouselContext {
  index: number;
  slideCount: number;
  startsPlaying: boolean;
  /** The pointer or keyboard focus is on the carousel. */
  visitorPresent: boolean;
}
export type CarouselEvent =
  | { type: 'NEXT' }
  | { type: 'PREV' }
  | { type: 'GO_TO'; index: number }
  /** The pointer or keyboard focus is on the carousel: stop moving under the reader. */
  | { type: 'HOLD' }
  | { type: 'RELEASE' }
  /** The visitor pressed Pause / Play. */
  | { type: 'PAUSE' }
  | { type: 'PLAY' };

const wrap = (index: number, count: number) => ((index % count) + count) % count;

/** Moving by hand, in any state. */
const manualMoves = {
  NEXT: { actions: 'showNext' },
  PREV: { actions: 'showPrevious' },
  GO_TO: { guard: 'isSlide', actions: 'showChosen' },
} as const;

export const carouselMachine = setup({
  types: {
    input: {} as CarouselInput,
    context: {} as CarouselContext,
    events: {} as CarouselEvent,
  },
  actions: {
    showNext: assign(({ context }) => ({ index: wrap(context.index + 1, context.slideCount) })),
    showPrevious: assign(({ context }) => ({ index: wrap(context.index - 1, context.slideCount) })),
    showChosen: assign(({ context, event }) => {
      assertEvent(event, 'GO_TO');
      return { index: wrap(event.index, context.slideCount) };
    }),
    noteVisitorArrived: assign({ visitorPresent: true }),
    noteVisitorLeft: assign({ visitorPresent: false }),
  },
  guards: {
    startsPlaying: ({ context }) => context.startsPlaying,
    visitorPresent: ({ context }) => context.visitorPresent,
    isSlide: ({ context, event }) => {
      assertEvent(event, 'GO_TO');
      return Number.isInteger(event.index) && event.index >= 0 && event.index < context.slideCount;
    },
  },
  delays: {
    /** SPEC section 9: the Home carousel advances every 5 seconds. */
    CAROUSEL_INTERVAL: 5000,
  },
}).createMachine({
  id: 'carousel',
  description:
    'The Home page image carousel: advances every 5 seconds through its slides, wrapping round; previous, next and the dots ' +
    'move by hand. It holds still while pointed at or focused, stays paused after Pause, and starts paused under reduced motion.',
  context: ({ input }) => ({
    index: 0,
    slideCount: Math.max(1, input.slideCount),
    // One slide has nowhere to go.
    startsPlaying: input.autoplay && input.slideCount > 1,
    visitorPresent: false,
  }),
  initial: 'starting',
  states: {
    starting: {
      description: 'Decides from the input whether to play; never rests here.',
      always: [
        { guard: 'startsPlaying', target: 'playing' },
        { target: 'paused' },
      ],
    },
    playing: {
      description: 'Advancing on its own; moving by hand restarts the 5 second wait.',
      after: { CAROUSEL_INTERVAL: { target: 'playing', reenter: true, actions: 'showNext' } },
      on: {
        NEXT: { target: 'playing', reenter: true, actions: 'showNext' },
        PREV: { target: 'playing', reenter: true, actions: 'showPrevious' },
        GO_TO: { guard: 'isSlide', target: 'playing', reenter: true, actions: 'showChosen' },
        HOLD: { target: 'held', actions: 'noteVisitorArrived' },
        PAUSE: 'paused',
      },
    },
    held: {
      description: 'The pointer or focus is on the carousel: it waits, and plays again when they leave.',
      on: { ...manualMoves, RELEASE: { target: 'playing', actions: 'noteVisitorLeft' }, PAUSE: 'paused' },
    },
    paused: {
      description:
        'Paused by the visitor (or by reduced motion): it moves only by hand until Play, which holds first if the visitor is still on it.',
      on: {
        ...manualMoves,
        HOLD: { actions: 'noteVisitorArrived' },
        RELEASE: { actions: 'noteVisitorLeft' },
        PLAY: [{ guard: 'visitorPresent', target: 'held' }, { target: 'playing' }],
      },
    },
  },
});

export type CarouselSnapshot = SnapshotFrom<typeof carouselMachine>;

export const selectSlideIndex = (snapshot: CarouselSnapshot): number => snapshot.context.index;
/** Auto-advance is on (playing or only held for a moment). */
export const selectIsAutoplaying = (snapshot: CarouselSnapshot): boolean => !snapshot.matches('paused');
