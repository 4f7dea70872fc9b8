import { act } from '@testing-library/react';

/**
 * Replaces window.matchMedia with media conditions the test switches on and
 * off, notifying listeners as a browser does when the window is resized or a
 * system setting (reduced motion) changes mid-visit.
 */
export function fakeMediaConditions(initiallyMatching: readonly string[] = []) {
  const original = Object.getOwnPropertyDescriptor(window, 'matchMedia');
  const matching = new Set(initiallyMatching);
  const listeners = new Set<() => void>();
  const matchMedia = (query: string) =>
    ({
      get matches() {
        return matching.has(query);
      },
      media: query,
      addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
    }) as unknown as MediaQueryList;
  Object.defineProperty(window, 'matchMedia', { value: matchMedia, configurable: true, writable: true });
  return {
    set(condition: string, matches: boolean) {
      if (matches) matching.add(condition);
      else matching.delete(condition);
      act(() => listeners.forEach((listener) => listener()));
    },
    restore() {
      if (original) Object.defineProperty(window, 'matchMedia', original);
      else Reflect.deleteProperty(window, 'matchMedia');
    },
  };
}
