import type { RadarSearch } from '../../api/users';
import { ScreenFrame } from '../discover/ScreenFrame';
import { RadarScanner, type RadarScanOverrides } from './RadarScanner';

/** SPEC section 4: the Radar screen shows 10 users (around the caller's stored location). */
export const RADAR_SCREEN_SEARCH: RadarSearch = { radiusKm: 50, limit: 10 };

export interface RadarScreenProps {
  overrides?: RadarScanOverrides;
  /** Signed out: sample people, said to be samples (see RadarScanner). */
  visitor?: boolean;
}

export function RadarScreen({ overrides, visitor = false }: RadarScreenProps = {}) {
  return (
    <ScreenFrame title="Radar" subtitle="People within 50 km, nearest first. Distances are rounded to protect everyone's location.">
      <RadarScanner search={RADAR_SCREEN_SEARCH} listTitle="Nearby users" visitor={visitor} overrides={overrides} />
    </ScreenFrame>
  );
}
