import { desc, eq, inArray } from 'drizzle-orm';
import type { ActivityEntry } from '../../contract/admin';
import { idSchema } from '../../contract/common';
import { adminAuditLog, blogPosts, coinPacks, gifts, userReports, users, vipPlans, withdrawals } from '../db/schema';
import type { OrbitDatabase } from '../db/types';

type NameLookup = (db: OrbitDatabase, ids: string[]) => Promise<Array<{ id: string; name: string }>>;

// How each kind of target is named in the feed: a person by username, an
// item by its name, a withdrawal by whose it is, a report by whom it is about.
const nameLookups: Record<string, NameLookup> = {
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

/** One query per kind of target present, rather than one per entry. */
async function targetNames(db: OrbitDatabase, entries: Array<{ targetType: string; targetId: string }>): Promise<Map<string, string>> {
  const idsByType = new Map<string, Set<string>>();
  for (const entry of entries) {
    // Settings are keyed by name, not uuid; such targets keep their id as the name.
    if (!nameLookups[entry.targetType] || !idSchema.safeParse(entry.targetId).success) continue;
    const ids = idsByType.get(entry.targetType) ?? new Set<string>();
    ids.add(entry.targetId);
    idsByType.set(entry.targetType, ids);
  }
  const names = new Map<string, string>();
  for (const [type, ids] of idsByType) {
    const lookup = nameLookups[type];
    if (!lookup) continue;
    for (const row of await lookup(db, [...ids])) names.set(`${type}:${row.id}`, row.name);
  }
  return names;
}

/** The newest audit-log entries, each with who acted and what the target is called now. */
export async function readRecentActivity(db: OrbitDatabase, limit: number): Promise<ActivityEntry[]> {
  const rows = await db
    .select({ entry: adminAuditLog, adminName: users.username })
    .from(adminAuditLog)
    .leftJoin(users, eq(users.id, adminAuditLog.adminId))
    .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
    .limit(limit);
  const names = await targetNames(db, rows.map((row) => row.entry));
  return rows.map(({ entry, adminName }) => ({
    _id: entry.id,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    targetName: names.get(`${entry.targetType}:${entry.targetId}`) ?? (nameLookups[entry.targetType] ? null : entry.targetId),
    details: entry.details,
    admin: entry.adminId && adminName ? { _id: entry.adminId, username: adminName } : null,
    createdAt: entry.createdAt.toISOString(),
  }));
}
