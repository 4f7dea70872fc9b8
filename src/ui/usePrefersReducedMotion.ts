import { mediaConditions } from './theme';
import { useMediaQuery } from './useMediaQuery';

/** True while the visitor asks for less motion; decorative animation stops then, and stops at once if they ask mid-visit. */
export function usePrefersReducedMotion(): boolean {
  return useMediaQuery(mediaConditions.reducedMotion);
}
