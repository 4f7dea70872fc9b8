import { eq, sql } from 'drizzle-orm';
import { purchases, users } from '../../db/schema';
import type { OrbitDatabase } from '../../db/types';

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** Members in all, seen since `activeSince`, VIP now, and banned: one aggregate query, no rows loaded. */
export async function memberCounts(db: OrbitDatabase, activeSince: Date, now: Date) {
  const [userCounts] = await db
    .select({
      total: sql<number>`count(*)::int`,
      active: sql<number>`(count(*) filter (where ${users.lastSeenAt} >= ${at(activeSince)}))::int`,
      vip: sql<number>`(count(*) filter (where ${users.isVip} and (${users.vipUntil} is null or ${users.vipUntil} > ${at(now)})))::int`,
      banned: sql<number>`(count(*) filter (where ${users.isBanned}))::int`,
    })
    .from(users)
    .where(eq(users.role, 'user'));
  return userCounts;
}

/** Revenue since the start of today, the week and the month (numeric text, so cents stay exact): one aggregate query. */
export async function revenueSums(db: OrbitDatabase, periods: { today: Date; week: Date; month: Date }, now: Date) {
  // The week can start in the previous month, so each period has its own filter.
  const [revenue] = await db
    .select({
      today: sql<string | null>`(sum(${purchases.amount}) filter (where ${purchases.createdAt} >= ${at(periods.today)}))::text`,
      thisWeek: sql<string | null>`(sum(${purchases.amount}) filter (where ${purchases.createdAt} >= ${at(periods.week)}))::text`,
      thisMonth: sql<string | null>`(sum(${purchases.amount}) filter (where ${purchases.createdAt} >= ${at(periods.month)}))::text`,
    })
    .from(purchases)
    .where(sql`${purchases.createdAt} >= least(${at(periods.week)}, ${at(periods.month)}) and ${purchases.createdAt} <= ${at(now)}`);
  return revenue;
}
