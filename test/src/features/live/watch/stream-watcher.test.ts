import { describe, expect, it, vi } from 'vitest';
import type { CommandAnswer } from '../../../../../contract/realtime';
import type { LiveWatchEvent } from '../../../../../machines/live/viewer.machine';
import { createStreamWatcher } from '../../../../../src/features/live/watch/stream-watcher';
import { createRealtimeHub, type LiveHubEvent } from '../../../../../src/realtime/hub';
import { fakePeerFactory, FakeStream, FakeTrack } from '../host/fake-live-peer';

const STREAM_ID = '0b7c1f3e-2d4a-4b6c-8e9f-101112131415';
const OTHER_ID = '9d8c7b6a-5f4e-4d3c-8b2a-191817161514';

function setup(answers: (name: string) => CommandAnswer = () => ({ ok: true })) {
  const hub = createRealtimeHub();
  const sent: Array<{ name: string; payload: unknown }> = [];
  hub.setCommandSender((name, payload) => {
    sent.push({ name, payload });
    return Promise.resolve(answers(name));
  });
  hub.publish({ type: 'status', status: 'connected' });
  const peers = fakePeerFactory();
  const watcher = createStreamWatcher({ hub, createPeerConnection: peers.create, createMediaStream: () => new FakeStream() as unknown as MediaStream, gatheringLimitMs: 50 });
  const reports: LiveWatchEvent[] = [];
  const server = (event: LiveHubEvent) => hub.publish({ type: 'live', event });
  const names = () => sent.map(({ name }) => name);
  return { hub, sent, names, peers, watcher, reports, server, report: (event: LiveWatchEvent) => reports.push(event) };
}

describe('the stream watcher', () => {
  it("asks to watch, answers the forwarder's offer on a fresh connection and reports the picture", async () => {
    const { watcher, peers, sent, server, reports, report } = setup();
    const leave = watcher.watch(STREAM_ID, report);
    await vi.waitFor(() => expect(sent).toEqual([{ name: 'live:watch', payload: { streamId: STREAM_ID } }]));

    // Another stream's offer is not this page's.
    server({ name: 'live:offer', payload: { streamId: OTHER_ID, offer: 'other offer' } });
    server({ name: 'live:offer', payload: { streamId: STREAM_ID, offer: 'forwarder offer' } });
    await vi.waitFor(() => expect(sent.at(-1)).toEqual({ name: 'live:answer', payload: { streamId: STREAM_ID, answer: 'answer to forwarder offer\na=candidate:host' } }));
    expect(peers.made).toHaveLength(1);
    const pc = peers.latest();
    expect(pc.remoteDescription).toEqual({ type: 'offer', sdp: 'forwarder offer' });

    const video = new FakeTrack('video', 'host-cam');
    pc.receive(video);
    expect(watcher.getView().stream?.getTracks()).toEqual([video]);
    expect(reports).toEqual([]);
    pc.moveTo('connected');
    expect(reports).toEqual([{ type: 'MEDIA.PLAYING' }]);
    pc.moveTo('disconnected');
    pc.moveTo('connected');
    expect(reports).toEqual([{ type: 'MEDIA.PLAYING' }, { type: 'MEDIA.INTERRUPTED' }, { type: 'MEDIA.RESTORED' }]);

    leave();
    expect(pc.closed).toBe(true);
    expect(watcher.getView().stream).toBeNull();
    await vi.waitFor(() => expect(sent.at(-1)).toEqual({ name: 'live:leave', payload: { streamId: STREAM_ID } }));
  });

  it('watches again for a fresh offer after a republish, a failed connection and a realtime reconnect', async () => {
    const { hub, watcher, peers, names, server, reports, report } = setup();
    watcher.watch(STREAM_ID, report);
    server({ name: 'live:offer', payload: { streamId: STREAM_ID, offer: 'first offer' } });
    await vi.waitFor(() => expect(names()).toEqual(['live:watch', 'live:answer']));
    const first = peers.latest();
    first.moveTo('connected');

    server({ name: 'live:republished', payload: { streamId: STREAM_ID } });
    await vi.waitFor(() => expect(names()).toEqual(['live:watch', 'live:answer', 'live:watch']));
    server({ name: 'live:offer', payload: { streamId: STREAM_ID, offer: 'second offer' } });
    await vi.waitFor(() => expect(names()).toHaveLength(4));
    const second = peers.latest();
    expect(second).not.toBe(first);
    expect(first.closed).toBe(true);
    second.receive(new FakeTrack('video', 'cam-2'), new FakeStream());
    second.moveTo('connected');
    // Playing all along: nothing new to say.
    expect(reports).toEqual([{ type: 'MEDIA.PLAYING' }]);

    second.moveTo('failed');
    expect(reports.at(-1)).toEqual({ type: 'MEDIA.INTERRUPTED' });
    await vi.waitFor(() => expect(names().at(-1)).toBe('live:watch'));

    const before = names().length;
    hub.publish({ type: 'status', status: 'disconnected' });
    hub.publish({ type: 'status', status: 'connected' });
    await vi.waitFor(() => expect(names()).toHaveLength(before + 1));
    expect(names().at(-1)).toBe('live:watch');
  });

  it("reports the stream's end and the host's mute, and closes the connection at the end", async () => {
    const { watcher, peers, server, reports, report } = setup();
    watcher.watch(STREAM_ID, report);
    server({ name: 'live:offer', payload: { streamId: STREAM_ID, offer: 'offer' } });
    await vi.waitFor(() => expect(peers.made).toHaveLength(1));
    server({ name: 'live:muted', payload: { streamId: STREAM_ID, until: '2026-11-27T10:10:00.000Z' } });
    server({ name: 'live:ended', payload: { streamId: OTHER_ID, reason: 'ended' } });
    server({ name: 'live:ended', payload: { streamId: STREAM_ID, reason: 'removed' } });
    expect(reports).toEqual([
      { type: 'MUTED', until: Date.parse('2026-11-27T10:10:00.000Z') },
      { type: 'STREAM.ENDED', reason: 'removed' },
    ]);
    expect(peers.latest().closed).toBe(true);
  });

  it("reports a refused watch with the server's words, or plain words when the server was not reached", async () => {
    const refused = setup((name) => (name === 'live:watch' ? { ok: false, status: 410, message: 'This stream has ended' } : { ok: true }));
    refused.watcher.watch(STREAM_ID, refused.report);
    await vi.waitFor(() => expect(refused.reports).toEqual([{ type: 'WATCH.REFUSED', message: 'This stream has ended' }]));

    const offline = setup(() => ({ ok: false, status: 0, message: 'Not connected' }));
    offline.watcher.watch(STREAM_ID, offline.report);
    await vi.waitFor(() =>
      expect(offline.reports).toEqual([{ type: 'WATCH.REFUSED', message: 'Orbit could not reach the server. Check your connection and try again.' }]),
    );
  });

  it('hears nothing once left', () => {
    const { watcher, peers, server, reports, report } = setup();
    const leave = watcher.watch(STREAM_ID, report);
    leave();
    server({ name: 'live:offer', payload: { streamId: STREAM_ID, offer: 'late offer' } });
    server({ name: 'live:ended', payload: { streamId: STREAM_ID, reason: 'ended' } });
    expect(peers.made).toEqual([]);
    expect(reports).toEqual([]);
  });
});
