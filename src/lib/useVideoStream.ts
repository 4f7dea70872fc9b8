import { useEffect, useRef, type RefObject } from 'react';

/**
 * Shows a media stream in a `<video>`: returns the ref to put on the element.
 * `version` changes when the stream's tracks change (a camera switch, a track
 * arriving); re-assigning the same stream then makes every browser pick up the new track.
 */
export function useVideoStream(stream: MediaStream | null, version: number): RefObject<HTMLVideoElement | null> {
  const videoRef = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    video.srcObject = stream;
  }, [stream, version]);
  return videoRef;
}
