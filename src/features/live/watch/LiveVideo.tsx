import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import styled from 'styled-components';
import { px } from '../../../ui';
import { MicrophoneIcon } from '../../media/media-icons';
import type { StreamWatcher } from './stream-watcher';

interface LiveVideoProps {
  watcher: Pick<StreamWatcher, 'subscribe' | 'getView'>;
}

/**
 * The host's picture and sound. Browsers block autoplay with sound on a page
 * the member only opened, so it starts muted; "Unmute" is the gesture that
 * lets the sound play.
 */
export function LiveVideo({ watcher }: LiveVideoProps) {
  const { stream, version } = useSyncExternalStore(watcher.subscribe, watcher.getView);
  const videoRef = useRef<HTMLVideoElement>(null);
  const [muted, setMuted] = useState(true);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    // Muted before the source is set: a muted video may start by itself.
    video.muted = muted;
    if (video.srcObject !== stream) video.srcObject = stream;
    // Re-assigned tracks (a fresh offer) need a nudge in some browsers; a refused play leaves the poster.
    if (stream) void video.play?.()?.catch(() => {});
  }, [stream, version, muted]);

  const toggleSound = () => {
    const video = videoRef.current;
    const next = !muted;
    setMuted(next);
    if (video) {
      video.muted = next;
      // Inside the click: the gesture that allows sound.
      if (!next) void video.play?.()?.catch(() => {});
    }
  };

  return (
    <>
      <Video ref={videoRef} aria-label="Live video" autoPlay playsInline muted={muted} $hidden={!stream} />
      {stream ? (
        <SoundButton type="button" onClick={toggleSound}>
          <MicrophoneIcon off={muted} />
          {muted ? 'Unmute' : 'Mute'}
        </SoundButton>
      ) : null}
    </>
  );
}

const Video = styled.video<{ $hidden: boolean }>`
  position: absolute;
  inset: 0;
  width: 100%;
  height: 100%;
  object-fit: contain;
  background: ${({ theme }) => theme.colors.text};
  visibility: ${({ $hidden }) => ($hidden ? 'hidden' : 'visible')};
`;

const SoundButton = styled.button`
  position: absolute;
  right: ${({ theme }) => px(theme.space[3])};
  bottom: ${({ theme }) => px(theme.space[3])};
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => px(theme.space[1])};
  min-height: ${({ theme }) => px(theme.sizes.touchTarget)};
  padding: ${({ theme }) => `${px(theme.space[1])} ${px(theme.space[3])}`};
  border: 0;
  border-radius: ${({ theme }) => px(theme.radii.pill)};
  background: ${({ theme }) => theme.colors.overlay};
  color: ${({ theme }) => theme.colors.onBrand};
  font-weight: ${({ theme }) => theme.font.weights.semibold};
  cursor: pointer;

  & svg {
    width: ${({ theme }) => px(theme.sizes.icon)};
    height: ${({ theme }) => px(theme.sizes.icon)};
  }

  &:focus-visible {
    outline: ${({ theme }) => px(theme.sizes.focusRing)} solid ${({ theme }) => theme.colors.onBrand};
    outline-offset: ${({ theme }) => px(theme.sizes.focusRing)};
  }
`;
