import type { NewAppSettingRow, NewCoinPackRow, NewGiftRow, NewVipPlanRow } from '../schema';

// The store catalogue and home-page copy every installation starts with.
// Prices and names follow SPEC section 9; admins can change them later.

/** Default home content (SPEC section 3 "Public config" and section 9 stats). */
export const DEFAULT_HOME_SETTINGS: NewAppSettingRow[] = [
  {
    key: 'appName',
    value: 'Orbit',
    type: 'string',
    description: 'Product name shown in the header, footer and page titles',
    isPublic: true,
  },
  {
    key: 'heroTitle',
    value: 'Meet people worth orbiting',
    type: 'string',
    description: 'Headline of the home page hero',
    isPublic: true,
  },
  {
    key: 'heroSubtitle',
    value:
      'Discover singles nearby on the radar, match on what you actually care about, and say hello face to face with live video. Real people, real chemistry, no endless swiping.',
    type: 'string',
    description: 'Supporting text under the home page headline',
    isPublic: true,
  },
  {
    key: 'featuresTitle',
    value: 'Everything you need to find your person',
    type: 'string',
    description: 'Heading of the features section on the home page',
    isPublic: true,
  },
  {
    key: 'featuresSubtitle',
    value:
      'From a live radar of who is around you to video calls that skip the small talk, Orbit is built to turn a match into a real conversation.',
    type: 'string',
    description: 'Text under the features heading on the home page',
    isPublic: true,
  },
  {
    key: 'stats',
    value: [
      { value: '10K+', label: 'Active Users', color: 'purple' },
      { value: '50K+', label: 'Matches Made', color: 'pink' },
      { value: '100+', label: 'Countries', color: 'blue' },
      { value: '24/7', label: 'Support', color: 'green' },
    ],
    type: 'array',
    description: 'Figures shown in the home page stats band (value, label, colour)',
    isPublic: true,
  },
];

export const DEFAULT_COIN_PACKS: NewCoinPackRow[] = [
  { name: 'Starter Pack', coins: 100, priceMinor: 99, popular: false, sortOrder: 1 },
  { name: 'Value Pack', coins: 500, priceMinor: 499, popular: true, sortOrder: 2 },
  { name: 'Premium Pack', coins: 1200, priceMinor: 999, popular: false, sortOrder: 3 },
  { name: 'VIP Pack', coins: 2500, priceMinor: 1999, popular: false, sortOrder: 4 },
];

/**
 * What every VIP plan gives, each enforced by the server for any running VIP
 * whatever the plan (issue 48): the spec's benefits, without its "10x more
 * views" and "Message anyone", which nothing made true.
 */
export const VIP_PLAN_FEATURES = ['Unlimited Likes', 'See Who Liked You', 'Boost Profile once a day', 'Incognito Mode'];

export const DEFAULT_VIP_PLANS: NewVipPlanRow[] = [
  { name: 'Gold', durationDays: 30, priceMinor: 999, popular: false, sortOrder: 1, features: VIP_PLAN_FEATURES },
  { name: 'Platinum', durationDays: 90, priceMinor: 1999, popular: true, sortOrder: 2, features: VIP_PLAN_FEATURES },
  { name: 'Diamond', durationDays: 365, priceMinor: 4999, popular: false, sortOrder: 3, features: VIP_PLAN_FEATURES },
];

export const DEFAULT_GIFTS: NewGiftRow[] = [
  { name: 'Rose', icon: '🌹', priceCoins: 10, sortOrder: 1 },
  { name: 'Coffee', icon: '☕', priceCoins: 20, sortOrder: 2 },
  { name: 'Heart', icon: '💖', priceCoins: 30, sortOrder: 3 },
  { name: 'Teddy Bear', icon: '🧸', priceCoins: 50, sortOrder: 4 },
  { name: 'Chocolate Box', icon: '🍫', priceCoins: 80, sortOrder: 5 },
  { name: 'Bouquet', icon: '💐', priceCoins: 120, sortOrder: 6 },
  { name: 'Diamond Ring', icon: '💍', priceCoins: 500, sortOrder: 7 },
  { name: 'Rocket', icon: '🚀', priceCoins: 1000, sortOrder: 8 },
].map((gift) => ({ ...gift, active: true }));
