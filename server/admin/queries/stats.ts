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

/**
 * Revenue since the start of today, the week and the month, one row per
 * currency paid in (sums of cents as bigint, read as numbers: far below 2^53):
 * one aggregate query. Counted when paid, less what was refunded, and not at
 * all once a dispute of it is lost (the bank took the money back); checkouts
 * not (yet) paid and the local test provider's payments, where no money
 * moved, are not revenue.
 */
export async function revenueSums(db: OrbitDatabase, periods: { today: Date; week: Date; month: Date }, now: Date) {
  // The week can start in the previous month, so each period has its own filter.
  const sumSince = (since: Date) =>
    sql<number>`coalesce(sum(case when ${purchases.disputeStatus} = 'lost' then 0 else ${purchases.amountMinor} - ${purchases.refundedMinor} end) filter (where ${purchases.paidAt} >= ${at(since)}), 0)::bigint`.mapWith(
      Number,
    );
  return db
    .select({ currency: purchases.currency, today: sumSince(periods.today), thisWeek: sumSince(periods.week), thisMonth: sumSince(periods.month) })
    .from(purchases)
    .where(
      sql`${purchases.status} = 'paid' and ${purchases.provider} <> 'local' and ${purchases.paidAt} >= least(${at(periods.week)}, ${at(periods.month)}) and ${purchases.paidAt} <= ${at(now)}`,
    )
    .groupBy(purchases.currency)
    .orderBy(purchases.currency);
}
