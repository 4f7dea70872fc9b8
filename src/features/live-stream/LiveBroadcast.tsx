import styled from 'styled-components';
import type { LiveStreamContext } from '../../../machines/live-stream.machine';
import { Notice, px } from '../../ui';
import type { LocalMediaSession } from '../media/local-media';
import { ControlButton } from '../media/ControlButton';
import { LocalVideo } from '../media/LocalVideo';
import { CameraIcon, EyeIcon, HangUpIcon, MicrophoneIcon, ShareIcon } from '../media/media-icons';
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
    <Layout>
      <Main>
        <Stage>
          {hasVideo && !cameraOff ? <LocalVideo session={session} label="Your live camera" /> : <CameraNote>Camera off</CameraNote>}
          <Overlay>
            <LiveBadge>LIVE</LiveBadge>
            <Viewers>
              <EyeIcon />
              <span>{viewerCountText(viewers)}</span>
            </Viewers>
          </Overlay>
          <StreamTitle>{title.trim()}</StreamTitle>
        </Stage>
        <Controls role="group" aria-label="Stream controls">
          <ControlButton
            icon={<MicrophoneIcon off={muted} />}
            label={muted ? 'Unmute' : 'Mute'}
            tone={muted ? 'active' : 'neutral'}
            onClick={handlers.onToggleMute}
          />
          <ControlButton
            icon={<CameraIcon off={cameraOff || !hasVideo} />}
            label={cameraOff ? 'Turn camera on' : 'Turn camera off'}
            tone={cameraOff ? 'active' : 'neutral'}
            disabled={!hasVideo}
            onClick={handlers.onToggleCamera}
          />
          <ControlButton icon={<ShareIcon />} label={sharing ? 'Sharing...' : 'Share'} disabled={sharing} onClick={handlers.onShare} />
          <ControlButton icon={<HangUpIcon />} label="End Stream" tone="danger" onClick={handlers.onEnd} />
        </Controls>
        {confirmation && <Notice tone={confirmation.tone}>{confirmation.text}</Notice>}
      </Main>
      <LiveChat messages={chat} draft={chatDraft} onDraftChange={handlers.onChatDraftChange} onSend={handlers.onChatSend} />
    </Layout>
  );
}

const Layout = styled.div`
  display: grid;
  gap: ${({ theme }) => px(theme.space[4])};

  ${({ theme }) => theme.media.tablet} {
    grid-template-columns: 3fr 2fr;
    align-items: stretch;
    gap: ${({ theme }) => px(theme.space[6])};
  }
`;

const Main = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => px(theme.space[3])};
  min-width: 0;
`;

const Stage = styled.div`
  position: relative;
  overflow: hidden;
  aspect-ratio: 4 / 3;
  border-radius: ${({ theme }) => px(theme.radii.card)};
  background: ${({ theme }) => theme.colors.text};
  color: ${({ theme }) => theme.colors.onBrand};
  box-shadow: ${({ theme }) => theme.shadows.raised};
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

const Controls = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${({ theme }) => px(theme.space[2])};
  padding: ${({ theme }) => px(theme.space[3])};
  border-radius: ${({ theme }) => px(theme.radii.card)};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.card};

  ${({ theme }) => theme.media.tablet} {
    gap: ${({ theme }) => px(theme.space[6])};
  }
`;
