import type { ReactNode } from 'react';
import styled from 'styled-components';
import { px } from '../../ui';
import { ControlButton } from './ControlButton';
import { CameraIcon, MicrophoneIcon } from './media-icons';

interface MediaControlsProps {
  /** The group's name: 'Stream controls', 'Call controls'. */
  label: string;
  muted: boolean;
  cameraOff: boolean;
  /** False before media starts; a live stream always has its microphone. */
  canToggleMicrophone?: boolean;
  /** False without a camera track: before media starts, or audio only. */
  canToggleCamera: boolean;
  onToggleMute: () => void;
  onToggleCamera: () => void;
  /** The screen's own controls, after the microphone and camera (share, switch camera, end). */
  children: ReactNode;
}

/** The bar of round controls under a stream or a call: microphone and camera first, then the screen's own. */
export function MediaControls(props: MediaControlsProps) {
  const { label, muted, cameraOff, canToggleMicrophone = true, canToggleCamera, children } = props;
  return (
    <Bar role="group" aria-label={label}>
      <ControlButton
        icon={<MicrophoneIcon off={muted} />}
        label={muted ? 'Unmute' : 'Mute'}
        tone={muted ? 'active' : 'neutral'}
        disabled={!canToggleMicrophone}
        onClick={props.onToggleMute}
      />
      <ControlButton
        icon={<CameraIcon off={cameraOff || !canToggleCamera} />}
        label={cameraOff ? 'Turn camera on' : 'Turn camera off'}
        tone={cameraOff ? 'active' : 'neutral'}
        disabled={!canToggleCamera}
        onClick={props.onToggleCamera}
      />
      {children}
    </Bar>
  );
}

const Bar = styled.div`
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
