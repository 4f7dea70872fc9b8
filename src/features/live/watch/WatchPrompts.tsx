import { Link } from '@tanstack/react-router';
import styled from 'styled-components';
import { LIVE_WATCH_END_TEXTS, type LiveStream, type LiveWatchEndReason } from '../../../../contract/live';
import { Avatar, ButtonLink, EmptyState, Heading, px, Text } from '../../../ui';
import { useReturnHere } from '../../auth/useReturnHere';
import { CameraIcon } from '../../media/media-icons';

/** The stream's title (the page's heading) and its host. */
export function StreamHeader({ stream }: { stream: LiveStream }) {
  return (
    <Header>
      <Heading level={1}>{stream.title}</Heading>
      <Host>
        <Avatar src={stream.host.avatar || null} name={stream.host.name} size={40} loading="eager" />
        <Link to="/profile/{-$userId}" params={{ userId: stream.host.id }}>
          {stream.host.name}
        </Link>
      </Host>
    </Header>
  );
}

/** Watching is over (the stream ended, or this member was removed), with the way back to who else is live. */
export function WatchEnded({ reason }: { reason: LiveWatchEndReason }) {
  return (
    <Ended as="section" aria-labelledby="watch-ended-title">
      <Heading level={2} id="watch-ended-title">
        Stream ended
      </Heading>
      <Text>{LIVE_WATCH_END_TEXTS[reason]}</Text>
      <ButtonLink to="/live-stream">Back to Live</ButtonLink>
    </Ended>
  );
}

/** A visitor: watching is for members; signing in brings them back to this stream. */
export function WatchVisitorPrompt() {
  const returnHere = useReturnHere();
  return (
    <EmptyState
      icon={<CameraIcon />}
      title="Sign in to watch this stream"
      text="Live streams are for members: sign in to watch, chat with the host and everyone watching."
      action={
        <ButtonLink to="/login" search={returnHere}>
          Sign in to watch
        </ButtonLink>
      }
    />
  );
}

/** The host opened their own stream's page: they broadcast from /live-stream. */
export function OwnStreamNote() {
  return (
    <EmptyState
      icon={<CameraIcon />}
      title="This is your stream"
      text="You can't watch your own stream. Your viewers see it here; your controls and the chat are on your Live Stream page."
      action={<ButtonLink to="/live-stream">Go to your stream</ButtonLink>}
    />
  );
}

const Header = styled.header`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => px(theme.space[2])};
`;

const Host = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => px(theme.space[2])};
  font-weight: ${({ theme }) => theme.font.weights.semibold};
`;

const Ended = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => px(theme.space[4])};
  padding: ${({ theme }) => `${px(theme.space[8])} ${px(theme.space[4])}`};
  text-align: center;
`;
