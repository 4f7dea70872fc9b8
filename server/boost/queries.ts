import { and, count, desc, eq, gt, inArray, lte, sql, type AnyColumn, type Placeholder, type SQL } from 'drizzle-orm';
import type { BoostSource } from '../../contract/boost';
import { boosts, boostViews, users } from '../db/schema';
import type { Executor, Transaction } from '../lib/transaction';

export type BoostRow = typeof boosts.$inferSelect;

/** Holds the member's row until the transaction ends, so two starts of one member never overlap (the coin spend takes the same lock). */
export async function lockMember(tx: Transaction, userId: string): Promise<boolean> {
  const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update').limit(1);
  return row !== undefined;
}

export async function boostByStartKey(db: Executor, startKey: string): Promise<BoostRow | undefined> {
  const [row] = await db.select().from(boosts).where(eq(boosts.startKey, startKey)).limit(1);
  return row;
}

export async function runningBoostOf(db: Executor, userId: string, now: Date): Promise<BoostRow | undefined> {
  const [row] = await db
    .select()
    .from(boosts)
    .where(and(eq(boosts.userId, userId), lte(boosts.startedAt, now), gt(boosts.endsAt, now)))
    .orderBy(desc(boosts.startedAt))
    .limit(1);
  return row;
}

export async function lastEndedBoostOf(db: Executor, userId: string, now: Date): Promise<BoostRow | undefined> {
  const [row] = await db
    .select()
    .from(boosts)
    .where(and(eq(boosts.userId, userId), lte(boosts.endsAt, now)))
    .orderBy(desc(boosts.startedAt))
    .limit(1);
  return row;
}

export async function hasDailyBoostOn(db: Executor, userId: string, day: string): Promise<boolean> {
  const [row] = await db.select({ id: boosts.id }).from(boosts).where(and(eq(boosts.userId, userId), eq(boosts.vipDay, day))).limit(1);
  return row !== undefined;
}

export interface NewBoost {
  userId: string;
  source: BoostSource;
  vipDay: string | null;
  startKey: string;
  startedAt: Date;
  endsAt: Date;
}

/** Undefined when the member already has today's VIP boost (the unique day). */
export async function insertBoost(tx: Transaction, boost: NewBoost): Promise<BoostRow | undefined> {
  const [row] = await tx.insert(boosts).values(boost).onConflictDoNothing().returning();
  return row;
}

export async function viewsOf(db: Executor, boostIds: readonly string[]): Promise<Map<string, number>> {
  if (boostIds.length === 0) return new Map();
  const rows = await db
    .select({ boostId: boostViews.boostId, views: count() })
    .from(boostViews)
    .where(inArray(boostViews.boostId, [...boostIds]))
    .groupBy(boostViews.boostId);
  return new Map(rows.map((row) => [row.boostId, row.views]));
}

/** Counts the viewer once for each running boost of these people, however often they are shown the card. */
export async function recordViews(db: Executor, boostedIds: readonly string[], viewerId: string, now: Date): Promise<void> {
  if (boostedIds.length === 0) return;
  await db
    .insert(boostViews)
    .select(
      db
        .select({ boostId: boosts.id, viewerId: sql<string>`${viewerId}::uuid`.as('viewer_id') })
        .from(boosts)
        .where(and(inArray(boosts.userId, [...boostedIds]), lte(boosts.startedAt, now), gt(boosts.endsAt, now))),
    )
    .onConflictDoNothing();
}

/** The person (a users.id column) has a boost running at `now`: driven from the few running boosts (boosts_ends_at_idx). */
export const boostRunning = (userId: SQL | AnyColumn, now: SQL | Placeholder) =>
  sql`${userId} in (select ${boosts.userId} from ${boosts} where ${boosts.endsAt} > ${now} and ${boosts.startedAt} <= ${now})`;
