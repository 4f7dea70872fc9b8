import { useQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import type { LiveEndReason } from '../../../../contract/live';
import { liveStreamQueryOptions } from '../../../api/live';
import { Button, Card, Heading, Text, px } from '../../../ui';
import { viewerCountText } from '../now/viewer-count';
import { GiftTotalsLine } from '../../gifts/StreamGifts';

interface StreamEndedProps {
  title: string;
  /** Null when the stream never got on air. */
  streamId: string | null;
  reason: LiveEndReason | null;
  onBackToProfile: () => void;
}

/** Why the host's stream ended, when it was not their own End Stream. */
const HOST_END_TEXTS: Record<Exclude<LiveEndReason, 'ended'>, string> = {
  lost: 'Your connection was lost for too long, so the stream ended.',
  admin: 'Orbit ended this stream.',
  'signed-out': 'You signed out, so the stream ended.',
  banned: 'Orbit ended this stream.',
};

/** SPEC Live stream, ended: 'Back to Profile' (and the automatic move there), with the stream's busiest moment from the server. */
export function StreamEnded({ title, streamId, reason, onBackToProfile }: StreamEndedProps) {
  const stream = useQuery({ ...liveStreamQueryOptions(streamId ?? ''), enabled: streamId !== null });
  const peakViewers = stream.data?.stream.peakViewers;
  return (
    <Panel forwardedAs="section" aria-labelledby="stream-ended-title">
      <Heading level={2} id="stream-ended-title">
        Stream ended
      </Heading>
      {reason && reason !== 'ended' ? <Text>{HOST_END_TEXTS[reason]}</Text> : null}
      <Text>
        “{title.trim()}” is over.{' '}
        {peakViewers === undefined ? null : peakViewers > 0 ? `At its busiest, ${viewerCountText(peakViewers)} watched.` : 'No one tuned in this time.'}
      </Text>
      {streamId ? <GiftTotalsLine streamId={streamId} label="Your takings" /> : null}
      <Text tone="muted" role="status">
        Taking you to your profile...
      </Text>
      <Button size="lg" onClick={onBackToProfile}>
        Back to Profile
      </Button>
    </Panel>
  );
}

const Panel = styled(Card)`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => px(theme.space[4])};
  max-width: ${({ theme }) => px(theme.sizes.dialogMax)};
  margin-inline: auto;
  text-align: center;
`;
