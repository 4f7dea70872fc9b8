import { act, fireEvent, screen } from '@testing-library/react';
import { lazy } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoadWhenNear } from '../../../src/ui';
import { renderWithTheme } from './renderWithTheme';

/** A stand-in for the browser's observer: the test says when the watched element comes near. */
class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = [];
  readonly watched: Element[] = [];
  readonly options: IntersectionObserverInit | undefined;
  private readonly callback: IntersectionObserverCallback;

  constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
    this.callback = callback;
    this.options = options;
    FakeIntersectionObserver.instances.push(this);
  }

  observe(element: Element) {
    this.watched.push(element);
  }

  disconnect() {
    this.watched.length = 0;
  }

  comeNear() {
    const entries = this.watched.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry);
    this.callback(entries, this as unknown as IntersectionObserver);
  }
}

const Pricing = () => (
  <section id="pricing" aria-labelledby="pricing-title">
    <h2 id="pricing-title">Simple plans, no surprises</h2>
  </section>
);
const LazyPricing = lazy(() => Promise.resolve({ default: Pricing }));

beforeEach(() => {
  FakeIntersectionObserver.instances = [];
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
});

const jsdomScrollIntoView = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollIntoView');

afterEach(() => {
  vi.unstubAllGlobals();
  if (jsdomScrollIntoView) Object.defineProperty(Element.prototype, 'scrollIntoView', jsdomScrollIntoView);
  else delete (Element.prototype as Partial<Element>).scrollIntoView;
  window.history.replaceState(null, '', '/');
});

describe('LoadWhenNear', () => {
  it('holds the place with an empty stand-in until the section comes within a screen, then shows it', async () => {
    renderWithTheme(
      <LoadWhenNear estimatedHeight={{ compact: 900, wide: 600 }}>
        <LazyPricing />
      </LoadWhenNear>,
    );
    expect(screen.queryByRole('heading', { name: 'Simple plans, no surprises' })).not.toBeInTheDocument();
    const [observer] = FakeIntersectionObserver.instances;
    expect(observer?.options?.rootMargin).toBe('100% 0px');
    expect(observer?.watched).toHaveLength(1);

    act(() => observer?.comeNear());
    expect(await screen.findByRole('heading', { name: 'Simple plans, no surprises' })).toBeInTheDocument();
    expect(observer?.watched).toHaveLength(0);
  });

  it('shows the section at once, and scrolls to it, when the address points at its anchor', async () => {
    window.history.replaceState(null, '', '/#pricing');
    const scrolledTo: string[] = [];
    // jsdom does not scroll; record what is asked to scroll into view instead.
    Element.prototype.scrollIntoView = function record(this: Element) {
      scrolledTo.push(this.id);
    };
    renderWithTheme(
      <LoadWhenNear estimatedHeight={{ compact: 900, wide: 600 }} anchorId="pricing">
        <LazyPricing />
      </LoadWhenNear>,
    );
    expect(await screen.findByRole('heading', { name: 'Simple plans, no surprises' })).toBeInTheDocument();
    expect(FakeIntersectionObserver.instances).toHaveLength(0);
    expect(scrolledTo).toEqual(['pricing']);
  });

  it('gives the stand-in the anchor id, so an in-page link finds the place before the code arrives', () => {
    const { container } = renderWithTheme(
      <LoadWhenNear estimatedHeight={{ compact: 900, wide: 600 }} anchorId="pricing">
        <LazyPricing />
      </LoadWhenNear>,
    );
    const standIn = container.querySelector('#pricing');
    expect(standIn).not.toBeNull();
    expect(standIn).toBeEmptyDOMElement();
  });

  it('shows the section at once where the browser has no IntersectionObserver', async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    renderWithTheme(
      <LoadWhenNear estimatedHeight={{ compact: 900, wide: 600 }}>
        <LazyPricing />
      </LoadWhenNear>,
    );
    expect(await screen.findByRole('heading', { name: 'Simple plans, no surprises' })).toBeInTheDocument();
  });

  // Last in this file: once Tab has been pressed, the page stays in keyboard mode for good.
  it('loads every deferred section once Tab is pressed, so keyboard focus does not skip to the footer', async () => {
    renderWithTheme(
      <>
        <LoadWhenNear estimatedHeight={{ compact: 900, wide: 600 }}>
          <LazyPricing />
        </LoadWhenNear>
        <LoadWhenNear estimatedHeight={{ compact: 900, wide: 600 }}>
          <p>Questions and answers</p>
        </LoadWhenNear>
      </>,
    );
    fireEvent.keyDown(document.body, { key: 'Enter' });
    expect(screen.queryByRole('heading', { name: 'Simple plans, no surprises' })).not.toBeInTheDocument();

    fireEvent.keyDown(document.body, { key: 'Tab' });
    expect(await screen.findByRole('heading', { name: 'Simple plans, no surprises' })).toBeInTheDocument();
    expect(screen.getByText('Questions and answers')).toBeInTheDocument();
  });

  it('shows a section mounted after Tab was pressed at once, without waiting to come near', () => {
    renderWithTheme(
      <LoadWhenNear estimatedHeight={{ compact: 900, wide: 600 }}>
        <p>Questions and answers</p>
      </LoadWhenNear>,
    );
    expect(screen.getByText('Questions and answers')).toBeInTheDocument();
    expect(FakeIntersectionObserver.instances).toHaveLength(0);
  });
});
