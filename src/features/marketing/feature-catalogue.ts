import type { StatColor } from '../../../contract/common';
import type { FeatureIconName } from './FeatureIcon';

/** Routes a feature card can open (checked against the route tree where used). */
export type FeatureRoute =
  | '/users'
  | '/spin'
  | '/radar'
  | '/live-stream'
  | '/video-call/{-$userId}'
  | '/messages'
  | '/match'
  | '/coins'
  | '/vip'
  | '/store';

export interface Feature {
  to: FeatureRoute;
  title: string;
  text: string;
  icon: FeatureIconName;
  accent: StatColor;
}

/**
 * Every feature, each opening its screen. SPEC section 2: on the Features
 * page the first two link to /users and /spin.
 */
export const FEATURES: readonly Feature[] = [
  {
    to: '/users',
    title: 'Discover People',
    text: 'Browse profiles of people near you in a list or on the radar, and like the ones who catch your eye.',
    icon: 'users',
    accent: 'purple',
  },
  {
    to: '/spin',
    title: 'Spin to Match',
    text: 'Feeling lucky? Spin the wheel for a surprise candidate, then like, super like or pass.',
    icon: 'spin',
    accent: 'pink',
  },
  {
    to: '/radar',
    title: 'Radar',
    text: 'See who is around you right now, placed by distance on a live radar sweep.',
    icon: 'radar',
    accent: 'blue',
  },
  {
    to: '/live-stream',
    title: 'Live Streaming',
    text: 'Go live, chat with viewers in real time and let people get to know the real you.',
    icon: 'live',
    accent: 'green',
  },
  {
    to: '/video-call/{-$userId}',
    title: 'Video Calls',
    text: 'Skip the endless texting: meet face to face with a video call before you meet in person.',
    icon: 'video',
    accent: 'purple',
  },
  {
    to: '/messages',
    title: 'Messages',
    text: 'Keep the conversation going with instant messages to your matches.',
    icon: 'chat',
    accent: 'pink',
  },
  {
    to: '/match',
    title: 'Matches',
    text: 'Everyone who liked you back, with how compatible you are and what you share.',
    icon: 'heart',
    accent: 'blue',
  },
  {
    to: '/coins',
    title: 'Coins & Gifts',
    text: 'Earn coins for being active and spend them on gifts that make you stand out.',
    icon: 'coins',
    accent: 'green',
  },
  {
    to: '/vip',
    title: 'VIP Membership',
    text: 'Unlimited likes, see who liked you, a profile boost and an exclusive VIP badge.',
    icon: 'crown',
    accent: 'purple',
  },
  {
    to: '/store',
    title: 'Store',
    text: 'Coin packs and VIP plans in one place, with the best value clearly marked.',
    icon: 'bag',
    accent: 'pink',
  },
];
