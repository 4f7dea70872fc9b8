import { and, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { AdminUser, AdminUserFilter } from '../../contract/admin';
import { users, type UserRow } from '../db/schema';
import type { OrbitDatabase } from '../db/types';
import { HttpError } from '../plugins/errors';
import { containsPattern, pageWindow, totalPagesFor } from './paging';
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

function filterCondition(filter: AdminUserFilter, now: Date): SQL | undefined {
  switch (filter) {
    case 'banned':
      return eq(users.isBanned, true);
    case 'vip':
      return sql`${users.isVip} and (${users.vipUntil} is null or ${users.vipUntil} > ${now.toISOString()}::timestamptz)`;
    case 'all':
      return undefined;
  }
}

/** Member accounts (never admins), newest first, searched on username and email. */
export async function searchUsers(db: OrbitDatabase, query: UserSearch, now: Date): Promise<UserPage> {
  const search = query.search?.trim();
  const pattern = search ? containsPattern(search) : undefined;
  const where = and(
    eq(users.role, 'user'),
    pattern ? or(ilike(users.username, pattern), ilike(users.email, pattern)) : undefined,
    filterCondition(query.filter, now),
  );
  const window = pageWindow(query.page, query.limit);

  const [counted] = await db.select({ total: sql<number>`count(*)::int` }).from(users).where(where);
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(window.limit)
    .offset(window.offset);

  const total = Number(counted?.total ?? 0);
  return {
    users: rows.map((row) => toAdminUser(row, now)),
    currentPage: query.page,
    totalPages: totalPagesFor(total, query.limit),
    total,
  };
}

/** The account with this id, or a 404 the operator can read. */
export async function findUserOr404(db: OrbitDatabase, id: string): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!row) throw new HttpError(404, USER_NOT_FOUND);
  return row;
}
