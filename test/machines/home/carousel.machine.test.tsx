import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { createActor, type AnyEventObject } from 'xstate';
import { carouselMachine, type CarouselSnapshot } from '../../../machines/home/carousel.machine';
import { HomeCarousel } from '../../../src/features/home/HomeCarousel';
import { CAROUSEL_SLIDES } from '../../../src/features/home/home-copy';
import { ThemeRoot } from '../../../src/ui';
import { createModel, printCoverageAfterAll, type ModelPath, type MountArgs } from '../../support/model';

/**
 * The carousel machine walked through the real Home carousel: every event is
 * what a visitor does (click Next, Previous, a dot, Pause or Play; point at
 * the carousel and away), timed steps move the test's clock by the named
 * 5 s delay, and every state is checked by what is on screen.
 */
const SLIDE_COUNT = CAROUSEL_SLIDES.length;
const AFTER_INTERVAL = 'xstate.after.CAROUSEL_INTERVAL.carousel.playing';
const stateKey = (snapshot: CarouselSnapshot) =>
  JSON.stringify({ value: snapshot.value, index: snapshot.context.index, visitorPresent: snapshot.context.visitorPresent });

/** The pointer can only arrive when it is away, and leave when it is there. */
const pointerCanDo = (snapshot: CarouselSnapshot, event: AnyEventObject) =>
  !(event.type === 'HOLD' && snapshot.context.visitorPresent) && !(event.type === 'RELEASE' && !snapshot.context.visitorPresent);

const dots = [{ type: 'GO_TO', index: 0 }, { type: 'GO_TO', index: 2 }];
const fullModel = createModel(carouselMachine, {
  input: { slideCount: SLIDE_COUNT, autoplay: true },
  events: { GO_TO: dots },
  stateKey,
  filterEvents: pointerCanDo,
});
/** Under prefers-reduced-motion the carousel starts paused. */
const reducedMotionModel = createModel(carouselMachine, {
  input: { slideCount: SLIDE_COUNT, autoplay: false },
  events: { GO_TO: dots },
  stateKey,
  filterEvents: pointerCanDo,
});

// Simple paths over every event would number in the tens of thousands. This
// subset (time, hover, Pause/Play, and Previous while held) still reaches
// every state at every slide and every order of arriving, pausing, playing and
// leaving; Next, the dots and the other Previous moves are covered by the
// shortest paths.
const SIMPLE_PATH_EVENTS = new Set([AFTER_INTERVAL, 'HOLD', 'RELEASE', 'PAUSE', 'PLAY', 'PREV']);
const simpleModel = createModel(carouselMachine, {
  input: { slideCount: SLIDE_COUNT, autoplay: true },
  stateKey,
  filterEvents: (snapshot, event) =>
    pointerCanDo(snapshot, event) && SIMPLE_PATH_EVENTS.has(event.type) && (event.type !== 'PREV' || snapshot.matches('held')),
});

function mountCarousel({ machine, input, clock, inspect }: MountArgs<typeof carouselMachine>) {
  const actor = createActor(machine, { input, clock, inspect }).start();
  const view = render(
    <ThemeRoot>
      <HomeCarousel carousel={actor} />
    </ThemeRoot>,
  );
  return { actor, unmount: () => { view.unmount(); actor.stop(); } };
}

// Label and attribute queries: role queries compute every accessible name
// and would make hundreds of paths crawl; these read the same ARIA the
// visitor's screen reader does.
const region = () => screen.getByLabelText('Highlights');
const button = (label: string | RegExp) => within(region()).getByLabelText(label, { selector: 'button' });

function visitorDoes(event: AnyEventObject): void {
  switch (event.type) {
    case 'NEXT':
      return void fireEvent.click(button('Next slide'));
    case 'PREV':
      return void fireEvent.click(button('Previous slide'));
    case 'GO_TO': {
      const index = Number((event as AnyEventObject & { index?: unknown }).index);
      return void fireEvent.click(button(new RegExp(`^Show slide ${index + 1}:`)));
    }
    case 'HOLD':
      return void fireEvent.mouseEnter(region());
    case 'RELEASE':
      return void fireEvent.mouseLeave(region());
    case 'PAUSE':
      return void fireEvent.click(button('Pause slideshow'));
    case 'PLAY':
      return void fireEvent.click(button('Play slideshow'));
    default:
      throw new Error(`No visitor action for ${event.type}`);
  }
}

/** What the visitor should see for the model state. */
function assertShows(expected: CarouselSnapshot) {
  const { index } = expected.context;
  const carousel = region();
  expect(carousel).toHaveAttribute('aria-roledescription', 'carousel');
  const slides = [...carousel.querySelectorAll('[aria-roledescription="slide"]')];
  expect(slides).toHaveLength(SLIDE_COUNT);
  slides.forEach((slide, slideIndex) => {
    expect(slide).toHaveAttribute('aria-hidden', String(slideIndex !== index));
  });
  const shown = slides[index];
  expect(shown).toHaveAttribute('aria-label', `${index + 1} of ${SLIDE_COUNT}: ${CAROUSEL_SLIDES[index]?.title}`);
  expect(shown).toHaveTextContent(CAROUSEL_SLIDES[index]?.text ?? '');
  expect(button(new RegExp(`^Show slide ${index + 1}:`))).toHaveAttribute('aria-current', 'true');
  const paused = expected.matches('paused');
  expect(button(paused ? 'Play slideshow' : 'Pause slideshow')).toBeVisible();
  // Automatic turns are not announced; moves while paused are.
  expect(shown?.parentElement).toHaveAttribute('aria-live', paused ? 'polite' : 'off');
}

function walk(model: typeof fullModel, path: ModelPath<typeof carouselMachine>) {
  return model.replay(path, {
    mount: mountCarousel,
    executeEvent: (event) => act(() => visitorDoes(event)),
    assertState: async (expected) => {
      // Timed steps move the actor outside React; let React commit before looking.
      await act(async () => {});
      assertShows(expected);
    },
  });
}

printCoverageAfterAll();

describe('carousel on the Home page, every shortest path', () => {
  const paths = fullModel.shortestPaths();
  it('has paths to walk', () => expect(paths.length).toBeGreaterThan(40));
  for (const path of paths) it(path.description, () => walk(fullModel, path));
});

describe('carousel on the Home page under reduced motion, every shortest path', () => {
  const paths = reducedMotionModel.shortestPaths();
  it('has paths to walk', () => expect(paths.length).toBeGreaterThan(20));
  for (const path of paths) it(path.description, () => walk(reducedMotionModel, path));
});

describe('carousel on the Home page, every simple path (time, Previous, hover, Pause/Play)', () => {
  const paths = simpleModel.simplePaths();
  it('has paths to walk', () => expect(paths.length).toBeGreaterThan(40));
  for (const path of paths) it(path.description, () => walk(simpleModel, path));
});

describe('carousel coverage', () => {
  it('entered every state and took every transition', () => {
    const coverage = fullModel.coverage();
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });
});

describe('carousel, targeted', () => {
  const start = (input: { slideCount: number; autoplay: boolean }) => createActor(carouselMachine, { input }).start();

  it('holds when Play is pressed with the pointer still on it, and plays once it leaves', () => {
    const actor = start({ slideCount: 4, autoplay: false });
    actor.send({ type: 'HOLD' });
    actor.send({ type: 'PLAY' });
    expect(actor.getSnapshot().value).toBe('held');
    actor.send({ type: 'RELEASE' });
    expect(actor.getSnapshot().value).toBe('playing');
  });

  it('starts paused under reduced motion, and with a single slide', () => {
    expect(start({ slideCount: 4, autoplay: false }).getSnapshot().value).toBe('paused');
    expect(start({ slideCount: 1, autoplay: true }).getSnapshot().value).toBe('paused');
    expect(start({ slideCount: 4, autoplay: true }).getSnapshot().value).toBe('playing');
  });

  it('wraps round in both directions and ignores a dot that does not exist', () => {
    const actor = start({ slideCount: 4, autoplay: false });
    actor.send({ type: 'PREV' });
    expect(actor.getSnapshot().context.index).toBe(3);
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().context.index).toBe(0);
    actor.send({ type: 'GO_TO', index: 7 });
    actor.send({ type: 'GO_TO', index: 1.5 });
    expect(actor.getSnapshot().context.index).toBe(0);
  });

  it('holds while keyboard focus is inside, and plays again when focus leaves', () => {
    const actor = start({ slideCount: SLIDE_COUNT, autoplay: true });
    render(
      <ThemeRoot>
        <button type="button">Outside</button>
        <HomeCarousel carousel={actor} />
      </ThemeRoot>,
    );
    act(() => button('Next slide').focus());
    expect(actor.getSnapshot().value).toBe('held');
    act(() => button('Previous slide').focus());
    expect(actor.getSnapshot().value).toBe('held');
    act(() => screen.getByText('Outside').focus());
    expect(actor.getSnapshot().value).toBe('playing');
  });
});
