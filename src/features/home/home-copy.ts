import type { FeatureIconName } from '../marketing/FeatureIcon';

// The copy of the sections drawn with Home's first paint. The sections that
// load on the way down keep theirs in their own modules: whatever this module
// holds is fetched with the first paint.

/** SPEC section 9: four slides; images are generated covers served by the app. */
export const CAROUSEL_SLIDES = [
  {
    id: 'radar',
    image: '/api/media/cover/home-slide-radar',
    title: 'See who is nearby',
    text: 'The live radar shows the people around you right now, ring by ring.',
  },
  {
    id: 'video',
    image: '/api/media/cover/home-slide-video',
    title: 'Say hello face to face',
    text: 'Jump on a video call when the chat clicks. No more guessing games.',
  },
  {
    id: 'live',
    image: '/api/media/cover/home-slide-live',
    title: 'Go live and be seen',
    text: 'Stream a moment of your day and chat with the people who tune in.',
  },
  {
    id: 'spin',
    image: '/api/media/cover/home-slide-spin',
    title: 'Spin for a surprise',
    text: 'Shuffle the deck and meet someone you would never have scrolled to.',
  },
] as const;

export type CarouselSlide = (typeof CAROUSEL_SLIDES)[number];

/** SPEC section 2: How It Works, three steps. */
export const HOW_IT_WORKS_STEPS = [
  {
    title: 'Create your profile',
    text: 'Add a few photos, your interests and a line about you. It takes two minutes.',
    icon: 'profile',
  },
  {
    title: 'Discover matches',
    text: 'Browse people nearby, scan the radar or spin for a surprise, and like who you like.',
    icon: 'radar',
  },
  {
    title: 'Connect and chat',
    text: 'When it is mutual, message each other or start a video call straight away.',
    icon: 'chat',
  },
] as const satisfies ReadonlyArray<{ title: string; text: string; icon: FeatureIconName }>;
