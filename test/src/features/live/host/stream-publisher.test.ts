import { describe, expect, it, vi } from 'vitest';
import type { LiveStream } from '../../../../../contract/live';
import { ApiError } from '../../../../../src/api/client';
import { createStreamPublisher, PUBLISH_FAILED_MESSAGE, type PublishApi } from '../../../../../src/features/live/host/stream-publisher';
import { fakePeerFactory, FakeStream, FakeTrack } from './fake-live-peer';

const STREAM_ID = '0b7c1f3e-2d4a-4b6c-8e9f-101112131415';
const stream: LiveStream = {
  id: STREAM_ID,
  host: { id: 'host-1', name: 'Asha', avatar: '' },
  title: 'Sunset chat',
  startedAt: '2026-11-27T10:00:00.000Z',
  state: 'live',
  viewers: 0,
  peakViewers: 0,
  endedAt: null,
  endReason: null,
};

function setup(options: { gathering?: 'auto' | 'never'; tracks?: FakeTrack[] } = {}) {
  const local = new FakeStream(options.tracks ?? [new FakeTrack('audio', 'mic'), new FakeTrack('video', 'cam')]);
  const media = { getView: () => ({ stream: local as unknown as MediaStream, version: 1 }) };
  const peers = fakePeerFactory({ gathering: options.gathering ?? 'auto' });
  const api = {
    goLive: vi.fn<PublishApi['goLive']>(() => Promise.resolve({ stream, answer: 'forwarder answer' })),
    republishStream: vi.fn<PublishApi['republishStream']>(() => Promise.resolve({ answer: 'fresh answer' })),
    endStream: vi.fn<PublishApi['endStream']>(() => Promise.resolve({ stream })),
  };
  const publisher = createStreamPublisher({ media, createPeerConnection: peers.create, api, gatheringLimitMs: 50 });
  return { publisher, peers, api, local };
}

/** Waits until the forwarder's answer is set on the newest connection (gathering done, the offer posted). */
const answered = (peers: ReturnType<typeof fakePeerFactory>) => vi.waitFor(() => expect(peers.latest().remoteDescription?.type).toBe('answer'));

describe('the stream publisher', () => {
  it('sends each local track on a send-only transceiver, posts the complete offer and resolves once connected', async () => {
    const { publisher, peers, api, local } = setup();
    let resolved: LiveStream | null = null;
    const publishing = publisher.publish('Sunset chat').then((result) => (resolved = result));
    await answered(peers);

    const pc = peers.latest();
    expect(pc.transceivers.map(({ track, direction, streams }) => [track.kind, direction, streams[0]])).toEqual([
      ['audio', 'sendonly', local],
      ['video', 'sendonly', local],
    ]);
    // The candidates gathered before sending: the offer is complete.
    expect(api.goLive).toHaveBeenCalledWith({ title: 'Sunset chat', offer: 'offer\nm=audio sendonly\nm=video sendonly\na=candidate:host' });
    expect(pc.remoteDescription).toEqual({ type: 'answer', sdp: 'forwarder answer' });
    expect(resolved).toBeNull();

    pc.moveTo('connected');
    await expect(publishing).resolves.toEqual(stream);
    expect(api.endStream).not.toHaveBeenCalled();
  });

  it('sends the candidates it has when gathering does not finish in time', async () => {
    const { publisher, peers, api } = setup({ gathering: 'never' });
    void publisher.publish('Sunset chat');
    await vi.waitFor(() => expect(api.goLive).toHaveBeenCalledWith({ title: 'Sunset chat', offer: 'offer\nm=audio sendonly\nm=video sendonly' }));
    expect(peers.latest().closed).toBe(false);
  });

  it("passes the server's refusal on and closes the connection", async () => {
    const { publisher, peers, api } = setup();
    api.goLive.mockRejectedValueOnce(new ApiError('You are already live in another tab', 409));
    await expect(publisher.publish('Sunset chat')).rejects.toThrow('You are already live in another tab');
    expect(peers.latest().closed).toBe(true);
    expect(api.endStream).not.toHaveBeenCalled();
  });

  it('ends a stream it made when its connection fails, so the next Go Live is not refused', async () => {
    const { publisher, peers, api } = setup();
    const publishing = publisher.publish('Sunset chat');
    await answered(peers);
    peers.latest().moveTo('failed');
    await expect(publishing).rejects.toThrow(PUBLISH_FAILED_MESSAGE);
    expect(peers.latest().closed).toBe(true);
    expect(api.endStream).toHaveBeenCalledWith(STREAM_ID);
  });

  it('ends a stream it made when going live is given up (the machine stops it)', async () => {
    const { publisher, peers, api } = setup();
    const stop = new AbortController();
    const publishing = publisher.publish('Sunset chat', stop.signal);
    await answered(peers);
    stop.abort();
    await expect(publishing).rejects.toMatchObject({ name: 'AbortError' });
    expect(peers.latest().closed).toBe(true);
    expect(api.endStream).toHaveBeenCalledWith(STREAM_ID);
  });

  it('refuses to go live without tracks, making no connection', async () => {
    const { publisher, peers, api } = setup({ tracks: [] });
    await expect(publisher.publish('Sunset chat')).rejects.toThrow('Your camera and microphone are not on');
    expect(peers.made).toEqual([]);
    expect(api.goLive).not.toHaveBeenCalled();
  });

  it("reports the established connection's drops, and a republished connection replaces it", async () => {
    const { publisher, peers, api } = setup();
    const states: string[] = [];
    publisher.onState((state) => states.push(state));
    const publishing = publisher.publish('Sunset chat');
    await answered(peers);
    const first = peers.latest();
    first.moveTo('connected');
    await publishing;
    first.moveTo('disconnected');
    first.moveTo('connected');
    first.moveTo('failed');
    expect(states).toEqual(['interrupted', 'connected', 'failed']);

    const republishing = publisher.republish(STREAM_ID);
    await vi.waitFor(() => expect(peers.made).toHaveLength(2));
    await answered(peers);
    const second = peers.latest();
    expect(api.republishStream).toHaveBeenCalledWith(STREAM_ID, 'offer\nm=audio sendonly\nm=video sendonly\na=candidate:host');
    expect(second.remoteDescription).toEqual({ type: 'answer', sdp: 'fresh answer' });
    // Still connecting: not yet the connection whose state counts.
    second.moveTo('disconnected');
    second.moveTo('connected');
    await republishing;
    expect(first.closed).toBe(true);
    expect(states).toEqual(['interrupted', 'connected', 'failed']);
    second.moveTo('disconnected');
    expect(states.at(-1)).toBe('interrupted');

    publisher.close();
    expect(second.closed).toBe(true);
  });

  it('closes a connection still being set up when closed', async () => {
    const { publisher, peers } = setup();
    const stop = new AbortController();
    const publishing = publisher.publish('Sunset chat', stop.signal);
    await answered(peers);
    publisher.close();
    expect(peers.latest().closed).toBe(true);
    stop.abort();
    await expect(publishing).rejects.toBeDefined();
  });
});
