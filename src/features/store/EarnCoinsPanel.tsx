import { LIKE_EARNING, PROFILE_EARNING } from '../../../contract/constants';
import { FeatureList, type FeatureEntry } from './FeatureList';
import { HeartIcon, ProfileIcon } from './StoreIcons';

/**
 * The ways coins are really earned (server/coins/earning.ts), with their
 * limits. SPEC's "Go live: +10 coins per viewer" is not listed: nothing pays it yet.
 */
const WAYS_TO_EARN: readonly FeatureEntry[] = [
  { icon: <ProfileIcon />, title: 'Complete your profile', text: `+${PROFILE_EARNING.coins} coins, once: add a photo, an about text and interests` },
  { icon: <HeartIcon />, title: 'Like profiles', text: `+${LIKE_EARNING.coins} coins for each person you like, up to ${LIKE_EARNING.perDay} coins a day` },
];

export function EarnCoinsPanel() {
  return <FeatureList title="How to Earn Coins" titleId="earn-coins-title" entries={WAYS_TO_EARN} />;
}
