import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { idParamsSchema, messageResponseSchema } from '../../contract/admin/console';
import {
  adminCoinPackListResponseSchema,
  adminVipPlanListResponseSchema,
  giftListResponseSchema,
  saveCoinPackBodySchema,
  savedCoinPackResponseSchema,
  savedGiftResponseSchema,
  savedVipPlanResponseSchema,
  saveGiftBodySchema,
  saveVipPlanBodySchema,
} from '../../contract/store/catalogue';
import type { OrbitDatabase } from '../db/types';
import { bearerSecurity, errorResponses } from '../lib/error-responses';
import { signedInUser } from '../plugins/auth';
import { deleteCoinPack, deleteGift, deleteVipPlan, listCoinPacks, listGifts, listVipPlans, saveCoinPack, saveGift, saveVipPlan } from './service';

const tags = ['admin'];

/** The words of one kind's operations. */
interface KindTexts {
  /** Under /admin/: 'gifts', 'coinpacks', 'vipplans'. */
  path: string;
  /** Lower case, singular: 'gift', 'coin pack', 'VIP plan'. */
  noun: string;
  /** The save body's field holding the item: 'gift', 'coinPack', 'vipPlan'. */
  field: string;
  /** What the save checks, for the operation's description. */
  saveRules: string;
}

/**
 * One kind of catalogue item as the admin API serves it (the client's
 * catalogue-kinds.tsx is the same idea): its words, the contract's schemas,
 * and the service calls behind them. The three kinds differ in nothing else.
 */
export interface AdminCatalogueKind extends KindTexts {
  listResponse: z.ZodType;
  saveBody: z.ZodType;
  savedResponse: z.ZodType;
  list: (db: OrbitDatabase) => Promise<unknown>;
  save: (db: OrbitDatabase, adminId: string, body: unknown) => Promise<{ created: boolean; answer: unknown }>;
  remove: (db: OrbitDatabase, adminId: string, id: string) => Promise<string>;
}

/** A kind, typed against its own schemas where it is written down. */
function catalogueKind<ListAnswer, SaveBody, SavedAnswer>(
  kind: KindTexts & {
    listResponse: z.ZodType<ListAnswer>;
    saveBody: z.ZodType<SaveBody>;
    savedResponse: z.ZodType<SavedAnswer>;
    list: (db: OrbitDatabase) => Promise<ListAnswer>;
    save: (db: OrbitDatabase, adminId: string, body: SaveBody) => Promise<{ created: boolean; answer: SavedAnswer }>;
    remove: (db: OrbitDatabase, adminId: string, id: string) => Promise<string>;
  },
): AdminCatalogueKind {
  // Fastify has checked the body against saveBody already; parsing it again (trims and defaults, so nothing changes) types it here.
  return { ...kind, save: (db, adminId, body) => kind.save(db, adminId, kind.saveBody.parse(body)) };
}

export const giftKind = catalogueKind({
  path: 'gifts',
  noun: 'gift',
  field: 'gift',
  saveRules: 'Price is in coins (a positive whole number).',
  listResponse: giftListResponseSchema,
  saveBody: saveGiftBodySchema,
  savedResponse: savedGiftResponseSchema,
  list: async (db) => ({ success: true as const, gifts: await listGifts(db) }),
  save: async (db, adminId, body) => {
    const saved = await saveGift(db, adminId, body.gift);
    return { created: saved.created, answer: { success: true as const, message: saved.message, gift: saved.item } };
  },
  remove: deleteGift,
});

export const coinPackKind = catalogueKind({
  path: 'coinpacks',
  noun: 'coin pack',
  field: 'coinPack',
  saveRules: 'Coins a positive whole number, price greater than 0 with at most 2 decimals.',
  listResponse: adminCoinPackListResponseSchema,
  saveBody: saveCoinPackBodySchema,
  savedResponse: savedCoinPackResponseSchema,
  list: async (db) => ({ success: true as const, coinPacks: await listCoinPacks(db) }),
  save: async (db, adminId, body) => {
    const saved = await saveCoinPack(db, adminId, body.coinPack);
    return { created: saved.created, answer: { success: true as const, message: saved.message, coinPack: saved.item } };
  },
  remove: deleteCoinPack,
});

export const vipPlanKind = catalogueKind({
  path: 'vipplans',
  noun: 'VIP plan',
  field: 'vipPlan',
  saveRules: 'Duration 1 to 3650 days, price greater than 0 with at most 2 decimals, features a list of text.',
  listResponse: adminVipPlanListResponseSchema,
  saveBody: saveVipPlanBodySchema,
  savedResponse: savedVipPlanResponseSchema,
  list: async (db) => ({ success: true as const, vipPlans: await listVipPlans(db) }),
  save: async (db, adminId, body) => {
    const saved = await saveVipPlan(db, adminId, body.vipPlan);
    return { created: saved.created, answer: { success: true as const, message: saved.message, vipPlan: saved.item } };
  },
  remove: deleteVipPlan,
});

/** List, save (create, or update when the item has an _id) and delete for one kind of catalogue item. */
const adminCatalogueRoutes: FastifyPluginCallbackZod<{ kind: AdminCatalogueKind }> = (app, { kind }, done) => {
  app.get(
    `/admin/${kind.path}`,
    {
      schema: {
        tags,
        summary: `Every ${kind.noun}, active or not`,
        security: bearerSecurity,
        response: { 200: kind.listResponse, ...errorResponses(401, 403) },
      },
    },
    async () => kind.list(app.db),
  );

  app.post(
    `/admin/${kind.path}`,
    {
      schema: {
        tags,
        summary: `Create a ${kind.noun}, or update one when ${kind.field}._id is given`,
        description: `${kind.saveRules} 201 when created, 200 when updated.`,
        security: bearerSecurity,
        body: kind.saveBody,
        response: { 200: kind.savedResponse, 201: kind.savedResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const saved = await kind.save(app.db, signedInUser(request).id, request.body);
      return reply.code(saved.created ? 201 : 200).send(saved.answer);
    },
  );

  app.delete(
    `/admin/${kind.path}/:id`,
    {
      schema: {
        tags,
        summary: `Delete a ${kind.noun}`,
        security: bearerSecurity,
        params: idParamsSchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ success: true as const, message: await kind.remove(app.db, signedInUser(request).id, request.params.id) }),
  );
  done();
};

export default adminCatalogueRoutes;
