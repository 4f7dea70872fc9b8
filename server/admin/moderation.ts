import type { AdminUser, MakeVipBody } from '../../contract/admin/console';
import { revokeAllSessions } from '../auth/queries/sessions';
import type { UserRow } from '../db/schema';
import type { OrbitDatabase } from '../db/types';
import { HttpError } from '../plugins/errors';
import { hasActiveVip } from '../members/views';
import { liveSubscriptionOf } from '../store/queries/subscriptions';
import { recordAdminAction } from './queries/audit';
import { USER_NOT_FOUND } from './user-directory';
import { findVipPlan, findVipPlanNamed, lockAccountForUpdate, nextTokenVersion, resolveOpenReportsAbout, updateAccount, type AccountChanges } from './queries/moderation';
import { toAdminUser } from './views';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Issue 4: without a plan or a number of days, make-VIP grants the Gold plan's 30 days. */
export const DEFAULT_VIP_PLAN = { name: 'Gold', durationDays: 30 } as const;

export interface ModerationResult {
  message: string;
  user: AdminUser;
}

type Executor = OrbitDatabase;

/**
 * Locks the member account for the rest of the transaction, so two operators
 * acting on one person at once are applied one after the other. Admin
 * accounts are out of reach of every moderation action.
 */
async function lockMember(tx: Executor, id: string, refusal: string): Promise<UserRow> {
  const row = await lockAccountForUpdate(tx, id);
  if (!row) throw new HttpError(404, USER_NOT_FOUND);
  if (row.role === 'admin') throw new HttpError(403, refusal);
  return row;
}

async function saveMember(tx: Executor, id: string, changes: AccountChanges): Promise<UserRow> {
  const row = await updateAccount(tx, id, changes);
  if (!row) throw new HttpError(404, USER_NOT_FOUND);
  return row;
}

function banMessage(username: string, reportsResolved: number): string {
  if (reportsResolved === 0) return `${username} has been banned`;
  const reports = reportsResolved === 1 ? '1 open report about them was' : `${reportsResolved} open reports about them were`;
  return `${username} has been banned; ${reports} resolved`;
}

/**
 * Bans with a reason and ends every session of that account (token_version
 * moves on and each session is revoked). The ban is the action members'
 * open reports about the account asked for, so they are resolved with it,
 * by the same operator; the ban's audit entry stands for them.
 */
export async function banUser(db: OrbitDatabase, adminId: string, id: string, reason: string, now: Date): Promise<ModerationResult> {
  return db.transaction(async (tx) => {
    const target = await lockMember(tx, id, 'Admin accounts cannot be banned');
    if (target.isBanned) throw new HttpError(409, `${target.username} is already banned`);
    const banned = await saveMember(tx, id, {
      isBanned: true,
      banReason: reason,
      bannedAt: now,
      isOnline: false,
      tokenVersion: nextTokenVersion(),
    });
    await revokeAllSessions(tx, id, now);
    const resolved = await resolveOpenReportsAbout(tx, adminId, id, now);
    await recordAdminAction(tx, { adminId, action: 'ban', targetType: 'user', targetId: id, details: reason });
    return { message: banMessage(banned.username, resolved.length), user: toAdminUser(banned, now) };
  });
}

export async function unbanUser(db: OrbitDatabase, adminId: string, id: string, now: Date): Promise<ModerationResult> {
  return db.transaction(async (tx) => {
    const target = await lockMember(tx, id, 'Admin accounts cannot be banned or unbanned');
    if (!target.isBanned) throw new HttpError(409, `${target.username} is not banned`);
    const restored = await saveMember(tx, id, { isBanned: false, banReason: null, bannedAt: null });
    await recordAdminAction(tx, { adminId, action: 'unban', targetType: 'user', targetId: id, details: `Was banned for: ${target.banReason ?? 'no reason given'}` });
    return { message: `${restored.username} has been unbanned`, user: toAdminUser(restored, now) };
  });
}

async function resolveGrant(tx: Executor, body: MakeVipBody): Promise<{ tier: string; days: number }> {
  if (body.days !== undefined) return { tier: DEFAULT_VIP_PLAN.name, days: body.days };
  if (body.planId) {
    const plan = await findVipPlan(tx, body.planId);
    if (!plan) throw new HttpError(404, 'VIP plan not found');
    return { tier: plan.name, days: plan.durationDays };
  }
  // The Gold plan as currently configured; its defaults if it was renamed or removed.
  const gold = await findVipPlanNamed(tx, DEFAULT_VIP_PLAN.name);
  return { tier: gold?.name ?? DEFAULT_VIP_PLAN.name, days: gold?.durationDays ?? DEFAULT_VIP_PLAN.durationDays };
}

/**
 * A subscriber's VIP is what their subscription paid for, and each of its
 * events sets it again: an admin's grant or removal would be undone by the
 * next one, so neither is made (the member cancels or withdraws themselves).
 */
async function refuseSubscriber(tx: OrbitDatabase, target: Pick<UserRow, 'id' | 'username'>): Promise<void> {
  if (await liveSubscriptionOf(tx, target.id)) throw new HttpError(409, subscriberVipMessage(target.username));
}

export const subscriberVipMessage = (username: string) =>
  `${username} pays for VIP by subscription: it runs to the period they paid for, and only they can cancel or withdraw from it`;

/** Grants VIP for a plan's length or a number of days; a running membership is extended, not cut short. */
export async function makeUserVip(db: OrbitDatabase, adminId: string, id: string, body: MakeVipBody, now: Date): Promise<ModerationResult> {
  return db.transaction(async (tx) => {
    const target = await lockMember(tx, id, 'Admin accounts cannot be made VIP');
    await refuseSubscriber(tx, target);
    const grant = await resolveGrant(tx, body);
    const runningUntil = hasActiveVip(target, now) && target.vipUntil ? target.vipUntil : now;
    const vipUntil = new Date(runningUntil.getTime() + grant.days * DAY_MS);
    const updated = await saveMember(tx, id, { isVip: true, vipTier: grant.tier, vipUntil });
    await recordAdminAction(tx, {
      adminId,
      action: 'make-vip',
      targetType: 'user',
      targetId: id,
      details: `${grant.tier}, ${grant.days} days (until ${vipUntil.toISOString().slice(0, 10)})`,
    });
    return { message: `${updated.username} is VIP (${grant.tier}) until ${vipUntil.toISOString().slice(0, 10)}`, user: toAdminUser(updated, now) };
  });
}

export async function removeUserVip(db: OrbitDatabase, adminId: string, id: string, now: Date): Promise<ModerationResult> {
  return db.transaction(async (tx) => {
    const target = await lockMember(tx, id, 'Admin accounts have no VIP status');
    if (!hasActiveVip(target, now)) throw new HttpError(409, `${target.username} is not VIP`);
    await refuseSubscriber(tx, target);
    const updated = await saveMember(tx, id, { isVip: false, vipTier: null, vipUntil: null });
    await recordAdminAction(tx, { adminId, action: 'remove-vip', targetType: 'user', targetId: id, details: `Was ${target.vipTier ?? 'VIP'}` });
    return { message: `VIP status removed from ${updated.username}`, user: toAdminUser(updated, now) };
  });
}
