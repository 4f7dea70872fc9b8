import { describe, expect, it } from 'vitest';
import { collectCandidates, hasCandidates, withCandidates } from '../../server/live/media/janus-candidates';
import type { JanusHandleEvent } from '../../server/live/media/janus-session';

// Janus configured for full trickle sends its description first and its
// candidates after, as `trickle` events: Orbit writes them into the
// description so it leaves the forwarder complete.

const WITHOUT_CANDIDATES = [
  'v=0',
  'o=- 1 1 IN IP4 10.213.0.1',
  's=VideoRoom 1',
  't=0 0',
  'a=group:BUNDLE 0 1',
  'm=video 9 UDP/TLS/RTP/SAVPF 96',
  'c=IN IP4 10.213.0.1',
  'a=mid:0',
  'a=rtpmap:96 VP8/90000',
  'm=audio 9 UDP/TLS/RTP/SAVPF 111',
  'c=IN IP4 10.213.0.1',
  'a=mid:1',
  'a=rtpmap:111 opus/48000/2',
  '',
].join('\r\n');

const CANDIDATE = 'candidate:1 1 udp 2015363583 10.213.0.1 40903 typ host';

/** A handle that only takes listeners, for the collector, and lets the test play Janus's events. */
function fakeHandle() {
  const listeners = new Set<(event: JanusHandleEvent) => void>();
  return {
    onEvent(listener: (event: JanusHandleEvent) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit(event: JanusHandleEvent) {
      for (const listener of listeners) listener(event);
    },
    listening: () => listeners.size,
  };
}

describe('Janus candidates', () => {
  it('writes each trickled candidate into its m-section, ends each section, and keeps CRLF lines', () => {
    const sdp = withCandidates(WITHOUT_CANDIDATES, [{ candidate: CANDIDATE, sdpMLineIndex: 0 }, { candidate: CANDIDATE.replace('40903', '40905'), sdpMLineIndex: 1 }]);
    const sections = sdp.split('\r\nm=');
    expect(sections).toHaveLength(3);
    expect(sections[1]).toContain(`a=${CANDIDATE}\r\na=end-of-candidates`);
    expect(sections[2]).toContain('40905 typ host\r\na=end-of-candidates');
    expect(sdp.endsWith('\r\n')).toBe(true);
    expect(sdp).not.toMatch(/[^\r]\n/);
    expect(hasCandidates(sdp)).toBe(true);
  });

  it('leaves a description that has candidates as it is, without waiting', async () => {
    const handle = fakeHandle();
    const complete = withCandidates(WITHOUT_CANDIDATES, [{ candidate: CANDIDATE }]);
    const collector = collectCandidates(handle, 60_000);
    await expect(collector.complete(complete)).resolves.toBe(complete);
    expect(handle.listening()).toBe(0);
  });

  it('waits for the end of trickling and writes in what came, before and after the description', async () => {
    const handle = fakeHandle();
    const collector = collectCandidates(handle, 60_000);
    handle.emit({ kind: 'trickle', candidate: CANDIDATE, sdpMLineIndex: 0 });
    const completing = collector.complete(WITHOUT_CANDIDATES);
    handle.emit({ kind: 'trickle', candidate: CANDIDATE.replace('40903', '40907'), sdpMLineIndex: 0 });
    handle.emit({ kind: 'trickle', candidate: null });
    const sdp = await completing;
    expect(sdp.match(/^a=candidate:/gm)).toHaveLength(2);
    expect(sdp).toContain('40907 typ host');
    expect(handle.listening()).toBe(0);
  });

  it('gives up waiting after the limit and hands out what it has', async () => {
    const handle = fakeHandle();
    const collector = collectCandidates(handle, 50);
    handle.emit({ kind: 'trickle', candidate: CANDIDATE, sdpMLineIndex: 0 });
    const sdp = await collector.complete(WITHOUT_CANDIDATES);
    expect(sdp.match(/^a=candidate:/gm)).toHaveLength(1);
  });
});
