import { and, asc, eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { userReports, users, vipPlans, type UserRow, type VipPlanRow } from '../../db/schema';
import type { OrbitDatabase } from '../../db/types';

export type AccountChanges = PgUpdateSetSource<typeof users>;

/** For a ban: every token signed before it stops working. */
export const nextTokenVersion = () => sql`${users.tokenVersion} + 1`;

/** The account, locked for the rest of the transaction. */
export async function lockAccountForUpdate(tx: OrbitDatabase, id: string): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update').limit(1);
  return row;
}

export async function updateAccount(tx: OrbitDatabase, id: string, changes: AccountChanges): Promise<UserRow | undefined> {
  const [row] = await tx.update(users).set(changes).where(eq(users.id, id)).returning();
  return row;
}

/** Resolves every open report about the member; returns their ids. */
export async function resolveOpenReportsAbout(tx: OrbitDatabase, adminId: string, reportedId: string, now: Date): Promise<{ id: string }[]> {
  return tx
    .update(userReports)
    .set({ status: 'resolved', resolvedAt: now, resolvedBy: adminId })
    .where(and(eq(userReports.reportedId, reportedId), eq(userReports.status, 'open')))
    .returning({ id: userReports.id });
}

export async function findVipPlan(tx: OrbitDatabase, id: string): Promise<VipPlanRow | undefined> {
  const [plan] = await tx.select().from(vipPlans).where(eq(vipPlans.id, id)).limit(1);
  return plan;
}

/** The first plan in display order with this name, in any case. */
export async function findVipPlanNamed(tx: OrbitDatabase, name: string): Promise<VipPlanRow | undefined> {
  const [plan] = await tx
    .select()
    .from(vipPlans)
    .where(sql`lower(${vipPlans.name}) = lower(${name})`)
    .orderBy(asc(vipPlans.sortOrder))
    .limit(1);
  return plan;
}
