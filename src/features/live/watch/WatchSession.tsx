import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import { LIVE_MUTED_MESSAGE } from '../../../../contract/live';
import { liveChatQueryOptions, liveStreamQueryOptions } from '../../../api/live';
import { ErrorState, px } from '../../../ui';
import { LiveChat } from '../host/LiveChat';
import { LiveOverlay } from '../host/LiveOverlay';
import { GiftArrival, GiftTotalsLine } from '../../gifts/StreamGifts';
import type { ShareTargets } from '../host/share-link';
import { CameraStage, MediaLayout } from '../../media/MediaStage';
import { LiveVideo } from './LiveVideo';
import { useLiveViewerActor, type WatchTestOptions } from './useLiveViewerActor';
import { WatchActions } from './WatchActions';
import { WatchEnded } from './WatchPrompts';

interface WatchSessionProps {
  streamId: string;
  /** The signed-in member (their own chat lines are tinted). */
  memberId: string | null;
  options: WatchTestOptions;
  shareTargets?: ShareTargets;
}

/**
 * Watching one stream (machines/live-viewer.machine.ts): the picture within
 * seconds, the count and the chat from the server, Share and Report; the
 * ended and failed states in place of the picture.
 */
export function WatchSession({ streamId, memberId, options, shareTargets }: WatchSessionProps) {
  const { actor, watcher } = useLiveViewerActor(streamId, options);
  const snapshot = useSelector(actor, (current) => current);
  // Watching starts before the stream has loaded; its count is kept current by `live:viewers`.
  const stream = useQuery(liveStreamQueryOptions(streamId)).data?.stream;
  const chat = useQuery(liveChatQueryOptions(streamId));
  const { context } = snapshot;

  if (snapshot.matches('ended') || snapshot.matches('left')) return <WatchEnded reason={context.endReason ?? 'ended'} />;
  if (snapshot.matches('failed')) {
    return (
      <ErrorState
        title="Couldn't play this stream"
        text={context.failure ?? undefined}
        action={{ label: 'Try again', onClick: () => actor.send({ type: 'RETRY' }) }}
      />
    );
  }

  const connecting = snapshot.matches({ watching: { media: 'connecting' } });
  const interrupted = snapshot.matches({ watching: { media: 'interrupted' } });
  const muted = snapshot.matches({ watching: { mute: 'muted' } });
  return (
    <MediaLayout $align="stretch">
      <Main>
        <CameraStage>
          <LiveVideo watcher={watcher} />
          <LiveOverlay
            viewers={stream?.viewers ?? 0}
            status={connecting ? 'Connecting…' : interrupted ? 'Reconnecting…' : null}
          />
          <GiftArrival streamId={streamId} />
        </CameraStage>
        <GiftTotalsLine streamId={streamId} label="Gifts" />
        {stream ? <WatchActions stream={stream} {...(shareTargets && { shareTargets })} /> : null}
      </Main>
      <LiveChat
        messages={chat.data?.messages ?? []}
        ownUserId={memberId}
        emptyText={chat.isError ? "The chat couldn't be loaded." : 'No messages yet. Say hello!'}
        draft={context.chatDraft}
        sending={snapshot.matches({ watching: { chat: 'sending' } })}
        error={context.chatError}
        disabledNote={muted ? LIVE_MUTED_MESSAGE : null}
        onDraftChange={(text) => actor.send({ type: 'CHAT.CHANGE', text })}
        onSend={() => actor.send({ type: 'CHAT.SEND' })}
      />
    </MediaLayout>
  );
}

const Main = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => px(theme.space[3])};
  min-width: 0;
`;
