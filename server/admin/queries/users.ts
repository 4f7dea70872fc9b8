import { and, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { AdminUserFilter } from '../../../contract/admin/console';
import { users } from '../../db/schema';
import type { OrbitDatabase } from '../../db/types';

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

/** One page of member accounts (never admins), newest first, matching `pattern` on username or email; and how many match. */
export async function memberPageRows(db: OrbitDatabase, pattern: string | undefined, filter: AdminUserFilter, window: { limit: number; offset: number }, now: Date) {
  const where = and(
    eq(users.role, 'user'),
    pattern ? or(ilike(users.username, pattern), ilike(users.email, pattern)) : undefined,
    filterCondition(filter, now),
  );
  const [counted] = await db.select({ total: sql<number>`count(*)::int` }).from(users).where(where);
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(window.limit)
    .offset(window.offset);

  return { rows, total: Number(counted?.total ?? 0) };
}
