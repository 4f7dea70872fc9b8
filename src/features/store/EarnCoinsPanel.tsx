import { FeatureList, type FeatureEntry } from './FeatureList';
import { HeartIcon, LiveIcon, ProfileIcon } from './StoreIcons';

/** SPEC section 9's earn rates, worded as the Coins screen lists them. */
const WAYS_TO_EARN: readonly FeatureEntry[] = [
  { icon: <ProfileIcon />, title: 'Complete your profile', text: '+50 coins' },
  { icon: <HeartIcon />, title: 'Like profiles', text: '+5 coins each' },
  { icon: <LiveIcon />, title: 'Go live', text: '+10 coins per viewer' },
];

export function EarnCoinsPanel() {
  return <FeatureList title="How to Earn Coins" titleId="earn-coins-title" entries={WAYS_TO_EARN} />;
}
