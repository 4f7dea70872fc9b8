import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import type { LiveState } from '../../../../contract/live';
import { ApiError } from '../../../api/client';
import { liveStreamQueryOptions } from '../../../api/live';
import { currentUserQueryOptions } from '../../../api/members';
import { loadedByRoute } from '../../../lib/page-data';
import { ButtonLink, Container, ErrorState, Heading, Spinner, px } from '../../../ui';
import { useAuth } from '../../auth/AuthProvider';
import type { ShareTargets } from '../host/share-link';
import type { WatchTestOptions } from './useLiveViewerActor';
import { OwnStreamNote, StreamHeader, WatchEnded, WatchVisitorPrompt } from './WatchPrompts';
import { WatchSession } from './WatchSession';

export interface LiveWatchScreenProps extends WatchTestOptions {
  streamId: string;
  /** Tests: the browser's share sheet and clipboard. */
  shareTargets?: ShareTargets;
}

/**
 * /live/{streamId} (issue 39): a member watches the stream with its chat, the
 * viewer count, Share and Report; a visitor sees what is on and is asked to
 * sign in; the host is pointed back to their own controls.
 */
export function LiveWatchScreen(props: LiveWatchScreenProps) {
  const { isUser, isAdmin } = useAuth();
  // With an admin token too, requests carry the admin's: watching is a member's own.
  return <LiveWatchPage member={isUser && !isAdmin} {...props} />;
}

/** The stream page for a member or a visitor (tests mount it with their own hub, peer connections and machine). */
export function LiveWatchPage({ streamId, member, shareTargets, ...options }: LiveWatchScreenProps & { member: boolean }) {
  const stream = useQuery({ ...liveStreamQueryOptions(streamId), ...loadedByRoute });
  const me = useQuery({ ...currentUserQueryOptions(), enabled: member });
  // How the stream stood when the page first heard of it: one that ends while watched ends inside the session (the machine says why).
  const [stateAtOpen, setStateAtOpen] = useState<LiveState | null>(null);
  const data = stream.data?.stream;
  if (data && stateAtOpen === null) setStateAtOpen(data.state);

  if (stream.isError) {
    const missing = stream.error instanceof ApiError && (stream.error.status === 404 || stream.error.status === 400);
    return (
      <Page>
        <Heading level={1}>{missing ? 'Stream not found' : 'Live stream'}</Heading>
        {missing ? (
          <ErrorState title="This stream doesn't exist" text="It may have been removed." action={<ButtonLink to="/live-stream">Back to Live</ButtonLink>} />
        ) : (
          <ErrorState title="Couldn't load this stream" text={stream.error.message} action={{ label: 'Try Again', onClick: () => void stream.refetch() }} />
        )}
      </Page>
    );
  }

  let body: ReactNode;
  if (!member) body = data ? <WatchVisitorPrompt /> : null;
  else if (data && me.data?._id === data.host.id) body = <OwnStreamNote />;
  else if (data && stateAtOpen === 'ended') body = <WatchEnded reason={data.endReason ?? 'ended'} />;
  // A member starts watching at once, while who they are still loads: the picture is due within 2 s of opening.
  else body = <WatchSession key={streamId} streamId={streamId} memberId={me.data?._id ?? null} options={options} {...(shareTargets && { shareTargets })} />;

  return (
    <Page>
      {data ? <StreamHeader stream={data} /> : <Spinner label="Loading the stream" size="lg" />}
      {body}
    </Page>
  );
}

const Page = styled(Container)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => px(theme.space[4])};
  padding-top: ${({ theme }) => px(theme.space[6])};
  padding-bottom: ${({ theme }) => px(theme.space[6])};
`;
