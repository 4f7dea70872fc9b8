import styled, { keyframes } from 'styled-components';
import type { CallQuality } from '../../../machines/video-call.machine';
import { formatElapsed } from '../../../machines/video-call.machine';
import { Avatar, Badge, Skeleton, px } from '../../ui';
import type { LocalMediaSession } from '../media/local-media';
import { LocalVideo } from '../media/LocalVideo';
import { CameraIcon } from '../media/media-icons';
import { StageCenter } from '../media/MediaStage';
import { QUALITY_LABELS } from './call-texts';

export interface CallStageProps {
  /** Null while the callee's profile is loading. */
  callee: { name: string; avatar: string | null } | null;
  /** What the call is doing, in words: 'Connecting...', 'Connected', 'Call ended'. */
  status: string;
  /** The timer and quality show only while connected. */
  connected: boolean;
  elapsedSeconds: number;
  quality: CallQuality;
  session: LocalMediaSession;
  /** The local picture shows only with a live, enabled camera. */
  showLocalVideo: boolean;
  localNote: string;
}

const QUALITY_TONES = { good: 'success', fair: 'vip', poor: 'danger' } as const;

/**
 * The other side (simulated: their picture on a softly moving backdrop) with
 * the user's own camera in the corner.
 */
export function CallStage({ callee, status, connected, elapsedSeconds, quality, session, showLocalVideo, localNote }: CallStageProps) {
  return (
    <Stage>
      <StageCenter $gap={3}>
        {callee ? <Avatar src={callee.avatar} name={callee.name} size={112} loading="eager" /> : <Skeleton shape="circle" width={112} />}
        <CalleeName>{callee?.name ?? ' '}</CalleeName>
        <Status role="status">{status}</Status>
      </StageCenter>
      {connected && (
        <TopBar>
          <Badge tone={QUALITY_TONES[quality]}>Quality: {QUALITY_LABELS[quality]}</Badge>
          <Timer role="timer" aria-label="Call length">
            {formatElapsed(elapsedSeconds)}
          </Timer>
        </TopBar>
      )}
      <Pip>
        {showLocalVideo ? (
          <LocalVideo session={session} label="Your camera" />
        ) : (
          <PipNote>
            <CameraIcon off />
            <span>{localNote}</span>
          </PipNote>
        )}
      </Pip>
    </Stage>
  );
}

// Slow enough to read as a living picture, not as motion to follow.
const BACKDROP_DRIFT = '12s ease-in-out infinite alternate';

const drift = keyframes`
  from { background-position: 0% 50%; }
  to { background-position: 100% 50%; }
`;

const Stage = styled.div`
  position: relative;
  overflow: hidden;
  min-height: ${({ theme }) => px(theme.space[16] * 6)};
  border-radius: ${({ theme }) => px(theme.radii.card)};
  background: linear-gradient(120deg, ${({ theme }) => `${theme.colors.purpleDark}, ${theme.colors.text}, ${theme.colors.pinkDeep}`});
  background-size: 200% 200%;
  animation: ${drift} ${BACKDROP_DRIFT};
  color: ${({ theme }) => theme.colors.onBrand};
  box-shadow: ${({ theme }) => theme.shadows.raised};

  ${({ theme }) => theme.media.tablet} {
    min-height: ${({ theme }) => px(theme.space[16] * 8)};
  }
  ${({ theme }) => theme.media.reducedMotion} {
    animation: none;
  }
`;

const CalleeName = styled.p`
  font-size: ${({ theme }) => px(theme.font.sizes.xl)};
  font-weight: ${({ theme }) => theme.font.weights.bold};
  min-height: 1.2em;
`;

const Status = styled.p`
  font-size: ${({ theme }) => px(theme.font.sizes.md)};
`;

const TopBar = styled.div`
  position: absolute;
  top: ${({ theme }) => px(theme.space[3])};
  left: ${({ theme }) => px(theme.space[3])};
  display: flex;
  align-items: center;
  gap: ${({ theme }) => px(theme.space[2])};
`;

const Timer = styled.span`
  padding: ${({ theme }) => `${px(theme.space[1])} ${px(theme.space[3])}`};
  border-radius: ${({ theme }) => px(theme.radii.pill)};
  background: ${({ theme }) => theme.colors.overlay};
  font-variant-numeric: tabular-nums;
  font-weight: ${({ theme }) => theme.font.weights.semibold};
`;

// On a phone the corner picture sits top right, clear of the callee's name; wider screens put it bottom right.
const Pip = styled.div`
  position: absolute;
  right: ${({ theme }) => px(theme.space[3])};
  top: ${({ theme }) => px(theme.space[3])};
  width: 26%;
  max-width: ${({ theme }) => px(theme.space[16] * 3)};

  ${({ theme }) => theme.media.tablet} {
    top: auto;
    bottom: ${({ theme }) => px(theme.space[3])};
    width: 30%;
  }
  aspect-ratio: 3 / 4;
  overflow: hidden;
  border: ${({ theme }) => px(theme.sizes.dotRing)} solid ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => px(theme.radii.input)};
  background: ${({ theme }) => theme.colors.text};
  box-shadow: ${({ theme }) => theme.shadows.raised};
`;

const PipNote = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => px(theme.space[1])};
  height: 100%;
  padding: ${({ theme }) => px(theme.space[2])};
  font-size: ${({ theme }) => px(theme.font.sizes.xs)};
  text-align: center;

  & svg {
    width: ${({ theme }) => px(theme.sizes.icon)};
    height: ${({ theme }) => px(theme.sizes.icon)};
  }
`;
