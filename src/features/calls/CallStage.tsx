import type { ReactNode } from 'react';
import styled, { keyframes } from 'styled-components';
import type { CallQuality } from '../../../machines/calls/video-call.machine';
import { formatElapsed } from '../../../machines/calls/video-call.machine';
import { Avatar, Badge, px, StagePill, StageTopBar } from '../../ui';
import type { LocalMediaSession } from '../media/local-media';
import { LocalVideo } from '../media/LocalVideo';
import { CameraIcon, MicrophoneIcon } from '../media/media-icons';
import { StageCenter } from '../media/MediaStage';
import { QUALITY_LABELS } from './call-texts';

export interface CallStageProps {
  peer: { name: string; avatar: string | null };
  /** What the call is doing, in words ('Calling…', 'Connected', 'Declined'): a live region. */
  status: string;
  /** The timer shows from connection on (frozen while reconnecting); the quality only while connected. */
  showTimer: boolean;
  showQuality: boolean;
  elapsedSeconds: number;
  quality: CallQuality;
  /** The other member's video element (a real call), drawn under everything else. */
  remoteVideo: ReactNode;
  /** Their picture is showing: otherwise their photo and name stand in the middle. */
  showRemotePicture: boolean;
  /** Their camera is off during the call (said under their photo). */
  remoteCameraOff: boolean;
  remoteMuted: boolean;
  session: LocalMediaSession;
  /** The own picture shows only with a live, enabled camera. */
  showLocalVideo: boolean;
  /** Said in the corner instead ('Camera off'); null: no corner (the call is over). */
  localNote: string | null;
}

const QUALITY_TONES = { good: 'success', fair: 'vip', poor: 'danger' } as const;

/** The other member large (their video, or their photo), the member's own camera small in the corner, and the call's state on top. */
export function CallStage(props: CallStageProps) {
  const { peer, status, remoteVideo, showRemotePicture } = props;
  return (
    <Stage>
      {remoteVideo}
      {!showRemotePicture && (
        <StageCenter $gap={3}>
          <Avatar src={peer.avatar} name={peer.name} size={112} loading="eager" />
          <PeerName>{peer.name}</PeerName>
          {props.remoteCameraOff && <Caption>{peer.name} turned their camera off</Caption>}
        </StageCenter>
      )}
      <StageTopBar>
        <Status role="status">{status}</Status>
        {props.showQuality && <Badge tone={QUALITY_TONES[props.quality]}>Quality: {QUALITY_LABELS[props.quality]}</Badge>}
        {props.showTimer && (
          <Pill role="timer" aria-label="Call length">
            {formatElapsed(props.elapsedSeconds)}
          </Pill>
        )}
      </StageTopBar>
      {props.remoteMuted && (
        <MutedMark>
          <MicrophoneIcon off />
          Muted
        </MutedMark>
      )}
      {props.showLocalVideo ? (
        <Pip>
          <LocalVideo session={props.session} label="Your camera" testId="local-video" />
        </Pip>
      ) : props.localNote !== null ? (
        <Pip>
          <PipNote>
            <CameraIcon off />
            <span>{props.localNote}</span>
          </PipNote>
        </Pip>
      ) : null}
    </Stage>
  );
}

// Slow enough to read as a living picture, not as motion to follow.
const BACKDROP_DRIFT = '12s ease-in-out infinite alternate';

const drift = keyframes`
  from { background-position: 0% 50%; }
  to { background-position: 100% 50%; }
`;

// Portrait on a phone (as the other member's phone camera sends), wide from a tablet up.
const Stage = styled.div`
  position: relative;
  overflow: hidden;
  aspect-ratio: 3 / 4;
  max-height: 70dvh;
  width: 100%;
  border-radius: ${({ theme }) => px(theme.radii.card)};
  background: ${({ theme }) => `linear-gradient(120deg, ${theme.colors.purpleDark}, ${theme.colors.text}, ${theme.colors.pinkDeep})`};
  background-size: 200% 200%;
  animation: ${drift} ${BACKDROP_DRIFT};
  color: ${({ theme }) => theme.colors.onBrand};
  box-shadow: ${({ theme }) => theme.shadows.raised};

  ${({ theme }) => theme.media.tablet} {
    aspect-ratio: 16 / 10;
  }
  ${({ theme }) => theme.media.reducedMotion} {
    animation: none;
  }
`;

const PeerName = styled.p`
  font-size: ${({ theme }) => px(theme.font.sizes.xl)};
  font-weight: ${({ theme }) => theme.font.weights.bold};
  overflow-wrap: anywhere;
`;

const Caption = styled.p`
  font-size: ${({ theme }) => px(theme.font.sizes.sm)};
`;

const Pill = styled(StagePill)`
  font-variant-numeric: tabular-nums;
`;

const Status = styled(Pill).attrs({ as: 'p' })`
  font-size: ${({ theme }) => px(theme.font.sizes.sm)};
`;

const MutedMark = styled(Pill)`
  position: absolute;
  left: ${({ theme }) => px(theme.space[3])};
  bottom: ${({ theme }) => px(theme.space[3])};
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => px(theme.space[1])};
  font-size: ${({ theme }) => px(theme.font.sizes.sm)};

  & svg {
    width: ${({ theme }) => px(theme.sizes.icon)};
    height: ${({ theme }) => px(theme.sizes.icon)};
  }
`;

const Pip = styled.div`
  position: absolute;
  right: ${({ theme }) => px(theme.space[3])};
  bottom: ${({ theme }) => px(theme.space[3])};
  width: 28%;
  max-width: ${({ theme }) => px(theme.space[16] * 3)};
  aspect-ratio: 3 / 4;
  overflow: hidden;
  border: ${({ theme }) => px(theme.sizes.dotRing)} solid ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => px(theme.radii.input)};
  background: ${({ theme }) => theme.colors.text};
  box-shadow: ${({ theme }) => theme.shadows.raised};

  ${({ theme }) => theme.media.tablet} {
    width: 22%;
  }
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
