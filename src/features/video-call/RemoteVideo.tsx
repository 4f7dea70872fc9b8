import { useEffect, useRef, useSyncExternalStore } from 'react';
import styled from 'styled-components';
import type { CallConnection } from './call-actors';

interface RemoteVideoProps {
  connection: CallConnection;
  /** Who it shows, for screen readers. */
  name: string;
  /** Their camera is off: the picture is hidden (their avatar shows instead) but their sound plays on. */
  hidden: boolean;
}

/**
 * The other member's picture and sound, from the call's peer connection. It
 * stays mounted for the whole call so the sound never stops when their camera does.
 */
export function RemoteVideo({ connection, name, hidden }: RemoteVideoProps) {
  const { stream, version } = useSyncExternalStore(connection.subscribe, connection.getRemoteView);
  const videoRef = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    // Re-assigning after a track arrives makes every browser pick it up (autoPlay starts it: the member
    // pressed Video Call or Answer, so the page may play sound).
    video.srcObject = stream;
  }, [stream, version]);

  return <Video ref={videoRef} data-testid="remote-video" aria-label={`${name}'s camera`} autoPlay playsInline $hidden={hidden || !stream} />;
}

const Video = styled.video<{ $hidden: boolean }>`
  position: absolute;
  inset: 0;
  width: 100%;
  height: 100%;
  object-fit: cover;
  background: ${({ theme }) => theme.colors.text};
  visibility: ${({ $hidden }) => ($hidden ? 'hidden' : 'visible')};
`;
