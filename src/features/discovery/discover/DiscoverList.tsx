import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { discoverPagesReachable } from '../../../../contract/constants';
import { discoverQueryOptions, type DiscoverFilters } from '../../../api/discovery';
import { Card, EmptyState, ErrorState, Grid, Pagination, Skeleton, Stack, Text } from '../../../ui';
import { DEMO_PEOPLE_NOTE } from '../../members/DemoBadge';
import { DISCOVER_PAGE_SIZE } from './discover-search';
import { PersonCard } from './PersonCard';
import { PhotoFrame } from '../matches/MatchCard';

/** The loading placeholder and the list share one layout, so nothing moves when the people arrive. */
const PEOPLE_GRID = { gap: 4, tabletColumns: 2, desktopColumns: 3 } as const;

const countFormat = new Intl.NumberFormat();

/** '1 person found', '30 people found', or '1,000+ people found' when the server stopped counting. */
function foundText(total: number, exact: boolean): string {
  const people = total === 1 && exact ? 'person' : 'people';
  return `${countFormat.format(total)}${exact ? '' : '+'} ${people} found`;
}

const pagesKnownSoFar = (page: number, totalPages: number) => `Page ${page} of ${totalPages}+`;

export function LoadingGrid() {
  return (
    <Grid {...PEOPLE_GRID} aria-label="Loading people" aria-busy="true">
      {Array.from({ length: 6 }, (_, index) => (
        <li key={index}>
          <Card>
            <Stack gap={3}>
              <PhotoFrame>
                <Skeleton shape="block" height="100%" />
              </PhotoFrame>
              <Skeleton width="60%" />
              <Skeleton width="80%" />
            </Stack>
          </Card>
        </li>
      ))}
    </Grid>
  );
}

export interface DiscoverListProps {
  filters: DiscoverFilters;
  page: number;
  onPageChange: (page: number) => void;
  alert?: (message: string) => void;
}

/** Discover's List View: the server's filtered page of people. */
export function DiscoverList({ filters, page, onPageChange, alert }: DiscoverListProps) {
  const people = useQuery({ ...discoverQueryOptions({ ...filters, page, limit: DISCOVER_PAGE_SIZE }), placeholderData: keepPreviousData });

  if (people.isPending) return <LoadingGrid />;
  if (people.isError) {
    return <ErrorState title="Error Loading Users" text={people.error.message} action={{ label: 'Try Again', onClick: () => void people.refetch() }} />;
  }
  const { users, totalPages, total, totalIsExact } = people.data;
  // Discover never pages deeper than DISCOVER_MAX_DEPTH people, counted or not.
  const morePagesMayFollow = !totalIsExact && totalPages < discoverPagesReachable(DISCOVER_PAGE_SIZE);
  if (users.length === 0) {
    return <EmptyState title="No users found" text="Try other filters, or check back when more people join." />;
  }
  return (
    <Stack gap={4}>
      <Text tone="muted" size="sm" role="status">
        {foundText(total, totalIsExact)}
      </Text>
      {users.some((person) => person.isDemo) ? (
        <Text tone="muted" size="sm">
          {DEMO_PEOPLE_NOTE}
        </Text>
      ) : null}
      <Grid {...PEOPLE_GRID} aria-label="People" aria-busy={people.isPlaceholderData}>
        {users.map((person, index) => (
          <li key={person.id}>
            {/* The first row is on screen at once on any width: its photos load with the page. */}
            <PersonCard person={person} alert={alert} eagerPhoto={index < 3} />
          </li>
        ))}
      </Grid>
      {totalPages > 1 ? (
        <Pagination page={page} totalPages={totalPages} onChange={onPageChange} label="People pages" format={morePagesMayFollow ? pagesKnownSoFar : undefined} />
      ) : null}
    </Stack>
  );
}
