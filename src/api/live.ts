import { keepPreviousData, queryOptions } from '@tanstack/react-query';
// Types only: the contract's schemas (and zod) stay out of the screens' code.
import type {
  AdminStreamsResponse,
  GoLiveBody,
  GoLiveResponse,
  LiveChatResponse,
  LiveNowResponse,
  LiveStream,
  LiveStreamResponse,
} from '../../contract/live';
import { ApiError, apiRequest } from './client';

/**
 * Live streams' server state (docs/LIVE-STREAMS.md): who is live, one
 * stream, its chat, and the admin list. The realtime channel's `live:*`
 * events keep these caches current (src/realtime/live-cache.ts); media and
 * watching go over the realtime channel, not here.
 */

export interface AdminStreamsParams {
  state: 'live' | 'all';
  page: number;
}

export const liveKeys = {
  all: ['live'] as const,
  now: () => ['live', 'now'] as const,
  stream: (streamId: string) => ['live', 'stream', streamId] as const,
  chat: (streamId: string) => ['live', 'chat', streamId] as const,
  adminAll: () => ['admin', 'streams'] as const,
  admin: (params: AdminStreamsParams) => ['admin', 'streams', params] as const,
};

/** Visitors have no socket: the Live now list is asked again this often while shown. */
export const LIVE_NOW_REFRESH_MS = 15_000;

/** GET /live/streams (visitors too): who is live now, most watched first. */
export const liveNowQueryOptions = () =>
  queryOptions({
    queryKey: liveKeys.now(),
    queryFn: ({ signal }) => apiRequest<LiveNowResponse>('/live/streams', { fallbackMessage: 'Failed to load live streams', signal }),
    staleTime: 5_000,
    refetchInterval: LIVE_NOW_REFRESH_MS,
  });

/** GET /live/streams/:streamId (visitors too): one stream, live or ended. */
export const liveStreamQueryOptions = (streamId: string) =>
  queryOptions({
    queryKey: liveKeys.stream(streamId),
    queryFn: ({ signal }) =>
      apiRequest<LiveStreamResponse>(`/live/streams/${encodeURIComponent(streamId)}`, { fallbackMessage: 'Failed to load this stream', signal }),
    // Kept fresh by `live:viewers` and `live:ended` while watching or hosting.
    staleTime: 30_000,
    // A 404 will not change by asking again.
    retry: (failures, error) => failures < 2 && !(error instanceof ApiError && error.status === 404),
  });

/** GET /live/streams/:streamId/chat (members): the recent chat and whether the member is muted; `live:chat` events append. */
export const liveChatQueryOptions = (streamId: string) =>
  queryOptions({
    queryKey: liveKeys.chat(streamId),
    queryFn: ({ signal }) =>
      apiRequest<LiveChatResponse>(`/live/streams/${encodeURIComponent(streamId)}/chat`, { fallbackMessage: 'Failed to load the chat', signal }),
    staleTime: Infinity,
  });

/** GET /admin/streams: live streams, or all, newest first. */
export const adminStreamsQueryOptions = (params: AdminStreamsParams) =>
  queryOptions({
    queryKey: liveKeys.admin(params),
    queryFn: ({ signal }) =>
      apiRequest<AdminStreamsResponse>('/admin/streams', {
        query: { state: params.state, page: params.page },
        fallbackMessage: 'Failed to fetch streams',
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** POST /live/streams: go live with the host's complete offer; the answer sets up the media. */
export const goLive = (body: GoLiveBody) =>
  apiRequest<GoLiveResponse>('/live/streams', { method: 'POST', body, fallbackMessage: 'Could not start the stream' });

/** POST /live/streams/:streamId/publish: a fresh connection after the host's failed. */
export const republishStream = (streamId: string, offer: string) =>
  apiRequest<{ answer: string }>(`/live/streams/${encodeURIComponent(streamId)}/publish`, {
    method: 'POST',
    body: { offer },
    fallbackMessage: 'Could not reconnect the stream',
  });

/** POST /live/streams/:streamId/end (the host). */
export const endStream = (streamId: string) =>
  apiRequest<{ stream: LiveStream }>(`/live/streams/${encodeURIComponent(streamId)}/end`, { method: 'POST', fallbackMessage: 'Could not end the stream' });

/** POST /admin/streams/:streamId/end (an admin). */
export const adminEndStream = (streamId: string) =>
  apiRequest<{ stream: LiveStream }>(`/admin/streams/${encodeURIComponent(streamId)}/end`, { method: 'POST', fallbackMessage: 'Failed to end stream' });
