import styled from 'styled-components';
import { px } from '../../ui';
import { ControlButton } from '../media/ControlButton';
import { CameraIcon, HangUpIcon, MicrophoneIcon, SwitchCameraIcon } from '../media/media-icons';

interface CallControlsProps {
  muted: boolean;
  cameraOff: boolean;
  /** False before media starts, and for the camera in an audio-only call. */
  canToggleMicrophone: boolean;
  canToggleCamera: boolean;
  canSwitchCamera: boolean;
  switching: boolean;
  onToggleMute: () => void;
  onToggleCamera: () => void;
  onSwitchCamera: () => void;
  onEnd: () => void;
}

/** SPEC Video call controls: mute, camera off, switch camera, end. */
export function CallControls(props: CallControlsProps) {
  const { muted, cameraOff, canToggleMicrophone, canToggleCamera, canSwitchCamera, switching } = props;
  return (
    <Bar role="group" aria-label="Call controls">
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
      <ControlButton
        icon={<SwitchCameraIcon />}
        label={switching ? 'Switching...' : 'Switch camera'}
        disabled={!canSwitchCamera || switching}
        onClick={props.onSwitchCamera}
      />
      <ControlButton icon={<HangUpIcon />} label="End call" tone="danger" onClick={props.onEnd} />
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
