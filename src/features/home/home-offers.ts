import { FREE_DAILY_LIKES } from '../../../contract/constants';

/** SPEC section 3 Testimonial: id, name, location, text, rating 1 to 5, avatar. */
export interface Testimonial {
  id: number;
  name: string;
  location: string;
  text: string;
  rating: 1 | 2 | 3 | 4 | 5;
  avatar: string;
}

// Avatar addresses are spelled out rather than built with avatarPath(): importing
// contract/avatar from Home makes it a chunk of its own on the first load of /,
// which measured 150.1 KB against the 150 KB budget (issue 8).
export const TESTIMONIALS: readonly Testimonial[] = [
  {
    id: 1,
    name: 'Priya S.',
    location: 'Mumbai, India',
    text: 'We lived two kilometres apart for years and never met. The radar fixed that in a week. Our first date was a walk on Carter Road.',
    rating: 5,
    avatar: '/api/media/avatar/testimonial-priya?look=feminine',
  },
  {
    id: 2,
    name: 'Daniel K.',
    location: 'London, UK',
    text: 'The video calls are the best part. You know within five minutes if there is a spark, and nobody wastes a Saturday.',
    rating: 5,
    avatar: '/api/media/avatar/testimonial-daniel?look=masculine',
  },
  {
    id: 3,
    name: 'Aisha R.',
    location: 'Dubai, UAE',
    text: 'I was sceptical about the spin feature, but it matched me with someone I would never have found by scrolling. Three months and counting.',
    rating: 4,
    avatar: '/api/media/avatar/testimonial-aisha?look=feminine',
  },
];

/**
 * The free tier as the server enforces it (issue 48, point 6). The spec's
 * Basic tier (10 matches a day, no video calls, no advanced filters) and its
 * Premium tier described limits Orbit never had; the paid tiers are the VIP
 * plans of the catalogue, read from it, so Home never shows a price or a
 * period the checkout would not charge.
 */
export const FREE_TIER = {
  name: 'Basic',
  price: 'Free',
  period: 'forever',
  items: [
    `${FREE_DAILY_LIKES} likes a day`,
    'Matches, messages and video calls',
    'Discover filters, Spin and the radar',
    'Live streams to watch and host',
  ],
} as const;

/** SPEC section 2: four questions, one about cancelling. */
export const FAQ_ITEMS = [
  {
    question: 'Is Orbit free to use?',
    answer:
      `Yes. Basic is free: create a profile, discover people, match, message and video call, with ${FREE_DAILY_LIKES} likes a day. VIP adds unlimited likes, who liked you, a daily Boost and Incognito.`,
  },
  {
    question: 'How does the radar find people near me?',
    answer:
      'The radar shows people who are online within a set distance of you, placed by how far away they are. Others only ever see an approximate distance, never your exact location.',
  },
  {
    question: 'Are video calls private?',
    answer:
      'Video calls are one to one between you and your match. You can mute your microphone or turn off your camera at any time, and end the call with one tap.',
  },
  {
    question: 'Can I cancel my subscription anytime?',
    answer:
      'Yes. A VIP plan renews until you cancel, and cancelling is one click on the VIP page or in Settings. Your VIP then stays active until the end of the period you paid for, and nothing more is charged.',
  },
] as const;
