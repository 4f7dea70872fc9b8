import { useSyncExternalStore } from 'react';
import styled from 'styled-components';
import { useVideoStream } from '../../lib/useVideoStream';
import type { LocalMediaSession } from './local-media';

interface LocalVideoProps {
  session: LocalMediaSession;
  /** What the picture shows, for screen readers: e.g. 'Your camera'. */
  label: string;
  className?: string;
  /** For browser tests that find the element ('local-video' on the call screen). */
  testId?: string;
}

/** The user's own camera, mirrored like a mirror (as people expect to see themselves), never played back aloud. */
export function LocalVideo({ session, label, className, testId }: LocalVideoProps) {
  const { stream, version } = useSyncExternalStore(session.subscribe, session.getView);
  const videoRef = useVideoStream(stream, version);

  return <Video ref={videoRef} className={className} data-testid={testId} aria-label={label} autoPlay playsInline muted />;
}

const Video = styled.video`
  display: block;
  width: 100%;
  height: 100%;
  object-fit: cover;
  transform: scaleX(-1);
  background: ${({ theme }) => theme.colors.text};
`;
