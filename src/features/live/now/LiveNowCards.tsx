import styled from 'styled-components';
import type { LiveStream } from '../../../../contract/live';
import { px, theme as tokens } from '../../../ui';
import { LIVE_CARD_MAX_WIDTH, LiveNowCard, LiveNowCardSkeleton } from './LiveNowCard';

/** The narrowest a card gets: two fit side by side on a 390 px phone. */
const LIVE_CARD_MIN_WIDTH = tokens.space[16] * 2.5;

export interface LiveNowCardsProps {
  streams: LiveStream[];
  /** Centred rows (Home's marketing bands) rather than rows from the start (a screen's column). */
  centered?: boolean;
  eagerImages?: boolean;
}

/**
 * Live streams as rows of equal cards, as many columns as fit: the same list
 * fits Home's full width and a column beside the Go Live set-up. The rows are
 * no wider than the cards need, so one stream is one card, not a banner.
 */
export function LiveNowCards({ streams, centered = false, eagerImages = false }: LiveNowCardsProps) {
  return (
    <CardRow $centered={centered} $count={streams.length}>
      {streams.map((stream) => (
        <li key={stream.id}>
          <LiveNowCard stream={stream} eagerImage={eagerImages} />
        </li>
      ))}
    </CardRow>
  );
}

/** The list's shape while it loads; the caller marks its region busy and names what is loading. */
export function LiveNowCardsSkeleton({ count, centered = false }: { count: number; centered?: boolean }) {
  return (
    <CardRow $centered={centered} $count={count} aria-hidden="true">
      {Array.from({ length: count }, (_, index) => (
        <li key={index}>
          <LiveNowCardSkeleton />
        </li>
      ))}
    </CardRow>
  );
}

const CardRow = styled.ul<{ $centered: boolean; $count: number }>`
  display: grid;
  /* auto-fit: columns with no card collapse, so a few cards share the row. */
  grid-template-columns: repeat(auto-fit, minmax(min(100%, ${px(LIVE_CARD_MIN_WIDTH)}), 1fr));
  gap: ${({ theme }) => px(theme.space[3])};
  width: 100%;
  max-width: ${({ theme, $count }) => px($count * LIVE_CARD_MAX_WIDTH + ($count - 1) * theme.space[4])};
  margin: 0 ${({ $centered }) => ($centered ? 'auto' : '0')};
  padding: 0;
  list-style: none;

  ${({ theme }) => theme.media.tablet} {
    gap: ${({ theme }) => px(theme.space[4])};
  }
`;
