import styled from 'styled-components';
import type { LiveStreamContext } from '../../../machines/live-stream.machine';
import { Notice, px } from '../../ui';
import type { LocalMediaSession } from '../media/local-media';
import { ControlButton } from '../media/ControlButton';
import { LocalVideo } from '../media/LocalVideo';
import { MediaControls } from '../media/MediaControls';
import { EyeIcon, HangUpIcon, ShareIcon } from '../media/media-icons';
import { CameraStage, MediaLayout } from '../media/MediaStage';
import { LiveChat } from './LiveChat';
import { SHARE_CONFIRMATIONS } from './share-link';

interface LiveBroadcastProps {
  context: LiveStreamContext;
  sharing: boolean;
  session: LocalMediaSession;
  onToggleMute: () => void;
  onToggleCamera: () => void;
  onShare: () => void;
  onEnd: () => void;
  onChatDraftChange: (text: string) => void;
  onChatSend: () => void;
}

export function viewerCountText(viewers: number): string {
  return `${viewers} ${viewers === 1 ? 'viewer' : 'viewers'}`;
}

/** SPEC Live stream, live: viewer count, chat, Share, End Stream, mute, camera toggle. */
export function LiveBroadcast({ context, sharing, session, ...handlers }: LiveBroadcastProps) {
  const { title, media, muted, cameraOff, viewers, chat, chatDraft, share } = context;
  const hasVideo = media?.hasVideo === true;
  const confirmation = share && share !== 'cancelled' ? SHARE_CONFIRMATIONS[share] : null;

  return (
    <MediaLayout $align="stretch">
      <Main>
        <CameraStage>
          {hasVideo && !cameraOff ? <LocalVideo session={session} label="Your live camera" /> : <CameraNote>Camera off</CameraNote>}
          <Overlay>
            <LiveBadge>LIVE</LiveBadge>
            <Viewers>
              <EyeIcon />
              <span>{viewerCountText(viewers)}</span>
            </Viewers>
          </Overlay>
          <StreamTitle>{title.trim()}</StreamTitle>
        </CameraStage>
        <MediaControls
          label="Stream controls"
          muted={muted}
          cameraOff={cameraOff}
          canToggleCamera={hasVideo}
          onToggleMute={handlers.onToggleMute}
          onToggleCamera={handlers.onToggleCamera}
        >
          <ControlButton icon={<ShareIcon />} label={sharing ? 'Sharing...' : 'Share'} disabled={sharing} onClick={handlers.onShare} />
          <ControlButton icon={<HangUpIcon />} label="End Stream" tone="danger" onClick={handlers.onEnd} />
        </MediaControls>
        {confirmation && <Notice tone={confirmation.tone}>{confirmation.text}</Notice>}
      </Main>
      <LiveChat messages={chat} draft={chatDraft} onDraftChange={handlers.onChatDraftChange} onSend={handlers.onChatSend} />
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

const Overlay = styled.div`
  position: absolute;
  top: ${({ theme }) => px(theme.space[3])};
  left: ${({ theme }) => px(theme.space[3])};
  display: flex;
  gap: ${({ theme }) => px(theme.space[2])};
`;

const pill = `
  display: inline-flex;
  align-items: center;
`;

const LiveBadge = styled.span`
  ${pill}
  padding: ${({ theme }) => `${px(theme.space[1])} ${px(theme.space[3])}`};
  border-radius: ${({ theme }) => px(theme.radii.pill)};
  background: ${({ theme }) => theme.colors.dangerDark};
  font-size: ${({ theme }) => px(theme.font.sizes.xs)};
  font-weight: ${({ theme }) => theme.font.weights.bold};
  letter-spacing: 0.08em;
`;

const Viewers = styled.span`
  ${pill}
  gap: ${({ theme }) => px(theme.space[1])};
  padding: ${({ theme }) => `${px(theme.space[1])} ${px(theme.space[3])}`};
  border-radius: ${({ theme }) => px(theme.radii.pill)};
  background: ${({ theme }) => theme.colors.overlay};
  font-size: ${({ theme }) => px(theme.font.sizes.sm)};
  font-weight: ${({ theme }) => theme.font.weights.semibold};

  & svg {
    width: ${({ theme }) => px(theme.font.sizes.md)};
    height: ${({ theme }) => px(theme.font.sizes.md)};
  }
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
