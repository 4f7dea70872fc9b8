import styled from 'styled-components';
import type { AdminStats } from '../../../../contract/admin/console';
import type { Money } from '../../../../contract/store/money';
import { Heading, px, Skeleton } from '../../../ui';
import { formatCount, formatCurrency } from '../shared/format';

type Accent = 'purple' | 'pink' | 'blue' | 'green';

interface Figure {
  label: string;
  value: string;
  hint: string;
  accent: Accent;
}

function userFigures(users: AdminStats['users']): Figure[] {
  return [
    { label: 'Total Users', value: formatCount(users.total), hint: 'Member accounts', accent: 'purple' },
    { label: 'Active Users', value: formatCount(users.active), hint: 'Seen in the last 7 days', accent: 'green' },
    { label: 'VIP Users', value: formatCount(users.vip), hint: 'Membership not expired', accent: 'pink' },
    { label: 'Banned Users', value: formatCount(users.banned), hint: 'Cannot sign in', accent: 'blue' },
  ];
}

/** A period with no purchases has no currency to show its zero in; the catalogue is priced in US dollars by default. */
const NOTHING_PAID_CURRENCY = 'USD';

/** One sum per currency paid in, never added across currencies: '$12.00 + €3.00'. */
function formatRevenue(amounts: readonly Money[]): string {
  if (amounts.length === 0) return formatCurrency({ amountMinor: 0, currency: NOTHING_PAID_CURRENCY });
  return amounts.map((amount) => formatCurrency(amount)).join(' + ');
}

function revenueFigures(revenue: AdminStats['revenue']): Figure[] {
  return [
    { label: 'Revenue Today', value: formatRevenue(revenue.today), hint: 'Since midnight (UTC)', accent: 'green' },
    { label: 'Revenue This Week', value: formatRevenue(revenue.thisWeek), hint: 'Since Monday (UTC)', accent: 'purple' },
    { label: 'Revenue This Month', value: formatRevenue(revenue.thisMonth), hint: 'Since the 1st (UTC)', accent: 'pink' },
  ];
}

/** The SPEC's dashboard cards: four user counts, then revenue for three periods. */
export function StatCards({ stats }: { stats: AdminStats }) {
  return (
    <>
      <FigureGroup title="Users" figures={userFigures(stats.users)} />
      <FigureGroup title="Revenue" figures={revenueFigures(stats.revenue)} />
    </>
  );
}

function FigureGroup({ title, figures }: { title: string; figures: Figure[] }) {
  return (
    <Group>
      <Heading level={2} size="lg">
        {title}
      </Heading>
      <Grid>
        {figures.map((figure) => (
          <FigureCard key={figure.label} $accent={figure.accent}>
            <dt>{figure.label}</dt>
            <dd>
              <strong>{figure.value}</strong>
              <span>{figure.hint}</span>
            </dd>
          </FigureCard>
        ))}
      </Grid>
    </Group>
  );
}

/** Placeholders shaped like the cards while the figures load. */
export function StatCardsSkeleton() {
  return (
    <Grid as="div" aria-hidden="true">
      {Array.from({ length: 7 }, (_, index) => (
        <FigureCard as="div" key={index} $accent="purple">
          <Skeleton width="60%" />
          <Skeleton width="40%" height={28} />
        </FigureCard>
      ))}
    </Grid>
  );
}

const Group = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => px(theme.space[3])};
`;

const Grid = styled.dl`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${({ theme }) => px(theme.space[3])};
  margin: 0;

  ${({ theme }) => theme.media.tablet} {
    grid-template-columns: repeat(4, minmax(0, 1fr));
    gap: ${({ theme }) => px(theme.space[4])};
  }
`;

const FigureCard = styled.div<{ $accent: Accent }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => px(theme.space[2])};
  min-width: 0;
  padding: ${({ theme }) => px(theme.space[4])};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-top: ${({ theme }) => px(theme.space[1])} solid ${({ theme, $accent }) => theme.colors[$accent]};
  border-radius: ${({ theme }) => px(theme.radii.card)};
  box-shadow: ${({ theme }) => theme.shadows.card};

  dt {
    color: ${({ theme }) => theme.colors.neutralText};
    font-size: ${({ theme }) => px(theme.font.sizes.sm)};
    font-weight: ${({ theme }) => theme.font.weights.semibold};
  }

  dd {
    display: flex;
    flex-direction: column;
    gap: ${({ theme }) => px(theme.space[1])};
    margin: 0;
  }

  strong {
    font-size: ${({ theme }) => px(theme.font.sizes.xl)};
    font-weight: ${({ theme }) => theme.font.weights.bold};
    font-variant-numeric: tabular-nums;
    overflow-wrap: anywhere;

    ${({ theme }) => theme.media.tablet} {
      font-size: ${({ theme }) => px(theme.font.sizes.xxl)};
    }
  }

  dd span {
    color: ${({ theme }) => theme.colors.muted};
    font-size: ${({ theme }) => px(theme.font.sizes.xs)};
  }
`;
