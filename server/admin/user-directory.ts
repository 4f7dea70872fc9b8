import type { AdminUser, AdminUserFilter } from '../../contract/admin/console';
import type { UserRow } from '../db/schema';
import { findAccountById } from '../auth/queries/accounts';
import type { OrbitDatabase } from '../db/types';
import { HttpError } from '../plugins/errors';
import { containsPattern, pageWindow, totalPagesFor } from './paging';
import { memberPageRows } from './queries/users';
import { toAdminUser } from './views';

export const USER_NOT_FOUND = 'User not found';

export interface UserSearch {
  page: number;
  limit: number;
  search?: string | undefined;
  filter: AdminUserFilter;
}

export interface UserPage {
  users: AdminUser[];
  currentPage: number;
  totalPages: number;
  total: number;
}

/** Member accounts (never admins), newest first, searched on username and email. */
export async function searchUsers(db: OrbitDatabase, query: UserSearch, now: Date): Promise<UserPage> {
  const search = query.search?.trim();
  const pattern = search ? containsPattern(search) : undefined;
  const { rows, total } = await memberPageRows(db, pattern, query.filter, pageWindow(query.page, query.limit), now);
  return {
    users: rows.map((row) => toAdminUser(row, now)),
    currentPage: query.page,
    totalPages: totalPagesFor(total, query.limit),
    total,
  };
}

/** The account with this id, or a 404 the operator can read. */
export async function findUserOr404(db: OrbitDatabase, id: string): Promise<UserRow> {
  const row = await findAccountById(db, id);
  if (!row) throw new HttpError(404, USER_NOT_FOUND);
  return row;
}
