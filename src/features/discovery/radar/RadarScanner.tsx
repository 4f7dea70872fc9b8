import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useMemo } from 'react';
import styled from 'styled-components';
import type { NearbyUser } from '../../../../contract/discovery';
import { radarScanMachine, selectIsScanning, type RadarFailureMode } from '../../../../machines/discovery/radar-scan.machine';
import { radarQueryOptions, type RadarSearch } from '../../../api/discovery';
import { Button, EmptyState, ErrorState, Heading, Notice, px, SpinnerRing, Stack, Text } from '../../../ui';
import { actorRuntime, useReportActor, type MachineOverrides } from '../../../lib/machine-overrides';
import { useSettledAnswer } from '../../../lib/use-settled-answer';
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
  // The query cache owns the people found; the machine decides when to ask (after the sweep, on Scan Again),
  // so the query never fetches by itself and each scan refetches, whatever the cache holds.
  const scanQuery = useQuery({ ...radarQueryOptions({ around, radiusKm, limit }), enabled: false });
  const { data: found, refetch } = scanQuery;
  const machine = useMemo(
    () =>
      (overrides?.machine ?? radarScanMachine).provide({
        actions: {
          scan: () => {
            if (!visitor) void refetch();
          },
        },
      }),
    [overrides?.machine, refetch, visitor],
  );
  const actor = useActorRef(machine, {
    input: { samples: SAMPLE_NEARBY_USERS, onFailure },
    ...actorRuntime(overrides),
  });
  useReportActor(overrides, actor);
  useSettledAnswer(scanQuery, {
    data: () => actor.send({ type: 'FOUND' }),
    error: (error) => actor.send({ type: 'FAILED', error }),
  });
  const fetching = useSelector(actor, (snapshot) => snapshot.matches('fetching'));
  // The radar is for members: a visitor's scan fails into the samples without asking the server.
  useEffect(() => {
    if (visitor && fetching) actor.send({ type: 'FAILED', error: new Error('The radar is for members') });
  }, [actor, visitor, fetching]);
  const scanning = useSelector(actor, selectIsScanning);
  const failed = useSelector(actor, (snapshot) => snapshot.matches('failed'));
  const sampled = useSelector(actor, (snapshot) => snapshot.matches('sampled'));
  const samples = useSelector(actor, (snapshot) => snapshot.context.samples);
  const users = sampled ? samples : (found ?? []);
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
        <RadarCanvas users={scanning ? [] : users} radiusKm={radiusKm} label={canvasLabel} onPick={sampled ? undefined : openProfile} />
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
