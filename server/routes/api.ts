import type { FastifyPluginAsync } from 'fastify';
import authRoutes, { type AuthRateLimits } from './auth';
import configRoutes from './config';
import mediaRoutes from './media';
import userRoutes from './user';

export interface ApiRoutesOptions {
  rateLimits: AuthRateLimits;
}

/** Every API area, mounted under /api by the app. */
const apiRoutes: FastifyPluginAsync<ApiRoutesOptions> = async (app, options) => {
  await app.register(authRoutes, { rateLimits: options.rateLimits });
  await app.register(userRoutes);
  await app.register(configRoutes);
  await app.register(mediaRoutes);
};

export default apiRoutes;
