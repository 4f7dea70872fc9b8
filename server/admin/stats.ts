import { eq, sql } from 'drizzle-orm';
import type { AdminStats } from '../../contract/admin';
import { purchases, users } from '../db/schema';
import type { OrbitDatabase } from '../db/types';

const DAY_MS = 24 * 60 * 60 * 1000;
/** "Active" users were seen within this window (issue 4). */
export const ACTIVE_WINDOW_DAYS = 7;

/** Starts of the current UTC day, ISO week (Monday) and month: the revenue periods. */
export function revenuePeriods(now: Date): { today: Date; week: Date; month: Date } {
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const daysSinceMonday = (today.getUTCDay() + 6) % 7;
  const week = new Date(today.getTime() - daysSinceMonday * DAY_MS);
  const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  return { today, week, month };
}

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** Sums arrive as numeric text so cents stay exact until here. */
const money = (value: string | null) => Math.round(Number(value ?? 0) * 100) / 100;

/**
 * The dashboard figures, counted and summed by the database in two
 * aggregate queries: no user or purchase rows are loaded.
 */
export async function readAdminStats(db: OrbitDatabase, now: Date): Promise<AdminStats> {
  const activeSince = new Date(now.getTime() - ACTIVE_WINDOW_DAYS * DAY_MS);
  const periods = revenuePeriods(now);

  const [userCounts] = await db
    .select({
      total: sql<number>`count(*)::int`,
      active: sql<number>`(count(*) filter (where ${users.lastSeenAt} >= ${at(activeSince)}))::int`,
      vip: sql<number>`(count(*) filter (where ${users.isVip} and (${users.vipUntil} is null or ${users.vipUntil} > ${at(now)})))::int`,
      banned: sql<number>`(count(*) filter (where ${users.isBanned}))::int`,
    })
    .from(users)
    .where(eq(users.role, 'user'));

  // The week can start in the previous month, so each period has its own filter.
  const [revenue] = await db
    .select({
      today: sql<string | null>`(sum(${purchases.amount}) filter (where ${purchases.createdAt} >= ${at(periods.today)}))::text`,
      thisWeek: sql<string | null>`(sum(${purchases.amount}) filter (where ${purchases.createdAt} >= ${at(periods.week)}))::text`,
      thisMonth: sql<string | null>`(sum(${purchases.amount}) filter (where ${purchases.createdAt} >= ${at(periods.month)}))::text`,
    })
    .from(purchases)
    .where(sql`${purchases.createdAt} >= least(${at(periods.week)}, ${at(periods.month)}) and ${purchases.createdAt} <= ${at(now)}`);

  return {
    users: {
      total: Number(userCounts?.total ?? 0),
      active: Number(userCounts?.active ?? 0),
      vip: Number(userCounts?.vip ?? 0),
      banned: Number(userCounts?.banned ?? 0),
    },
    revenue: {
      today: money(revenue?.today ?? null),
      thisWeek: money(revenue?.thisWeek ?? null),
      thisMonth: money(revenue?.thisMonth ?? null),
    },
  };
}
