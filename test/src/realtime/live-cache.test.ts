import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { LiveChatMessage, LiveChatResponse, LiveNowResponse, LiveStream, LiveStreamResponse } from '../../../contract/live';
import type { SentGift, StreamGiftsResponse } from '../../../contract/gifts';
import { giftKeys } from '../../../src/api/gifts';
import { liveKeys } from '../../../src/api/live';
import { applyLiveEvent } from '../../../src/realtime/live-cache';

const STREAM_ID = '6f1c2a9e-0000-4000-8000-000000000001';

function stream(overrides: Partial<LiveStream> = {}): LiveStream {
  return {
    id: STREAM_ID,
    host: { id: 'host-1', name: 'Asha', avatar: '/a.jpg' },
    title: 'Sunday coffee',
    startedAt: '2026-11-27T10:00:00.000Z',
    state: 'live',
    viewers: 1,
    peakViewers: 1,
    endedAt: null,
    endReason: null,
    ...overrides,
  };
}

function chatMessage(id: string, text: string): LiveChatMessage {
  return { id, user: 'Ben', userId: 'viewer-1', message: text, timestamp: '2026-11-27T10:01:00.000Z' };
}

function seeded() {
  const queryClient = new QueryClient();
  queryClient.setQueryData<LiveStreamResponse>(liveKeys.stream(STREAM_ID), { stream: stream() });
  queryClient.setQueryData<LiveNowResponse>(liveKeys.now(), { streams: [stream(), stream({ id: 'other', viewers: 4 })] });
  queryClient.setQueryData<LiveChatResponse>(liveKeys.chat(STREAM_ID), { messages: [chatMessage('m1', 'hi')], mutedUntil: null });
  return queryClient;
}

describe('live events in the query cache', () => {
  it('a count change updates the stream, its peak and its card in the Live now list', () => {
    const queryClient = seeded();
    applyLiveEvent(queryClient, { name: 'live:viewers', payload: { streamId: STREAM_ID, viewers: 3 } });
    applyLiveEvent(queryClient, { name: 'live:viewers', payload: { streamId: STREAM_ID, viewers: 2 } });
    expect(queryClient.getQueryData<LiveStreamResponse>(liveKeys.stream(STREAM_ID))?.stream).toMatchObject({ viewers: 2, peakViewers: 3 });
    expect(queryClient.getQueryData<LiveNowResponse>(liveKeys.now())?.streams.map((s) => s.viewers)).toEqual([2, 4]);
  });

  it('chat is appended once, removed on the host’s word, and a mute is noted', () => {
    const queryClient = seeded();
    const event = { name: 'live:chat', payload: { streamId: STREAM_ID, message: chatMessage('m2', 'hello all') } } as const;
    applyLiveEvent(queryClient, event);
    applyLiveEvent(queryClient, event);
    expect(queryClient.getQueryData<LiveChatResponse>(liveKeys.chat(STREAM_ID))?.messages.map((m) => m.id)).toEqual(['m1', 'm2']);
    applyLiveEvent(queryClient, { name: 'live:chat-removed', payload: { streamId: STREAM_ID, messageId: 'm1' } });
    applyLiveEvent(queryClient, { name: 'live:muted', payload: { streamId: STREAM_ID, until: '2026-11-27T10:11:00.000Z' } });
    expect(queryClient.getQueryData<LiveChatResponse>(liveKeys.chat(STREAM_ID))).toEqual({
      messages: [chatMessage('m2', 'hello all')],
      mutedUntil: '2026-11-27T10:11:00.000Z',
    });
  });

  it('the end marks the stream ended and takes it off the list; a removal only takes it off the list', () => {
    const removed = seeded();
    applyLiveEvent(removed, { name: 'live:ended', payload: { streamId: STREAM_ID, reason: 'removed' } });
    expect(removed.getQueryData<LiveStreamResponse>(liveKeys.stream(STREAM_ID))?.stream.state).toBe('live');
    expect(removed.getQueryData<LiveNowResponse>(liveKeys.now())?.streams.map((s) => s.id)).toEqual(['other']);

    const ended = seeded();
    applyLiveEvent(ended, { name: 'live:ended', payload: { streamId: STREAM_ID, reason: 'admin' } });
    expect(ended.getQueryData<LiveStreamResponse>(liveKeys.stream(STREAM_ID))?.stream).toMatchObject({ state: 'ended', viewers: 0, endReason: 'admin' });
    expect(ended.getQueryData<LiveNowResponse>(liveKeys.now())?.streams.map((s) => s.id)).toEqual(['other']);
  });
});

describe('an answer read before the event', () => {
  it('does not undo the count: the stream is asked again', async () => {
    const queryClient = new QueryClient();
    const answers: number[] = [];
    let release: (viewers: number) => void = () => {};
    const observer = new QueryObserver(queryClient, {
      queryKey: liveKeys.stream(STREAM_ID),
      queryFn: () =>
        new Promise<LiveStreamResponse>((resolve) => {
          release = (viewers) => {
            answers.push(viewers);
            resolve({ stream: stream({ viewers }) });
          };
        }),
    });
    // An observer makes the query active and fetches it, as the stream page's useQuery does.
    const unsubscribe = observer.subscribe(() => {});
    // The first answer was read with one viewer; the count changed to two before it arrived.
    const stale = release;
    applyLiveEvent(queryClient, { name: 'live:viewers', payload: { streamId: STREAM_ID, viewers: 2 } });
    stale(1);
    // The event asked again: a second request goes out and is answered with the count as it is now.
    await expect.poll(() => release !== stale).toBe(true);
    release(2);
    await expect.poll(() => queryClient.getQueryData<LiveStreamResponse>(liveKeys.stream(STREAM_ID))?.stream.viewers).toBe(2);
    unsubscribe();
  });

  it('a gift is added once (a retry is announced again), and the later of two totals is kept', () => {
    const queryClient = seeded();
    const held: StreamGiftsResponse = { success: true, totals: { coins: 0, gifts: 0, topGifters: [] }, recent: [] };
    queryClient.setQueryData(giftKeys.stream(STREAM_ID), held);
    const sent = (sendId: string, coins: number): SentGift => ({ sendId, gift: { _id: 'g', name: 'Rose', icon: '🌹' }, coins, sender: { _id: 'v', username: 'ben', name: 'Ben' }, sentAt: '2026-11-27T10:02:00.000Z' });
    const totals = (gifts: number, coins: number) => ({ coins, gifts, topGifters: [{ _id: 'v', username: 'ben', name: 'Ben', coins }] });
    const first = { name: 'live:gift', payload: { streamId: STREAM_ID, gift: sent('s1', 10), totals: totals(1, 10) } } as const;
    const second = { name: 'live:gift', payload: { streamId: STREAM_ID, gift: sent('s2', 10), totals: totals(2, 20) } } as const;
    applyLiveEvent(queryClient, first);
    applyLiveEvent(queryClient, second);
    // The first again, overtaken: its older totals do not win.
    applyLiveEvent(queryClient, first);
    const after = queryClient.getQueryData<StreamGiftsResponse>(giftKeys.stream(STREAM_ID));
    expect(after?.recent.map((gift) => gift.sendId)).toEqual(['s1', 's2']);
    expect(after?.totals).toEqual(totals(2, 20));
  });
});
