import { desc, eq, inArray } from 'drizzle-orm';
import { adminAuditLog, blogPosts, coinPacks, gifts, userReports, users, vipPlans, withdrawals } from '../../db/schema';
import type { OrbitDatabase } from '../../db/types';

type NameLookup = (db: OrbitDatabase, ids: string[]) => Promise<Array<{ id: string; name: string }>>;

// How each kind of target is named in the feed: a person by username, an
// item by its name, a withdrawal by whose it is, a report by whom it is about.
export const targetNameLookups: Record<string, NameLookup> = {
  user: (db, ids) => db.select({ id: users.id, name: users.username }).from(users).where(inArray(users.id, ids)),
  withdrawal: (db, ids) =>
    db
      .select({ id: withdrawals.id, name: users.username })
      .from(withdrawals)
      .innerJoin(users, eq(users.id, withdrawals.userId))
      .where(inArray(withdrawals.id, ids)),
  gift: (db, ids) => db.select({ id: gifts.id, name: gifts.name }).from(gifts).where(inArray(gifts.id, ids)),
  coinPack: (db, ids) => db.select({ id: coinPacks.id, name: coinPacks.name }).from(coinPacks).where(inArray(coinPacks.id, ids)),
  vipPlan: (db, ids) => db.select({ id: vipPlans.id, name: vipPlans.name }).from(vipPlans).where(inArray(vipPlans.id, ids)),
  // The username the report was about, which the report keeps when that account is deleted.
  report: (db, ids) => db.select({ id: userReports.id, name: userReports.reportedUsername }).from(userReports).where(inArray(userReports.id, ids)),
  blogPost: (db, ids) => db.select({ id: blogPosts.id, name: blogPosts.title }).from(blogPosts).where(inArray(blogPosts.id, ids)),
};

/** The newest audit-log entries with the username of the admin who acted (gone when that account is). */
export async function recentAuditRows(db: OrbitDatabase, limit: number) {
  return db
    .select({ entry: adminAuditLog, adminName: users.username })
    .from(adminAuditLog)
    .leftJoin(users, eq(users.id, adminAuditLog.adminId))
    .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
    .limit(limit);
}
