import { useQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import { adminStatsQueryOptions } from '../../../api/admin/console';
import { loadedByRoute } from '../../../lib/page-data';
import { ErrorState, px, Spinner } from '../../../ui';
import { QuickActions } from './QuickActions';
import { ReconciliationPanel } from './ReconciliationPanel';
import { RecentActivity } from './RecentActivity';
import { StatCards, StatCardsSkeleton } from './StatCards';

/** SPEC section 2 Dashboard: cards, quick actions and recent activity, with loading and error states. */
export function DashboardPanel() {
  const stats = useQuery({ ...adminStatsQueryOptions(), ...loadedByRoute });

  return (
    <Layout>
      {stats.isPending ? (
        <Busy aria-busy="true">
          <Spinner label="Loading dashboard" />
          <StatCardsSkeleton />
        </Busy>
      ) : stats.isError ? (
        <ErrorState
          title="Error Loading Dashboard"
          text={stats.error.message}
          action={{ label: stats.isFetching ? 'Trying again…' : 'Try Again', onClick: () => void stats.refetch() }}
        />
      ) : (
        <StatCards stats={stats.data} />
      )}
      <QuickActions />
      <ReconciliationPanel />
      <RecentActivity />
    </Layout>
  );
}

const Layout = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => px(theme.space[8])};
`;

const Busy = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => px(theme.space[4])};

  & > :last-child {
    align-self: stretch;
  }
`;
