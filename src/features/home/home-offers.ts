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

export interface PricingTier {
  id: 'basic' | 'premium' | 'vip';
  name: string;
  price: string;
  period: string;
  /** `included: false` items are shown crossed out (what the tier lacks). */
  items: ReadonlyArray<{ text: string; included: boolean }>;
  cta: { label: string; to: '/register' | '/vip' };
  highlighted?: boolean;
}

/** SPEC section 2 pricing tiers, with their exact lists. */
export const PRICING_TIERS: readonly PricingTier[] = [
  {
    id: 'basic',
    name: 'Basic',
    price: 'Free',
    period: 'forever',
    items: [
      { text: 'Up to 10 matches per day', included: true },
      { text: 'No video calls', included: false },
      { text: 'No advanced filters', included: false },
    ],
    cta: { label: 'Get Started', to: '/register' },
  },
  {
    id: 'premium',
    name: 'Premium',
    price: '$9.99',
    period: 'per month',
    items: [
      { text: 'Unlimited matches', included: true },
      { text: 'Unlimited messaging', included: true },
      { text: 'Video calls', included: true },
      { text: 'Advanced filters', included: true },
    ],
    cta: { label: 'Choose Premium', to: '/vip' },
    highlighted: true,
  },
  {
    id: 'vip',
    name: 'VIP',
    price: '$19.99',
    period: 'per month',
    items: [
      { text: 'Everything in Premium', included: true },
      { text: 'Priority support', included: true },
      { text: 'Exclusive events', included: true },
      { text: 'VIP badges', included: true },
      { text: 'Early access to new features', included: true },
    ],
    cta: { label: 'Go VIP', to: '/vip' },
  },
];

/** SPEC section 2: four questions, one about cancelling. */
export const FAQ_ITEMS = [
  {
    question: 'Is Orbit free to use?',
    answer:
      'Yes. The Basic plan is free: create a profile, discover people nearby and get up to 10 matches a day. Premium and VIP add unlimited matches, video calls and more.',
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
      'Yes. You can cancel your subscription anytime with no cancellation fee. Your subscription stays active until the end of the current billing period.',
  },
] as const;
