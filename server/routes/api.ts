import type { FastifyPluginAsync } from 'fastify';
import type { LikeBackPolicy } from '../discovery/like-back';
import compressionPlugin from '../plugins/compression';
import adminRoutes from '../admin/routes';
import type { RateLimits } from '../plugins/rate-limit';
import accountRecoveryRoutes from '../auth/account-recovery-routes';
import signInLinkRoutes from '../auth/sign-in-link-routes';
import authRoutes from '../auth/routes';
import blogRoutes from '../blog/routes';
import configRoutes from '../site-settings/routes';
import discoveryRoutes from '../discovery/routes';
import likesRoutes from '../discovery/likes-routes';
import likesYouRoutes from '../discovery/likes-you-routes';
import matchesRoutes from '../discovery/matches-routes';
import boostRoutes from '../boost/routes';
import mfaRoutes from '../auth/mfa-routes';
import messagingRoutes from '../messaging/routes';
import callRoutes from '../calls/routes';
import liveRoutes from '../live/routes';
import giftRoutes from '../gifts/routes';
import creatorRoutes from '../creators/routes';
import mediaRoutes from '../media/routes';
import newsletterRoutes from '../blog/newsletter-routes';
import placesRoutes from '../places/routes';
import noticeRoutes from '../notices/routes';
import notificationRoutes from '../notifications/routes';
import photoRoutes from '../photos/routes';
import safetyRoutes from '../safety/routes';
import sessionsRoutes from '../auth/sessions-routes';
import storeRoutes from '../catalogue/routes';
import coinRoutes from '../coins/routes';
import purchaseRoutes from '../store/routes';
import subscriptionRoutes from '../store/subscription-routes';
import webhookRoutes from '../store/webhook-routes';
import testCheckoutRoutes from '../store/test-provider/routes';
import { LocalPaymentsProvider } from '../store/test-provider/provider';
import userRoutes from '../members/routes';

export interface ApiRoutesOptions {
  rateLimits: RateLimits;
  /** Seeded demo people liking back (off unless given). */
  likeBack?: LikeBackPolicy;
  /** Seeded demo people answering messages (off unless given). */
  demoReplies?: boolean;
}

/** Every API area, mounted under /api by the app. */
const apiRoutes: FastifyPluginAsync<ApiRoutesOptions> = async (app, options) => {
  // First, so its onRoute hook sees every API route; here, so the web app's precompressed files are out of its reach.
  await app.register(compressionPlugin);
  await app.register(authRoutes, { rateLimits: options.rateLimits });
  await app.register(mfaRoutes, { codeAttemptsPerIp: options.rateLimits.loginPerIp });
  await app.register(accountRecoveryRoutes, { rateLimits: options.rateLimits });
  await app.register(signInLinkRoutes, { rateLimits: options.rateLimits });
  await app.register(sessionsRoutes);
  await app.register(userRoutes, { locationChangeLimit: options.rateLimits.locationChange, dataExportLimit: options.rateLimits.dataExport });
  await app.register(photoRoutes, { uploadLimit: options.rateLimits.photoUpload });
  await app.register(noticeRoutes);
  await app.register(notificationRoutes);
  await app.register(discoveryRoutes);
  await app.register(placesRoutes, { searchLimit: options.rateLimits.placeSearch });
  await app.register(likesRoutes, { likeLimit: options.rateLimits.like, ...(options.likeBack ? { likeBack: options.likeBack } : {}) });
  await app.register(likesYouRoutes);
  await app.register(boostRoutes);
  await app.register(matchesRoutes);
  await app.register(messagingRoutes, { messageLimit: options.rateLimits.message, demoReplies: options.demoReplies ?? false });
  await app.register(callRoutes);
  await app.register(liveRoutes);
  await app.register(giftRoutes);
  await app.register(creatorRoutes);
  await app.register(safetyRoutes, { reportLimit: options.rateLimits.report });
  await app.register(configRoutes);
  await app.register(mediaRoutes);
  await app.register(blogRoutes);
  await app.register(newsletterRoutes);
  await app.register(storeRoutes);
  await app.register(coinRoutes);
  await app.register(purchaseRoutes);
  await app.register(subscriptionRoutes);
  await app.register(webhookRoutes);
  if (app.payments instanceof LocalPaymentsProvider) await app.register(testCheckoutRoutes, { provider: app.payments });
  await app.register(adminRoutes);
};

export default apiRoutes;
