import type { FastifyPluginAsync } from 'fastify';
import adminCoinRoutes from '../coins/admin-routes';
import adminLiveRoutes from '../live/admin-routes';
import adminPhotoRoutes from '../photos/admin-routes';
import activityRoutes from './activity-routes';
import adminCatalogueRoutes, { coinPackKind, giftKind, vipPlanKind } from '../catalogue/admin-routes';
import reportRoutes from './reports-routes';
import statsRoutes from './stats-routes';
import userRoutes from './users-routes';
import withdrawalRoutes from './withdrawals-routes';
import reconciliationRoutes from '../store/reconciliation-routes';

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
  await app.register(adminCoinRoutes);
  await app.register(adminCatalogueRoutes, { kind: giftKind });
  await app.register(adminCatalogueRoutes, { kind: coinPackKind });
  await app.register(adminCatalogueRoutes, { kind: vipPlanKind });
  await app.register(adminLiveRoutes);
  await app.register(reconciliationRoutes);
};

export default adminRoutes;
