import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { coinPackListResponseSchema, vipPlanListResponseSchema } from '../../contract/store/listings';
import { toCoinPack, toVipPlan } from '../admin/views';
import { activeCoinPackRows, activeVipPlanRows } from './queries';
import { errorResponses } from '../lib/error-responses';

const tags = ['store'];

/**
 * The catalogue the Store, Coins and VIP screens sell from: what an admin
 * keeps active, in the admin's display order. Public, so a visitor can
 * browse prices before signing in.
 */
const storeRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/store/coinpacks',
    {
      schema: {
        tags,
        summary: 'Active coin packs in display order',
        response: { 200: coinPackListResponseSchema, ...errorResponses() },
      },
    },
    async () => {
      const rows = await activeCoinPackRows(app.db);
      return { success: true as const, coinPacks: rows.map(toCoinPack) };
    },
  );

  app.get(
    '/store/vipplans',
    {
      schema: {
        tags,
        summary: 'Active VIP plans in display order',
        response: { 200: vipPlanListResponseSchema, ...errorResponses() },
      },
    },
    async () => {
      const rows = await activeVipPlanRows(app.db);
      return { success: true as const, vipPlans: rows.map(toVipPlan) };
    },
  );
  done();
};

export default storeRoutes;
