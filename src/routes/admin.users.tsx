import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { adminUserFilterSchema } from '../../contract/admin';
import { adminUsersQueryOptions } from '../api/admin';
import { ManageUsersScreen } from '../features/admin/users/ManageUsersScreen';

const usersSearchSchema = z.object({
  page: z.coerce.number().int().min(1).optional().catch(undefined),
  search: z.string().trim().max(100).optional().catch(undefined),
  filter: adminUserFilterSchema.optional().catch(undefined),
});

export const Route = createFileRoute('/admin/users')({
  validateSearch: usersSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(adminUsersQueryOptions({ page: deps.page ?? 1, filter: deps.filter ?? 'all', ...(deps.search ? { search: deps.search } : {}) }));
  },
  component: ManageUsersRoute,
});

function ManageUsersRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <ManageUsersScreen
      params={{ page: search.page ?? 1, filter: search.filter ?? 'all', ...(search.search ? { search: search.search } : {}) }}
      onParamsChange={(next) =>
        void navigate({
          search: { page: next.page > 1 ? next.page : undefined, search: next.search || undefined, filter: next.filter === 'all' ? undefined : next.filter },
        })
      }
    />
  );
}
