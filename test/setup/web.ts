import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { __PRIVATE__ } from 'styled-components';
import { afterEach, vi } from 'vitest';

afterEach(() => {
  cleanup();
  // Each test starts without the CSS rules of the ones before it: jsdom's getComputedStyle (behind every
  // *ByRole query) walks every rule in the document, so a long file grew slower with each test.
  const sheet = __PRIVATE__.mainSheet;
  sheet.names.clear();
  sheet.clearTag();
  document.querySelectorAll('style[data-styled]').forEach((element) => element.remove());
});

// Full-app renders on a loaded 2-core CI machine can take longer than the
// 1 s default; passing tests are not slowed, failing ones just wait longer.
configure({ asyncUtilTimeout: 5000 });

// jsdom has no matchMedia; components and hooks that read media queries
// (reduced motion, breakpoints) get a "no match" answer.
if (typeof window !== 'undefined' && !window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList => {
    const listeners = new Set<(event: MediaQueryListEvent) => void>();
    return {
      matches: false,
      media: query,
      onchange: null,
      addEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) => listeners.add(listener),
      removeEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) => listeners.delete(listener),
      addListener: (listener: (event: MediaQueryListEvent) => void) => listeners.add(listener),
      removeListener: (listener: (event: MediaQueryListEvent) => void) => listeners.delete(listener),
      dispatchEvent: () => false,
    } as unknown as MediaQueryList;
  };
}

// jsdom does not scroll; the router restores scroll on every navigation.
if (typeof window !== 'undefined') {
  window.scrollTo = () => {};
}

// No network in jsdom: a signed-in member's realtime connection gets a socket a test can play the server through.
vi.mock('socket.io-client', () => import('../support/fake-socket-io'));
