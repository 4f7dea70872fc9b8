import { ControlButton } from '../media/ControlButton';
import { MediaControls } from '../media/MediaControls';
import { HangUpIcon, SwitchCameraIcon } from '../media/media-icons';

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
export function CallControls({ canSwitchCamera, switching, onSwitchCamera, onEnd, ...media }: CallControlsProps) {
  return (
    <MediaControls label="Call controls" {...media}>
      <ControlButton
        icon={<SwitchCameraIcon />}
        label={switching ? 'Switching...' : 'Switch camera'}
        disabled={!canSwitchCamera || switching}
        onClick={onSwitchCamera}
      />
      <ControlButton icon={<HangUpIcon />} label="End call" tone="danger" onClick={onEnd} />
    </MediaControls>
  );
}
