import type { QueryClient } from '@tanstack/react-query';
import { LIVE_CHAT_HISTORY, type LiveChatResponse, type LiveNowResponse, type LiveStreamResponse } from '../../contract/live';
import { RECENT_GIFTS, type StreamGiftsResponse } from '../../contract/gifts';
import { giftKeys, withArrivedGift } from '../api/gifts';
import { liveKeys } from '../api/live';
import type { LiveHubEvent } from './hub';

/**
 * What a `live:*` event changes in TanStack Query's cache: the stream's
 * count and end, its chat, the Live now list. Only caches already held are
 * touched; a screen that opens later fetches the truth. `live:offer` and
 * `live:republished` are about this tab's media only and change nothing here.
 */
export function applyLiveEvent(queryClient: QueryClient, event: LiveHubEvent): void {
  /**
   * An answer still on its way was read before this change (a viewer's page
   * asks for the stream and starts watching at once): it would land after the
   * event and undo it, so it is asked again instead.
   */
  const askAgainIfInFlight = (queryKey: readonly unknown[]) => {
    if (queryClient.getQueryState(queryKey)?.fetchStatus !== 'fetching') return;
    // Cancelled first: a query without data yet would otherwise join the request in flight instead of asking again.
    void queryClient.cancelQueries({ queryKey, exact: true }).then(() => queryClient.refetchQueries({ queryKey, exact: true, type: 'active' }));
  };
  switch (event.name) {
    case 'live:viewers': {
      const { streamId, viewers } = event.payload;
      askAgainIfInFlight(liveKeys.stream(streamId));
      queryClient.setQueryData<LiveStreamResponse>(liveKeys.stream(streamId), (held) =>
        held && held.stream.state === 'live'
          ? { stream: { ...held.stream, viewers, peakViewers: Math.max(held.stream.peakViewers, viewers) } }
          : held,
      );
      queryClient.setQueryData<LiveNowResponse>(liveKeys.now(), (held) =>
        held ? { streams: held.streams.map((stream) => (stream.id === streamId ? { ...stream, viewers } : stream)) } : held,
      );
      return;
    }
    case 'live:chat': {
      const { streamId, message } = event.payload;
      askAgainIfInFlight(liveKeys.chat(streamId));
      queryClient.setQueryData<LiveChatResponse>(liveKeys.chat(streamId), (held) => {
        if (!held || held.messages.some((known) => known.id === message.id)) return held;
        return { ...held, messages: [...held.messages, message].slice(-LIVE_CHAT_HISTORY) };
      });
      return;
    }
    case 'live:chat-removed': {
      const { streamId, messageId } = event.payload;
      askAgainIfInFlight(liveKeys.chat(streamId));
      queryClient.setQueryData<LiveChatResponse>(liveKeys.chat(streamId), (held) =>
        held ? { ...held, messages: held.messages.filter((message) => message.id !== messageId) } : held,
      );
      return;
    }
    case 'live:muted': {
      const { streamId, until } = event.payload;
      askAgainIfInFlight(liveKeys.chat(streamId));
      queryClient.setQueryData<LiveChatResponse>(liveKeys.chat(streamId), (held) => (held ? { ...held, mutedUntil: until } : held));
      return;
    }
    case 'live:ended': {
      const { streamId, reason } = event.payload;
      // `removed` ends watching for this member only: the stream goes on for others, so only the list forgets it here.
      if (reason !== 'removed') {
        queryClient.setQueryData<LiveStreamResponse>(liveKeys.stream(streamId), (held) =>
          held && held.stream.state === 'live'
            ? { stream: { ...held.stream, state: 'ended', viewers: 0, endReason: reason, endedAt: new Date().toISOString() } }
            : held,
        );
      }
      queryClient.setQueryData<LiveNowResponse>(liveKeys.now(), (held) =>
        held ? { streams: held.streams.filter((stream) => stream.id !== streamId) } : held,
      );
      void queryClient.invalidateQueries({ queryKey: liveKeys.now() });
      return;
    }
    case 'live:gift': {
      const { streamId } = event.payload;
      askAgainIfInFlight(giftKeys.stream(streamId));
      queryClient.setQueryData<StreamGiftsResponse>(giftKeys.stream(streamId), (held) => (held ? withArrivedGift(held, event.payload, RECENT_GIFTS) : held));
      return;
    }
    case 'live:offer':
    case 'live:republished':
      return;
  }
}
