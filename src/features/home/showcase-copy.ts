import type { StatColor } from '../../../contract/common';

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
