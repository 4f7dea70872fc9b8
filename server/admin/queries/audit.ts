import { adminAuditLog } from '../../db/schema';
import type { OrbitDatabase } from '../../db/types';

/** The kinds of record an admin acts on, as they appear in the audit log. */
export type AuditTargetType = 'user' | 'withdrawal' | 'gift' | 'coinPack' | 'vipPlan' | 'blogPost' | 'settings' | 'report';

export interface AdminAction {
  adminId: string;
  /** A short verb phrase, e.g. 'ban', 'approve-withdrawal', 'update-settings'. */
  action: string;
  targetType: AuditTargetType;
  targetId: string;
  /** The reason given, or a human-readable summary of what changed. */
  details?: string | null;
}

/**
 * Every admin action is written here (issue: admin area). Pass the
 * transaction when the action runs in one, so the entry commits with it.
 */
export async function recordAdminAction(db: OrbitDatabase, entry: AdminAction): Promise<void> {
  await db.insert(adminAuditLog).values({
    adminId: entry.adminId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    details: entry.details ?? null,
  });
}
