import type { z } from 'zod';
import type { AdminCoinPack, AdminVipPlan, Gift, coinPackInputSchema, giftInputSchema, vipPlanInputSchema } from '../../contract/store/catalogue';
import type { OrbitDatabase } from '../db/types';
import { HttpError } from '../plugins/errors';
import { recordAdminAction, type AuditTargetType } from '../admin/queries/audit';
import { toAdminCoinPack, toAdminVipPlan, toGift } from '../admin/views';
import { giftWasSent } from '../gifts/queries';
import { activeCoinPackRows, coinPackRows, deleteCoinPackRow, deleteGiftRow, deleteVipPlanRow, retireGiftRow, giftRows, upsertCoinPack, upsertGift, upsertVipPlan, vipPlanRows } from './queries';

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

async function audit(tx: OrbitDatabase, adminId: string, kind: AuditTargetType, verb: 'create' | 'update' | 'delete' | 'retire', id: string, name: string) {
  await recordAdminAction(tx, { adminId, action: `${verb}-${kind}`, targetType: kind, targetId: id, details: name });
}

function savedMessage(kind: keyof typeof LABELS, created: boolean): string {
  return `${LABELS[kind]} ${created ? 'created' : 'updated'} successfully`;
}

export async function listGifts(db: OrbitDatabase): Promise<Gift[]> {
  const rows = await giftRows(db);
  return rows.map(toGift);
}

export async function saveGift(db: OrbitDatabase, adminId: string, input: GiftInput): Promise<Saved<Gift>> {
  return db.transaction(async (tx) => {
    const values = { name: input.name, icon: input.icon, priceCoins: input.price, active: input.active };
    const row = await upsertGift(tx, input._id, values);
    if (!row) throw notFound('gift');
    const created = !input._id;
    await audit(tx, adminId, 'gift', created ? 'create' : 'update', row.id, row.name);
    return { created, message: savedMessage('gift', created), item: toGift(row) };
  });
}

export async function deleteGift(db: OrbitDatabase, adminId: string, id: string): Promise<string> {
  return db.transaction(async (tx) => {
    // A gift members sent stays, retired, so their history and a stream's takings keep its name.
    if (await giftWasSent(tx, id)) {
      const retired = await retireGiftRow(tx, id);
      if (!retired) throw notFound('gift');
      await audit(tx, adminId, 'gift', 'retire', retired.id, retired.name);
      return `Gift "${retired.name}" retired: members have sent it, so it stays in their history`;
    }
    const row = await deleteGiftRow(tx, id);
    if (!row) throw notFound('gift');
    await audit(tx, adminId, 'gift', 'delete', row.id, row.name);
    return `Gift "${row.name}" deleted`;
  });
}

/** The pack on sale with the fewest coins: its price per coin is what a coin is worth to a member (issue 48). */
export async function smallestPackOnSale(db: OrbitDatabase): Promise<{ coins: number; priceMinor: number; currency: string } | undefined> {
  const rows = await activeCoinPackRows(db);
  return rows.reduce<(typeof rows)[number] | undefined>((smallest, row) => (smallest === undefined || row.coins < smallest.coins ? row : smallest), undefined);
}

export async function listCoinPacks(db: OrbitDatabase): Promise<AdminCoinPack[]> {
  const rows = await coinPackRows(db);
  return rows.map(toAdminCoinPack);
}

export async function saveCoinPack(db: OrbitDatabase, adminId: string, input: CoinPackInput): Promise<Saved<AdminCoinPack>> {
  return db.transaction(async (tx) => {
    const values = { name: input.name, coins: input.coins, priceMinor: input.price.amountMinor, currency: input.price.currency, popular: input.popular, active: input.active };
    const row = await upsertCoinPack(tx, input._id, values);
    if (!row) throw notFound('coinPack');
    const created = !input._id;
    await audit(tx, adminId, 'coinPack', created ? 'create' : 'update', row.id, row.name);
    return { created, message: savedMessage('coinPack', created), item: toAdminCoinPack(row) };
  });
}

export async function deleteCoinPack(db: OrbitDatabase, adminId: string, id: string): Promise<string> {
  return db.transaction(async (tx) => {
    const row = await deleteCoinPackRow(tx, id);
    if (!row) throw notFound('coinPack');
    await audit(tx, adminId, 'coinPack', 'delete', row.id, row.name);
    return `Coin pack "${row.name}" deleted`;
  });
}

export async function listVipPlans(db: OrbitDatabase): Promise<AdminVipPlan[]> {
  const rows = await vipPlanRows(db);
  return rows.map(toAdminVipPlan);
}

export async function saveVipPlan(db: OrbitDatabase, adminId: string, input: VipPlanInput): Promise<Saved<AdminVipPlan>> {
  return db.transaction(async (tx) => {
    const values = {
      name: input.name,
      durationDays: input.duration,
      priceMinor: input.price.amountMinor,
      currency: input.price.currency,
      popular: input.popular,
      features: input.features,
      active: input.active,
    };
    const row = await upsertVipPlan(tx, input._id, values);
    if (!row) throw notFound('vipPlan');
    const created = !input._id;
    await audit(tx, adminId, 'vipPlan', created ? 'create' : 'update', row.id, row.name);
    return { created, message: savedMessage('vipPlan', created), item: toAdminVipPlan(row) };
  });
}

export async function deleteVipPlan(db: OrbitDatabase, adminId: string, id: string): Promise<string> {
  return db.transaction(async (tx) => {
    const row = await deleteVipPlanRow(tx, id);
    if (!row) throw notFound('vipPlan');
    await audit(tx, adminId, 'vipPlan', 'delete', row.id, row.name);
    return `VIP plan "${row.name}" deleted`;
  });
}
