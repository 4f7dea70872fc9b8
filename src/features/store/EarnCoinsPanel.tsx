import { LIKE_EARNING, LIVE_VIEWER_EARNING, PROFILE_EARNING } from '../../../contract/constants';
import { FeatureList, type FeatureEntry } from './FeatureList';
import { EyeIcon, HeartIcon, ProfileIcon } from './StoreIcons';

/** The ways coins are really earned (server/coins/earning.ts), with their limits. */
const WAYS_TO_EARN: readonly FeatureEntry[] = [
  { icon: <ProfileIcon />, title: 'Complete your profile', text: `+${PROFILE_EARNING.coins} coins, once: add a photo, an about text and interests` },
  { icon: <HeartIcon />, title: 'Like profiles', text: `+${LIKE_EARNING.coins} coins for each person you like, up to ${LIKE_EARNING.perDay} coins a day` },
  {
    icon: <EyeIcon />,
    title: 'Go live',
    text: `+${LIVE_VIEWER_EARNING.coins} coins per viewer who watches your stream for a minute, up to ${LIVE_VIEWER_EARNING.perStream} coins a stream`,
  },
];

export function EarnCoinsPanel() {
  return <FeatureList title="How to Earn Coins" titleId="earn-coins-title" entries={WAYS_TO_EARN} />;
}
