import { useCallback, useSyncExternalStore } from 'react';

function mediaQueryList(condition: string): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(condition) : null;
}

/**
 * Whether a media condition (one of theme's `mediaConditions`) holds now,
 * re-rendering when it changes. Where `matchMedia` is missing (no browser),
 * it reads false, so the wide, everything-shown layout is the fallback.
 */
export function useMediaQuery(condition: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = mediaQueryList(condition);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    [condition],
  );
  return useSyncExternalStore(subscribe, () => mediaQueryList(condition)?.matches ?? false, () => false);
}
