import { useQuery } from '@tanstack/react-query';
import type { PublicConfig, Stat } from '../../../contract/site-settings';
import { publicConfigQueryOptions } from '../../api/site-settings';

/**
 * SPEC section 4: the built-in texts shown first and kept for any field the
 * public config leaves out (or when it cannot be fetched). They match the
 * seeded settings, so a normal visit shows no flicker.
 */
export const DEFAULT_HOME_TEXTS = {
  heroTitle: 'Meet people worth orbiting',
  heroSubtitle:
    'Discover singles nearby on the radar, match on what you actually care about, and say hello face to face with live video. Real people, real chemistry, no endless swiping.',
  featuresTitle: 'Everything you need to find your person',
  featuresSubtitle:
    'From a live radar of who is around you to video calls that skip the small talk, Orbit is built to turn a match into a real conversation.',
} as const;

/** SPEC section 9 default stats. */
export const DEFAULT_STATS: readonly Stat[] = [
  { value: '10K+', label: 'Active Users', color: 'purple' },
  { value: '50K+', label: 'Matches Made', color: 'pink' },
  { value: '100+', label: 'Countries', color: 'blue' },
  { value: '24/7', label: 'Support', color: 'green' },
];

export interface HomeTexts {
  heroTitle: string;
  heroSubtitle: string;
  featuresTitle: string;
  featuresSubtitle: string;
  stats: readonly Stat[];
  /** Whether seeded demo people are about, so Home says so (issue 51). */
  demoPeople: boolean;
}

const filled = (value: string | undefined, fallback: string) => (value?.trim() ? value : fallback);

/** Field by field: each configured value replaces its default; blanks and gaps keep the default. */
export function mergeHomeTexts(config: PublicConfig | undefined): HomeTexts {
  return {
    heroTitle: filled(config?.heroTitle, DEFAULT_HOME_TEXTS.heroTitle),
    heroSubtitle: filled(config?.heroSubtitle, DEFAULT_HOME_TEXTS.heroSubtitle),
    featuresTitle: filled(config?.featuresTitle, DEFAULT_HOME_TEXTS.featuresTitle),
    featuresSubtitle: filled(config?.featuresSubtitle, DEFAULT_HOME_TEXTS.featuresSubtitle),
    stats: config?.stats?.length ? config.stats : DEFAULT_STATS,
    demoPeople: config?.demoPeople === true,
  };
}

/** The home texts: defaults at once, the public config's values as soon as they arrive. */
export function useHomeTexts(): HomeTexts {
  const { data } = useQuery(publicConfigQueryOptions());
  return mergeHomeTexts(data);
}
