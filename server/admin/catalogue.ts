import { asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AdminCoinPack, AdminVipPlan, Gift, coinPackInputSchema, giftInputSchema, vipPlanInputSchema } from '../../contract/catalogue';
import { coinPacks, gifts, vipPlans } from '../db/schema';
import type { OrbitDatabase } from '../db/types';
import { HttpError } from '../plugins/errors';
import { recordAdminAction, type AuditTargetType } from './audit';
import { toAdminCoinPack, toAdminVipPlan, toGift } from './views';

// Gifts, coin packs and VIP plans: one "save" that creates, or updates when
// an _id is given (SPEC section 7), and a delete. Every change is written to
// the audit log in the same transaction.

type GiftInput = z.output<typeof giftInputSchema>;
type CoinPackInput = z.output<typeof coinPackInputSchema>;
type VipPlanInput = z.output<typeof vipPlanInputSchema>;

export interface Saved<T> {
  created: boolean;
  message: string;
  item: T;
}

const LABELS: Record<'gift' | 'coinPack' | 'vipPlan', string> = { gift: 'Gift', coinPack: 'Coin pack', vipPlan: 'VIP plan' };

function notFound(kind: keyof typeof LABELS): HttpError {
  return new HttpError(404, `${LABELS[kind]} not found`);
}

async function audit(tx: OrbitDatabase, adminId: string, kind: AuditTargetType, verb: 'create' | 'update' | 'delete', id: string, name: string) {
  await recordAdminAction(tx, { adminId, action: `${verb}-${kind}`, targetType: kind, targetId: id, details: name });
}

function savedMessage(kind: keyof typeof LABELS, created: boolean): string {
  return `${LABELS[kind]} ${created ? 'created' : 'updated'} successfully`;
}

export async function listGifts(db: OrbitDatabase): Promise<Gift[]> {
  const rows = await db.select().from(gifts).orderBy(asc(gifts.sortOrder), asc(gifts.createdAt));
  return rows.map(toGift);
}

export async function saveGift(db: OrbitDatabase, adminId: string, input: GiftInput): Promise<Saved<Gift>> {
  return db.transaction(async (tx) => {
    const values = { name: input.name, icon: input.icon, priceCoins: input.price, active: input.active };
    const [row] = input._id
      ? await tx.update(gifts).set(values).where(eq(gifts.id, input._id)).returning()
      : await tx
          .insert(gifts)
          .values({ ...values, sortOrder: sql`(select coalesce(max(${gifts.sortOrder}), 0) + 1 from ${gifts})` })
          .returning();
    if (!row) throw notFound('gift');
    const created = !input._id;
    await audit(tx, adminId, 'gift', created ? 'create' : 'update', row.id, row.name);
    return { created, message: savedMessage('gift', created), item: toGift(row) };
  });
}

export async function deleteGift(db: OrbitDatabase, adminId: string, id: string): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(gifts).where(eq(gifts.id, id)).returning();
    if (!row) throw notFound('gift');
    await audit(tx, adminId, 'gift', 'delete', row.id, row.name);
    return `Gift "${row.name}" deleted`;
  });
}

export async function listCoinPacks(db: OrbitDatabase): Promise<AdminCoinPack[]> {
  const rows = await db.select().from(coinPacks).orderBy(asc(coinPacks.sortOrder), asc(coinPacks.createdAt));
  return rows.map(toAdminCoinPack);
}

export async function saveCoinPack(db: OrbitDatabase, adminId: string, input: CoinPackInput): Promise<Saved<AdminCoinPack>> {
  return db.transaction(async (tx) => {
    const values = { name: input.name, coins: input.coins, price: input.price, popular: input.popular, active: input.active };
    const [row] = input._id
      ? await tx.update(coinPacks).set(values).where(eq(coinPacks.id, input._id)).returning()
      : await tx
          .insert(coinPacks)
          .values({ ...values, sortOrder: sql`(select coalesce(max(${coinPacks.sortOrder}), 0) + 1 from ${coinPacks})` })
          .returning();
    if (!row) throw notFound('coinPack');
    const created = !input._id;
    await audit(tx, adminId, 'coinPack', created ? 'create' : 'update', row.id, row.name);
    return { created, message: savedMessage('coinPack', created), item: toAdminCoinPack(row) };
  });
}

export async function deleteCoinPack(db: OrbitDatabase, adminId: string, id: string): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(coinPacks).where(eq(coinPacks.id, id)).returning();
    if (!row) throw notFound('coinPack');
    await audit(tx, adminId, 'coinPack', 'delete', row.id, row.name);
    return `Coin pack "${row.name}" deleted`;
  });
}

export async function listVipPlans(db: OrbitDatabase): Promise<AdminVipPlan[]> {
  const rows = await db.select().from(vipPlans).orderBy(asc(vipPlans.sortOrder), asc(vipPlans.createdAt));
  return rows.map(toAdminVipPlan);
}

export async function saveVipPlan(db: OrbitDatabase, adminId: string, input: VipPlanInput): Promise<Saved<AdminVipPlan>> {
  return db.transaction(async (tx) => {
    const values = {
      name: input.name,
      durationDays: input.duration,
      price: input.price,
      popular: input.popular,
      features: input.features,
      active: input.active,
    };
    const [row] = input._id
      ? await tx.update(vipPlans).set(values).where(eq(vipPlans.id, input._id)).returning()
      : await tx
          .insert(vipPlans)
          .values({ ...values, sortOrder: sql`(select coalesce(max(${vipPlans.sortOrder}), 0) + 1 from ${vipPlans})` })
          .returning();
    if (!row) throw notFound('vipPlan');
    const created = !input._id;
    await audit(tx, adminId, 'vipPlan', created ? 'create' : 'update', row.id, row.name);
    return { created, message: savedMessage('vipPlan', created), item: toAdminVipPlan(row) };
  });
}

export async function deleteVipPlan(db: OrbitDatabase, adminId: string, id: string): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(vipPlans).where(eq(vipPlans.id, id)).returning();
    if (!row) throw notFound('vipPlan');
    await audit(tx, adminId, 'vipPlan', 'delete', row.id, row.name);
    return `VIP plan "${row.name}" deleted`;
  });
}
