import type { RadarSearch } from '../../../api/discovery';
import { RADAR_RADIUS_KM } from './radar-geometry';
import { Card } from '../../../ui';
import { readTokens } from '../../../api/auth/tokens';
import { RadarScanner, type RadarScanOverrides } from './RadarScanner';

/** SPEC section 4: the Home radar looks around a fixed point (the server's, never one the page picks), 50 km, 20 users. */
export const HOME_RADAR_SEARCH: RadarSearch = { around: 'home-page', radiusKm: RADAR_RADIUS_KM, limit: 20 };

/**
 * The interactive radar of the Home page, under the page's own section
 * heading: sample people for a visitor, or when the radar cannot be reached.
 */
export function HomeRadar({ overrides }: { overrides?: RadarScanOverrides } = {}) {
  // The radar is for members; a visitor gets sample people and is told why.
  const { userToken, adminToken } = readTokens();
  const isAuthenticated = Boolean(userToken ?? adminToken);
  return (
    <Card>
      <RadarScanner
        search={HOME_RADAR_SEARCH}
        listTitle="People near you"
        listHeadingLevel={3}
        visitor={!isAuthenticated}
        overrides={overrides}
      />
    </Card>
  );
}
