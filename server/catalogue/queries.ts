import { and, asc, eq, sql } from 'drizzle-orm';
import { coinPacks, gifts, vipPlans, type CoinPackRow, type GiftRow, type NewCoinPackRow, type NewGiftRow, type NewVipPlanRow, type VipPlanRow } from '../db/schema';
import type { OrbitDatabase } from '../db/types';

// The catalogue's rows: what the store sells (active only) and what the admin
// edits (all). A new item goes to the end of the display order.

export async function activeCoinPackRows(db: OrbitDatabase): Promise<CoinPackRow[]> {
  return db
    .select()
    .from(coinPacks)
    .where(eq(coinPacks.active, true))
    .orderBy(asc(coinPacks.sortOrder), asc(coinPacks.createdAt), asc(coinPacks.id));
}

/** A pack on sale, for a checkout: undefined when unknown, deleted or withdrawn from sale. */
export async function activeCoinPackById(db: OrbitDatabase, id: string): Promise<CoinPackRow | undefined> {
  const [row] = await db
    .select()
    .from(coinPacks)
    .where(and(eq(coinPacks.id, id), eq(coinPacks.active, true)));
  return row;
}

export async function activeVipPlanRows(db: OrbitDatabase): Promise<VipPlanRow[]> {
  return db
    .select()
    .from(vipPlans)
    .where(eq(vipPlans.active, true))
    .orderBy(asc(vipPlans.sortOrder), asc(vipPlans.createdAt), asc(vipPlans.id));
}

/** A plan on sale, for a checkout or a plan change: undefined when unknown, deleted or withdrawn from sale. */
export async function activeVipPlanById(db: OrbitDatabase, id: string): Promise<VipPlanRow | undefined> {
  const [row] = await db
    .select()
    .from(vipPlans)
    .where(and(eq(vipPlans.id, id), eq(vipPlans.active, true)));
  return row;
}

export async function giftRows(db: OrbitDatabase): Promise<GiftRow[]> {
  return db.select().from(gifts).orderBy(asc(gifts.sortOrder), asc(gifts.createdAt));
}

/** Updates the gift `id`, or adds one when no id is given; undefined when the gift is gone. */
export async function upsertGift(db: OrbitDatabase, id: string | undefined, values: Omit<NewGiftRow, 'id' | 'sortOrder'>): Promise<GiftRow | undefined> {
  const [row] = id
    ? await db.update(gifts).set(values).where(eq(gifts.id, id)).returning()
    : await db
        .insert(gifts)
        .values({ ...values, sortOrder: sql`(select coalesce(max(${gifts.sortOrder}), 0) + 1 from ${gifts})` })
        .returning();
  return row;
}

/** Takes the gift off sale; undefined when it is gone. */
export async function retireGiftRow(db: OrbitDatabase, id: string): Promise<GiftRow | undefined> {
  const [row] = await db.update(gifts).set({ active: false }).where(eq(gifts.id, id)).returning();
  return row;
}

export async function deleteGiftRow(db: OrbitDatabase, id: string): Promise<GiftRow | undefined> {
  const [row] = await db.delete(gifts).where(eq(gifts.id, id)).returning();
  return row;
}

export async function coinPackRows(db: OrbitDatabase): Promise<CoinPackRow[]> {
  return db.select().from(coinPacks).orderBy(asc(coinPacks.sortOrder), asc(coinPacks.createdAt));
}

/** Updates the coin pack `id`, or adds one when no id is given; undefined when the pack is gone. */
export async function upsertCoinPack(db: OrbitDatabase, id: string | undefined, values: Omit<NewCoinPackRow, 'id' | 'sortOrder'>): Promise<CoinPackRow | undefined> {
  const [row] = id
    ? await db.update(coinPacks).set(values).where(eq(coinPacks.id, id)).returning()
    : await db
        .insert(coinPacks)
        .values({ ...values, sortOrder: sql`(select coalesce(max(${coinPacks.sortOrder}), 0) + 1 from ${coinPacks})` })
        .returning();
  return row;
}

export async function deleteCoinPackRow(db: OrbitDatabase, id: string): Promise<CoinPackRow | undefined> {
  const [row] = await db.delete(coinPacks).where(eq(coinPacks.id, id)).returning();
  return row;
}

export async function vipPlanRows(db: OrbitDatabase): Promise<VipPlanRow[]> {
  return db.select().from(vipPlans).orderBy(asc(vipPlans.sortOrder), asc(vipPlans.createdAt));
}

/** Updates the VIP plan `id`, or adds one when no id is given; undefined when the plan is gone. */
export async function upsertVipPlan(db: OrbitDatabase, id: string | undefined, values: Omit<NewVipPlanRow, 'id' | 'sortOrder'>): Promise<VipPlanRow | undefined> {
  const [row] = id
    ? await db.update(vipPlans).set(values).where(eq(vipPlans.id, id)).returning()
    : await db
        .insert(vipPlans)
        .values({ ...values, sortOrder: sql`(select coalesce(max(${vipPlans.sortOrder}), 0) + 1 from ${vipPlans})` })
        .returning();
  return row;
}

export async function deleteVipPlanRow(db: OrbitDatabase, id: string): Promise<VipPlanRow | undefined> {
  const [row] = await db.delete(vipPlans).where(eq(vipPlans.id, id)).returning();
  return row;
}
