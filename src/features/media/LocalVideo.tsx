import { useEffect, useRef, useSyncExternalStore } from 'react';
import styled from 'styled-components';
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
  const videoRef = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    // Re-assigning after a camera switch makes every browser pick up the new track.
    video.srcObject = stream;
  }, [stream, version]);

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
