import { mediaConditions, useMediaQuery } from '../../ui';

/** True while the visitor asks for less motion; decorative animation stops then. */
export function usePrefersReducedMotion(): boolean {
  return useMediaQuery(mediaConditions.reducedMotion);
}
