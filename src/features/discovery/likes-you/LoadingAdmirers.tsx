import { Skeleton } from '../../../ui';
import { PhotoFrame } from '../matches/MatchCard';
import { AdmirerGrid, CardBody } from './card-layout';

/** The loading placeholder has the cards' own layout, so nothing moves when the people arrive. */
export function LoadingAdmirers() {
  return (
    <AdmirerGrid aria-label="Loading who liked you" aria-busy="true">
      {Array.from({ length: 6 }, (_, index) => (
        <li key={index}>
          <CardBody>
            <PhotoFrame>
              <Skeleton shape="block" height="100%" />
            </PhotoFrame>
            <Skeleton width="70%" />
            <Skeleton width="45%" />
          </CardBody>
        </li>
      ))}
    </AdmirerGrid>
  );
}
