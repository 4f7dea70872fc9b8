import { Link } from '@tanstack/react-router';
import { BOOST_MINUTES } from '../../../contract/boost';
import { FREE_DAILY_LIKES } from '../../../contract/constants';
import { FeatureList, type FeatureEntry } from './FeatureList';
import { BoostIcon, EyeIcon, HeartIcon, IncognitoIcon } from './StoreIcons';

/** SPEC section 2: the four benefits the VIP screen lists, each as the server enforces it (the spec's "10x more views" was a promise nothing kept). */
const VIP_BENEFITS: readonly FeatureEntry[] = [
  { icon: <HeartIcon />, title: 'Unlimited Likes', text: `Free members have ${FREE_DAILY_LIKES} likes a day; with VIP, like as many people as you want.` },
  {
    icon: <EyeIcon />,
    title: 'See Who Liked You',
    text: 'Find out who is interested before you swipe.',
    link: <Link to="/likes-you">Open Likes You</Link>,
  },
  { icon: <BoostIcon />, title: 'Boost Profile', text: `Once a day, come first in Discover and Spin for ${BOOST_MINUTES} minutes.` },
  { icon: <IncognitoIcon />, title: 'Incognito Mode', text: 'Only the people you like see you in Discover, Spin and the radar.' },
];

export function VipBenefitsPanel() {
  return <FeatureList title="VIP Benefits" titleId="vip-benefits-title" entries={VIP_BENEFITS} />;
}
