import { createFileRoute } from '@tanstack/react-router';
import type { ReportStatus } from '../../contract/admin/reports';
import { adminReportsQueryOptions } from '../api/admin/reports';
import { choiceDataReady } from '../lib/page-data';
import { optionalChoice, optionalInteger, searchReader } from '../search-params';
import { ReportsScreen } from '../features/admin/reports/ReportsScreen';

// Spelled out rather than imported: contract/safety builds zod schemas, and
// validateSearch stays in the route tree that every page loads (issue 8).
const REPORT_STATUSES = ['open', 'resolved'] as const satisfies readonly ReportStatus[];

const readReportsSearch = searchReader((search) => ({
  page: optionalInteger(search.page, 1),
  status: optionalChoice(search.status, REPORT_STATUSES),
}));

export const Route = createFileRoute('/admin/reports')({
  staticData: { pageTitle: 'Member reports' },
  validateSearch: readReportsSearch,
  loaderDeps: ({ search }) => search,
  // The queue the screen reads, with the same params: opening the page waits for it (see choiceDataReady).
  loader: ({ context, deps, cause }) => choiceDataReady(context.queryClient, cause, adminReportsQueryOptions({ page: deps.page ?? 1, status: deps.status ?? 'open' })),
  component: ReportsRoute,
});

function ReportsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <ReportsScreen
      params={{ page: search.page ?? 1, status: search.status ?? 'open' }}
      // Open is the usual view: its address stays /admin/reports.
      onParamsChange={(next) => void navigate({ search: { page: next.page > 1 ? next.page : undefined, status: next.status === 'open' ? undefined : next.status } })}
    />
  );
}
