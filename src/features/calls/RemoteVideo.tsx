import { useSyncExternalStore } from 'react';
import styled from 'styled-components';
import { useVideoStream } from '../../lib/useVideoStream';
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
  // autoPlay starts it with sound: the member pressed Video Call or Answer, so the page may play sound.
  const videoRef = useVideoStream(stream, version);

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
