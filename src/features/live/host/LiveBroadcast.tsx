import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import styled from 'styled-components';
import type { LiveStreamContext } from '../../../../machines/live/host.machine';
import { liveChatQueryOptions, liveStreamQueryOptions } from '../../../api/live';
import { ConfirmDialog, Notice, px } from '../../../ui';
import type { LocalMediaSession } from '../../media/local-media';
import { ControlButton } from '../../media/ControlButton';
import { LocalVideo } from '../../media/LocalVideo';
import { MediaControls } from '../../media/MediaControls';
import { HangUpIcon, ShareIcon } from '../../media/media-icons';
import { CameraStage, MediaLayout } from '../../media/MediaStage';
import { LiveChat } from './LiveChat';
import { LiveOverlay } from './LiveOverlay';
import { GiftArrival, GiftTotalsLine } from '../../gifts/StreamGifts';
import { SHARE_CONFIRMATIONS } from './share-link';
import type { LiveHub } from './stream-actors';
import { useChatModeration } from './useChatModeration';

interface LiveBroadcastProps {
  streamId: string;
  /** Where the host's moderation commands go (the tab's realtime hub). */
  hub: LiveHub;
  context: LiveStreamContext;
  sharing: boolean;
  chatSending: boolean;
  /** The stream is being ended: End Stream waits. */
  ending: boolean;
  /** 'Reconnecting…' while the media connection is interrupted or being replaced. */
  connectionNote: string | null;
  session: LocalMediaSession;
  onToggleMute: () => void;
  onToggleCamera: () => void;
  onShare: () => void;
  onEnd: () => void;
  onChatDraftChange: (text: string) => void;
  onChatSend: () => void;
}

/**
 * SPEC Live stream, live: viewer count, chat, Share, End Stream, mute, camera
 * toggle. The count and the chat are the server's (TanStack Query, kept
 * current by the realtime channel's `live:*` events); the host moderates the chat.
 */
export function LiveBroadcast({ streamId, hub, context, sharing, chatSending, ending, connectionNote, session, ...handlers }: LiveBroadcastProps) {
  const { title, media, muted, cameraOff, chatDraft, chatError, share } = context;
  const stream = useQuery(liveStreamQueryOptions(streamId));
  const chat = useQuery(liveChatQueryOptions(streamId));
  const moderation = useChatModeration(streamId, hub);
  const hasVideo = media?.hasVideo === true;
  const confirmation = share && share !== 'cancelled' ? SHARE_CONFIRMATIONS[share] : null;
  // Ending is for everyone watching and cannot be undone: a stray tap on a phone must not do it.
  const [confirmingEnd, setConfirmingEnd] = useState(false);

  return (
    <MediaLayout $align="stretch">
      <Main>
        <CameraStage>
          {hasVideo && !cameraOff ? <LocalVideo session={session} label="Your live camera" /> : <CameraNote>Camera off</CameraNote>}
          <LiveOverlay viewers={stream.data?.stream.viewers ?? 0} status={connectionNote} />
          <GiftArrival streamId={streamId} />
          <StreamTitle>{title.trim()}</StreamTitle>
        </CameraStage>
        <GiftTotalsLine streamId={streamId} label="Your takings" />
        <MediaControls
          label="Stream controls"
          muted={muted}
          cameraOff={cameraOff}
          canToggleCamera={hasVideo}
          onToggleMute={handlers.onToggleMute}
          onToggleCamera={handlers.onToggleCamera}
        >
          <ControlButton icon={<ShareIcon />} label={sharing ? 'Sharing...' : 'Share'} disabled={sharing} onClick={handlers.onShare} />
          <ControlButton icon={<HangUpIcon />} label={ending ? 'Ending...' : 'End Stream'} tone="danger" disabled={ending} onClick={() => setConfirmingEnd(true)} />
        </MediaControls>
        {confirmation && <Notice tone={confirmation.tone}>{confirmation.text}</Notice>}
        {moderation.feedback}
      </Main>
      <LiveChat
        messages={chat.data?.messages ?? []}
        ownUserId={stream.data?.stream.host.id ?? null}
        emptyText={chat.isError ? "The chat couldn't be loaded." : 'No messages yet. Say hello to your viewers!'}
        draft={chatDraft}
        sending={chatSending}
        error={chatError}
        onDraftChange={handlers.onChatDraftChange}
        onSend={handlers.onChatSend}
        renderActions={moderation.renderActions}
      />
      <ConfirmDialog
        open={confirmingEnd}
        title="End your stream?"
        question="Everyone watching is told the stream has ended, and the chat closes. This cannot be undone."
        confirmLabel="End Stream"
        cancelLabel="Keep streaming"
        onCancel={() => setConfirmingEnd(false)}
        onConfirm={() => {
          setConfirmingEnd(false);
          handlers.onEnd();
        }}
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

const CameraNote = styled.p`
  position: absolute;
  inset: 0;
  display: flex;
  align-items: center;
  justify-content: center;
  font-weight: ${({ theme }) => theme.font.weights.semibold};
`;

const StreamTitle = styled.p`
  position: absolute;
  left: 0;
  right: 0;
  bottom: 0;
  padding: ${({ theme }) => px(theme.space[4])};
  background: linear-gradient(transparent, ${({ theme }) => theme.colors.overlay});
  font-size: ${({ theme }) => px(theme.font.sizes.lg)};
  font-weight: ${({ theme }) => theme.font.weights.bold};
  overflow-wrap: anywhere;
`;
