import type { FastifyPluginAsync } from 'fastify';
import adminLiveRoutes from '../../live/admin-routes';
import adminPhotoRoutes from '../../photos/admin-routes';
import activityRoutes from './activity';
import coinPackRoutes from './coin-packs';
import giftRoutes from './gifts';
import reportRoutes from './reports';
import statsRoutes from './stats';
import userRoutes from './users';
import vipPlanRoutes from './vip-plans';
import withdrawalRoutes from './withdrawals';

/**
 * Every /api/admin/* operation (SPEC sections 6 and 7). The admin check runs
 * on request, before the body is parsed or validated: without a token the
 * answer is 401, with a user's token 403, whatever was sent.
 */
const adminRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', app.requireAdmin);
  await app.register(statsRoutes);
  await app.register(activityRoutes);
  await app.register(userRoutes);
  await app.register(withdrawalRoutes);
  await app.register(reportRoutes);
  await app.register(adminPhotoRoutes);
  await app.register(giftRoutes);
  await app.register(coinPackRoutes);
  await app.register(vipPlanRoutes);
  await app.register(adminLiveRoutes);
};

export default adminRoutes;
