import type { QueryClient } from '@tanstack/react-query';
import { LIVE_CHAT_HISTORY, type LiveChatResponse, type LiveNowResponse, type LiveStreamResponse } from '../../contract/live';
import { liveKeys } from '../api/live';
import type { LiveHubEvent } from './hub';

/**
 * What a `live:*` event changes in TanStack Query's cache: the stream's
 * count and end, its chat, the Live now list. Only caches already held are
 * touched; a screen that opens later fetches the truth. `live:offer` and
 * `live:republished` are about this tab's media only and change nothing here.
 */
export function applyLiveEvent(queryClient: QueryClient, event: LiveHubEvent): void {
  switch (event.name) {
    case 'live:viewers': {
      const { streamId, viewers } = event.payload;
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
      queryClient.setQueryData<LiveChatResponse>(liveKeys.chat(streamId), (held) => {
        if (!held || held.messages.some((known) => known.id === message.id)) return held;
        return { ...held, messages: [...held.messages, message].slice(-LIVE_CHAT_HISTORY) };
      });
      return;
    }
    case 'live:chat-removed': {
      const { streamId, messageId } = event.payload;
      queryClient.setQueryData<LiveChatResponse>(liveKeys.chat(streamId), (held) =>
        held ? { ...held, messages: held.messages.filter((message) => message.id !== messageId) } : held,
      );
      return;
    }
    case 'live:muted': {
      const { streamId, until } = event.payload;
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
    case 'live:offer':
    case 'live:republished':
      return;
  }
}
