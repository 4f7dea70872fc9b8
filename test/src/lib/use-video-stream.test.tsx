import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useVideoStream } from '../../../src/lib/useVideoStream';

function Player({ stream, version }: { stream: MediaStream | null; version: number }) {
  const videoRef = useVideoStream(stream, version);
  return <video ref={videoRef} data-testid="player" />;
}

// jsdom has no MediaStream: any object stands in, since the hook only hands it to the element.
const stream = {} as MediaStream;

function srcObjectAssignments(video: HTMLVideoElement): MediaStream[] {
  const assigned: MediaStream[] = [];
  Object.defineProperty(video, 'srcObject', {
    configurable: true,
    get: () => assigned.at(-1) ?? null,
    set: (value: MediaStream) => assigned.push(value),
  });
  return assigned;
}

describe('useVideoStream', () => {
  it('shows the stream in the video and shows it again when its tracks change', () => {
    const view = render(<Player stream={null} version={0} />);
    const video = view.getByTestId('player');
    if (!(video instanceof HTMLVideoElement)) throw new Error('No video element rendered');
    const assigned = srcObjectAssignments(video);

    view.rerender(<Player stream={stream} version={1} />);
    expect(assigned).toEqual([stream]);

    // Same stream, new track (a camera switch): assigned again so the browser picks it up.
    view.rerender(<Player stream={stream} version={2} />);
    expect(assigned).toEqual([stream, stream]);

    // Nothing changed: no re-assignment (it would restart the picture).
    view.rerender(<Player stream={stream} version={2} />);
    expect(assigned).toEqual([stream, stream]);
  });
});
