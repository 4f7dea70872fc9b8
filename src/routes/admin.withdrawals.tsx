import { createFileRoute } from '@tanstack/react-router';
import { WITHDRAWAL_STATUSES } from '../../contract/constants';
import { adminWithdrawalsQueryOptions } from '../api/admin/console';
import { choiceDataReady } from '../lib/page-data';
import { optionalChoice, optionalInteger, searchReader } from '../search-params';
import { WithdrawalsScreen } from '../features/admin/withdrawals/WithdrawalsScreen';

const readWithdrawalsSearch = searchReader((search) => ({
  page: optionalInteger(search.page, 1),
  status: optionalChoice(search.status, WITHDRAWAL_STATUSES),
}));

export const Route = createFileRoute('/admin/withdrawals')({
  staticData: { pageTitle: 'Withdrawals' },
  validateSearch: readWithdrawalsSearch,
  loaderDeps: ({ search }) => search,
  // The list the screen reads, with the same params: opening the page waits for it (see choiceDataReady).
  loader: ({ context, deps, cause }) =>
    choiceDataReady(context.queryClient, cause, adminWithdrawalsQueryOptions({ page: deps.page ?? 1, ...(deps.status ? { status: deps.status } : {}) })),
  component: WithdrawalsRoute,
});

function WithdrawalsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <WithdrawalsScreen
      params={{ page: search.page ?? 1, ...(search.status ? { status: search.status } : {}) }}
      onParamsChange={(next) => void navigate({ search: { page: next.page > 1 ? next.page : undefined, status: next.status } })}
    />
  );
}
