import type { StatColor } from '../../../contract/common';
import type { FeatureIconName } from '../marketing/FeatureIcon';

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

export type ShowcaseRoute = '/radar' | '/users' | '/live-stream';

export interface Showcase {
  id: string;
  title: string;
  text: string;
  points: readonly string[];
  image: string;
  link: { to: ShowcaseRoute; label: string };
  accent: StatColor;
}

/** The feature showcases under the configurable features title. */
export const SHOWCASES: readonly Showcase[] = [
  {
    id: 'radar',
    title: 'A radar for real-life chemistry',
    text: 'Orbit puts the people around you on a live radar, so a match is someone you could actually meet this week.',
    points: ['Distance shown ring by ring', 'Only people who are online right now', 'Scan again whenever you move'],
    image: '/api/media/cover/home-showcase-radar',
    link: { to: '/radar', label: 'Try the radar' },
    accent: 'blue',
  },
  {
    id: 'video',
    title: 'Video calls that skip the small talk',
    text: 'Five minutes on camera tells you more than five days of messages. Call a match right from their card.',
    points: ['One tap from any profile', 'Mute and camera controls', 'Call quality shown as you talk'],
    image: '/api/media/cover/home-showcase-video',
    link: { to: '/users', label: 'Find someone to call' },
    accent: 'pink',
  },
  {
    id: 'live',
    title: 'Go live, get noticed',
    text: 'Share what you are up to with a live stream. Viewers can chat with you and send gifts.',
    points: ['Live chat with your viewers', 'Earn coins for every viewer', 'End the stream whenever you like'],
    image: '/api/media/cover/home-showcase-live',
    link: { to: '/live-stream', label: 'Start a stream' },
    accent: 'purple',
  },
];

export const CALL_TO_ACTION = {
  title: 'Your person might be closer than you think',
  text: 'Join free in two minutes and see who is on your radar tonight.',
} as const;
