import { useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import styled, { keyframes } from 'styled-components';
import type { GiftTotals, SentGift } from '../../../contract/gifts';
import { streamGiftsQueryOptions } from '../../api/gifts';
import { px } from '../../ui';
import { formatCoins as coinsText } from '../store/format';

/** The stream's gifts and totals, kept current by `live:gift`; `arrived` is the newest gift since the page opened. */
function useStreamGifts(streamId: string): { totals: GiftTotals | null; arrived: SentGift | null } {
  const data = useQuery(streamGiftsQueryOptions(streamId)).data;
  // Gifts already sent when the page opened are history, not news.
  const known = useRef<ReadonlySet<string> | null>(null);
  if (data && known.current === null) known.current = new Set(data.recent.map((gift) => gift.sendId));
  const newest = data?.recent.at(-1) ?? null;
  const arrived = newest && !known.current?.has(newest.sendId) ? newest : null;
  return { totals: data?.totals ?? null, arrived };
}

/** Over the picture, for the host and viewers alike: the gift that just arrived, with its sender (announced politely). */
export function GiftArrival({ streamId }: { streamId: string }) {
  const { arrived } = useStreamGifts(streamId);
  return (
    <Arrivals role="status" aria-live="polite" aria-label="Gifts arriving">
      {arrived ? (
        // Keyed by the send: each new gift plays its entrance again.
        <Arrival key={arrived.sendId}>
          <span aria-hidden="true">{arrived.gift.icon}</span> {arrived.sender.name} sent {arrived.gift.name}
        </Arrival>
      ) : null}
    </Arrivals>
  );
}

/** Under the picture: the stream's takings so far and its top gifters (the host reads it as their takings). */
export function GiftTotalsLine({ streamId, label }: { streamId: string; label: string }) {
  const { totals } = useStreamGifts(streamId);
  if (!totals) return null;
  const top = totals.topGifters.map((gifter) => `${gifter.name} (${coinsText(gifter.coins)})`).join(', ');
  return (
    <Line>
      <strong>{label}:</strong> {totals.gifts === 0 ? 'no gifts yet' : `${coinsText(totals.coins)} from ${totals.gifts} ${totals.gifts === 1 ? 'gift' : 'gifts'}`}
      {top ? <> · Top gifters: {top}</> : null}
    </Line>
  );
}

const enter = keyframes`
  0% { opacity: 0; transform: translateY(${px(8)}) scale(0.96); }
  8%, 85% { opacity: 1; transform: none; }
  100% { opacity: 0; }
`;

const Arrivals = styled.div`
  position: absolute;
  /* Under the LIVE badge and count, clear of the host's title at the bottom. */
  top: ${px(56)};
  left: ${({ theme }) => px(theme.space[3])};
  max-width: calc(100% - ${({ theme }) => px(theme.space[6])});
  pointer-events: none;
`;

const Arrival = styled.p`
  margin: 0;
  padding: ${({ theme }) => px(theme.space[2])} ${({ theme }) => px(theme.space[3])};
  border-radius: ${({ theme }) => px(theme.radii.pill)};
  background: ${({ theme }) => theme.colors.overlay};
  color: ${({ theme }) => theme.colors.onBrand};
  font-weight: ${({ theme }) => theme.font.weights.semibold};
  /* Fades after a few seconds; the text stays in the DOM for screen readers until the next gift. */
  animation: ${enter} 5s ease-out forwards;

  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;

const Line = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => px(theme.font.sizes.sm)};
`;
