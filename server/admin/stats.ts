import type { AdminStats } from '../../contract/admin/console';
import type { OrbitDatabase } from '../db/types';
import { memberCounts, revenueSums } from './queries/stats';

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

/**
 * The dashboard figures, counted and summed by the database in two
 * aggregate queries: no user or purchase rows are loaded.
 */
export async function readAdminStats(db: OrbitDatabase, now: Date): Promise<AdminStats> {
  const activeSince = new Date(now.getTime() - ACTIVE_WINDOW_DAYS * DAY_MS);
  const periods = revenuePeriods(now);

  const userCounts = await memberCounts(db, activeSince, now);
  const revenue = await revenueSums(db, periods, now);
  // A currency appears in a period only when something was paid in it then.
  const paidIn = (period: 'today' | 'thisWeek' | 'thisMonth') =>
    revenue.filter((row) => row[period] > 0).map((row) => ({ amountMinor: row[period], currency: row.currency }));

  return {
    users: {
      total: Number(userCounts?.total ?? 0),
      active: Number(userCounts?.active ?? 0),
      vip: Number(userCounts?.vip ?? 0),
      banned: Number(userCounts?.banned ?? 0),
    },
    revenue: { today: paidIn('today'), thisWeek: paidIn('thisWeek'), thisMonth: paidIn('thisMonth') },
  };
}
