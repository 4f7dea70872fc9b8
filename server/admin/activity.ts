import type { ActivityEntry } from '../../contract/admin/console';
import { idSchema } from '../../contract/common';
import type { OrbitDatabase } from '../db/types';
import { recentAuditRows, targetNameLookups } from './queries/activity';

/** One query per kind of target present, rather than one per entry. */
async function targetNames(db: OrbitDatabase, entries: Array<{ targetType: string; targetId: string }>): Promise<Map<string, string>> {
  const idsByType = new Map<string, Set<string>>();
  for (const entry of entries) {
    // Settings are keyed by name, not uuid; such targets keep their id as the name.
    if (!targetNameLookups[entry.targetType] || !idSchema.safeParse(entry.targetId).success) continue;
    const ids = idsByType.get(entry.targetType) ?? new Set<string>();
    ids.add(entry.targetId);
    idsByType.set(entry.targetType, ids);
  }
  const names = new Map<string, string>();
  for (const [type, ids] of idsByType) {
    const lookup = targetNameLookups[type];
    if (!lookup) continue;
    for (const row of await lookup(db, [...ids])) names.set(`${type}:${row.id}`, row.name);
  }
  return names;
}

/** The newest audit-log entries, each with who acted and what the target is called now. */
export async function readRecentActivity(db: OrbitDatabase, limit: number): Promise<ActivityEntry[]> {
  const rows = await recentAuditRows(db, limit);
  const names = await targetNames(db, rows.map((row) => row.entry));
  return rows.map(({ entry, adminName }) => ({
    _id: entry.id,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    targetName: names.get(`${entry.targetType}:${entry.targetId}`) ?? (targetNameLookups[entry.targetType] ? null : entry.targetId),
    details: entry.details,
    admin: entry.adminId && adminName ? { _id: entry.adminId, username: adminName } : null,
    createdAt: entry.createdAt.toISOString(),
  }));
}
