import type { QueryClient } from '@tanstack/react-query';
import type { AdminUser, AdminUserListResponse } from '../../../../contract/admin/console';
import { adminKeys } from '../../../api/admin/console';

/**
 * Puts the changed account into every cached page of the users table, so the
 * row updates in place, and marks the dashboard figures and activity stale.
 */
export function applyUserChange(queryClient: QueryClient, user: AdminUser): void {
  queryClient.setQueriesData<AdminUserListResponse>({ queryKey: adminKeys.usersAll() }, (page) =>
    page ? { ...page, users: page.users.map((row) => (row._id === user._id ? user : row)) } : page,
  );
  void queryClient.invalidateQueries({ queryKey: adminKeys.stats() });
  void queryClient.invalidateQueries({ queryKey: adminKeys.activityAll() });
}
