import styled from 'styled-components';
import { Button, Card, Heading, Text, px } from '../../ui';
import { viewerCountText } from './LiveBroadcast';

interface StreamEndedProps {
  title: string;
  peakViewers: number;
  onBackToProfile: () => void;
}

/** SPEC Live stream, ended: 'Back to Profile' (and the automatic move there). */
export function StreamEnded({ title, peakViewers, onBackToProfile }: StreamEndedProps) {
  return (
    <Panel forwardedAs="section" aria-labelledby="stream-ended-title">
      <Heading level={2} id="stream-ended-title">
        Stream ended
      </Heading>
      <Text>
        “{title.trim()}” is over. {peakViewers > 0 ? `At its busiest, ${viewerCountText(peakViewers)} watched.` : 'No one tuned in this time.'}
      </Text>
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
