import { useQuery } from '@tanstack/react-query';
import { RADAR_RADIUS_KM } from './radar-geometry';
import { Link } from '@tanstack/react-router';
import { currentUserQueryOptions } from '../../../api/members';
import type { RadarSearch } from '../../../api/discovery';
import { Notice, ScreenFrame } from '../../../ui';
import { RadarScanner, type RadarScanOverrides } from './RadarScanner';

/** SPEC section 4: the Radar screen shows 10 users (around the caller's stored location). */
export const RADAR_SCREEN_SEARCH: RadarSearch = { around: 'me', radiusKm: RADAR_RADIUS_KM, limit: 10 };

export interface RadarScreenProps {
  overrides?: RadarScanOverrides;
  /** Signed out: sample people, said to be samples (see RadarScanner). */
  visitor?: boolean;
}

/** A member who chose to be off the radar is told so where they might wonder why nobody finds them. */
function HiddenFromRadarNotice() {
  const me = useQuery(currentUserQueryOptions());
  if (me.data?.showOnRadar !== false) return null;
  return (
    <Notice tone="info">
      You are hidden from the radar: others do not see you on theirs. You can change this in your{' '}
      <Link to="/profile/{-$userId}" params={{}}>
        profile&apos;s Settings
      </Link>.
    </Notice>
  );
}

export function RadarScreen({ overrides, visitor = false }: RadarScreenProps = {}) {
  return (
    <ScreenFrame title="Radar" subtitle="People within 50 km, nearest first. Distances are rounded to protect everyone's location.">
      {visitor ? null : <HiddenFromRadarNotice />}
      <RadarScanner search={RADAR_SCREEN_SEARCH} listTitle="Nearby users" visitor={visitor} overrides={overrides} />
    </ScreenFrame>
  );
}
