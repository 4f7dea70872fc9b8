import { useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useId, useMemo } from 'react';
import styled from 'styled-components';
import { fromPromise } from 'xstate';
import type { NearbyUser } from '../../../contract/discovery';
import { radarScanMachine, selectIsScanning, type RadarFailureMode } from '../../../machines/radar-scan.machine';
import { fetchNearbyUsers, type RadarSearch } from '../../api/users';
import { Button, EmptyState, ErrorState, Heading, Notice, px, SpinnerRing, Stack, Text } from '../../ui';
import { actorRuntime, useReportActor, type MachineOverrides } from '../discover/machine-overrides';
import { unlessAborted } from '../discover/unless-aborted';
import { NearbyList } from './NearbyList';
import { RadarCanvas } from './RadarCanvas';
import { SAMPLE_NEARBY_USERS } from './sample-users';

export type RadarScanOverrides = MachineOverrides<typeof radarScanMachine>;

export interface RadarScannerProps {
  search: RadarSearch;
  onFailure?: RadarFailureMode;
  /** The heading over the list of people, e.g. 'People near you'. */
  listTitle: string;
  /** 3 where the radar sits under a section heading (Home). */
  listHeadingLevel?: 2 | 3;
  /** What the notice over sample people says; the default blames the network. */
  sampleNotice?: string;
  /**
   * A signed-out visitor: the radar is for members, so the scanner shows the
   * sample people at once, with VISITOR_SAMPLE_NOTICE, instead of asking the
   * server for an answer it must refuse.
   */
  visitor?: boolean;
  overrides?: RadarScanOverrides;
}

const Layout = styled.div`
  display: grid;
  gap: ${({ theme }) => px(theme.space[6])};
  min-width: 0;

  ${({ theme }) => theme.media.desktop} {
    grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
    align-items: start;
  }
`;

/**
 * Rendered with `forwardedAs`, not `as`: `as` on a styled(Text) would put a bare
 * element in Text's place, losing its tone and alignment and handing `tone`
 * and `align` to the DOM (styled-components' unknown-prop warning).
 */
const ScanningText = styled(Text)`
  display: flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => px(theme.space[2])};
`;

export const VISITOR_SAMPLE_NOTICE = 'These are sample profiles. Sign in to see who is really near you.';

function scannerMachine(search: RadarSearch, visitor: boolean) {
  const scanNearby = visitor
    ? fromPromise<NearbyUser[], void>(() => Promise.reject(new Error('The radar is for members')))
    : fromPromise<NearbyUser[], void>(({ signal }) => unlessAborted(signal, (abortSignal) => fetchNearbyUsers(search, abortSignal)));
  return radarScanMachine.provide({ actors: { scanNearby } });
}

/** The radar (canvas, list, Scan Again) driven by the radar-scan machine. */
export function RadarScanner({
  search,
  onFailure = 'samples',
  listTitle,
  listHeadingLevel = 2,
  visitor = false,
  sampleNotice = visitor ? VISITOR_SAMPLE_NOTICE : "We couldn't reach the radar, so these are sample people.",
  overrides,
}: RadarScannerProps) {
  const { around, radiusKm, limit } = search;
  const machine = useMemo(
    () => overrides?.machine ?? scannerMachine({ around, radiusKm, limit }, visitor),
    [overrides?.machine, around, radiusKm, limit, visitor],
  );
  const actor = useActorRef(machine, {
    input: { samples: SAMPLE_NEARBY_USERS, onFailure },
    ...actorRuntime(overrides),
  });
  useReportActor(overrides, actor);
  const scanning = useSelector(actor, selectIsScanning);
  const failed = useSelector(actor, (snapshot) => snapshot.matches('failed'));
  const sampled = useSelector(actor, (snapshot) => snapshot.matches('sampled'));
  const users = useSelector(actor, (snapshot) => snapshot.context.users);
  const listHeadingId = useId();
  const scanAgain = () => actor.send({ type: 'SCAN_AGAIN' });
  const navigate = useNavigate();
  const openProfile = (person: NearbyUser) => void navigate({ to: '/profile/{-$userId}', params: { userId: person._id } });

  if (failed) {
    return <ErrorState title="Error Scanning Radar" text="Failed to fetch nearby users" action={{ label: 'Try Again', onClick: scanAgain }} />;
  }

  const canvasLabel = scanning
    ? 'Radar sweep, scanning for nearby users'
    : `Radar showing ${users.length} ${users.length === 1 ? 'person' : 'people'} within ${radiusKm} km; they are listed under "${listTitle}"`;

  return (
    <Layout>
      <Stack gap={3}>
        {/* Sample people have no profile to open. */}
        <RadarCanvas users={scanning ? [] : users} label={canvasLabel} onPick={sampled ? undefined : openProfile} />
        {scanning ? (
          <ScanningText tone="muted" align="center" forwardedAs="div" role="status">
            <SpinnerRing $size="sm" aria-hidden="true" />
            Scanning for nearby users...
          </ScanningText>
        ) : (
          <Button variant="secondary" onClick={scanAgain}>
            Scan Again
          </Button>
        )}
      </Stack>
      <Stack gap={3}>
        <Heading level={listHeadingLevel} size="lg" id={listHeadingId}>
          {listTitle}
        </Heading>
        {sampled ? <Notice tone="info">{sampleNotice}</Notice> : null}
        {scanning ? null : users.length === 0 ? (
          <EmptyState headingLevel={listHeadingLevel === 2 ? 3 : 4} title="Nobody nearby yet" text="Try again in a little while." />
        ) : (
          <NearbyList users={users} labelledBy={listHeadingId} />
        )}
      </Stack>
    </Layout>
  );
}
