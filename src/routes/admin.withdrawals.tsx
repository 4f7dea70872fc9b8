import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { withdrawalStatusSchema } from '../../contract/admin';
import { adminWithdrawalsQueryOptions } from '../api/admin';
import { WithdrawalsScreen } from '../features/admin/withdrawals/WithdrawalsScreen';

const withdrawalsSearchSchema = z.object({
  page: z.coerce.number().int().min(1).optional().catch(undefined),
  status: withdrawalStatusSchema.optional().catch(undefined),
});

export const Route = createFileRoute('/admin/withdrawals')({
  validateSearch: withdrawalsSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(adminWithdrawalsQueryOptions({ page: deps.page ?? 1, ...(deps.status ? { status: deps.status } : {}) }));
  },
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
