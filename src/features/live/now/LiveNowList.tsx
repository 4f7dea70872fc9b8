import { useQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import { liveNowQueryOptions } from '../../../api/live';
import { EmptyState, ErrorState, Heading, px, VisuallyHidden } from '../../../ui';
import { LiveNowCards, LiveNowCardsSkeleton } from './LiveNowCards';

/** Placeholder cards while the list loads. */
const SKELETON_CARDS = 4;

export const LIVE_NOW_EMPTY_TEXT = 'No one is live right now.';

export interface LiveNowListProps {
  /** 2 where the list is a part of a page with an h1 (/live-stream); 3 when nested deeper. */
  headingLevel?: 2 | 3;
}

/**
 * "Live now" (issue 39): who is streaming, most watched first, each card a
 * link to the stream's page. For visitors too, who have no realtime socket:
 * the query asks again every LIVE_NOW_REFRESH_MS and when the tab regains
 * focus (liveNowQueryOptions), and members' `live:*` events patch it between.
 */
export function LiveNowList({ headingLevel = 2 }: LiveNowListProps) {
  const live = useQuery(liveNowQueryOptions());
  const stateHeadingLevel = headingLevel === 2 ? 3 : 4;

  return (
    <Section aria-label="Live now" aria-busy={live.isPending}>
      <Heading level={headingLevel} size="lg">
        Live now
      </Heading>
      {live.isPending ? (
        <>
          <VisuallyHidden role="status">Loading live streams</VisuallyHidden>
          <LiveNowCardsSkeleton count={SKELETON_CARDS} />
        </>
      ) : live.data ? (
        // A failed refresh keeps the last list: it is seconds old, and the next refresh may well work.
        live.data.streams.length > 0 ? (
          <LiveNowCards streams={live.data.streams} />
        ) : (
          <Quiet title={LIVE_NOW_EMPTY_TEXT} text="Streams show up here the moment someone goes live." headingLevel={stateHeadingLevel} />
        )
      ) : (
        <ErrorState
          title="Couldn't load who is live"
          text={live.error?.message}
          headingLevel={stateHeadingLevel}
          action={{ label: live.isFetching ? 'Trying again…' : 'Try Again', onClick: () => void live.refetch() }}
        />
      )}
    </Section>
  );
}

const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => px(theme.space[4])};
  min-width: 0;
`;

const Quiet = styled(EmptyState)`
  padding-block: ${({ theme }) => px(theme.space[6])};
  border: 1px dashed ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => px(theme.radii.card)};
`;
