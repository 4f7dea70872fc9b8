import { queryOptions } from '@tanstack/react-query';
// Types only: the contract's schemas (and zod) stay out of the screens' code.
import type { GiftOffersResponse, LiveGiftEvent, StreamGiftsResponse } from '../../contract/gifts';
import { apiRequest } from './client';

// Gifts' server state (issue 49): what can be sent, and each stream's gifts
// and totals. Sending goes over the realtime channel (`live:gift`), and the
// `live:gift` event updates a stream's gifts here (src/realtime/live-cache.ts).

export const giftKeys = {
  offers: () => ['gifts', 'offers'] as const,
  stream: (streamId: string) => ['gifts', 'stream', streamId] as const,
};

/** GET /gifts: the gifts on offer; the admin changes them rarely. */
export const giftOffersQueryOptions = () =>
  queryOptions({
    queryKey: giftKeys.offers(),
    queryFn: ({ signal }) => apiRequest<GiftOffersResponse>('/gifts', { fallbackMessage: 'Failed to load gifts', signal }),
    staleTime: 5 * 60_000,
  });

/** GET /live/streams/:streamId/gifts: the stream's totals and recent gifts; `live:gift` events add to them. */
export const streamGiftsQueryOptions = (streamId: string) =>
  queryOptions({
    queryKey: giftKeys.stream(streamId),
    queryFn: ({ signal }) =>
      apiRequest<StreamGiftsResponse>(`/live/streams/${encodeURIComponent(streamId)}/gifts`, { fallbackMessage: 'Failed to load the gifts', signal }),
    staleTime: Infinity,
  });

/**
 * A stream's gifts with one more that arrived: a sendId already held (a
 * retry announced again) changes nothing, and of two totals the one with more
 * gifts is the later (events may overtake each other).
 */
export function withArrivedGift(held: StreamGiftsResponse, event: LiveGiftEvent, keep: number): StreamGiftsResponse {
  const totals = event.totals.gifts >= held.totals.gifts ? event.totals : held.totals;
  if (held.recent.some((known) => known.sendId === event.gift.sendId)) return { ...held, totals };
  return { ...held, totals, recent: [...held.recent, event.gift].slice(-keep) };
}
