import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { likeBodySchema, likeResponseSchema } from '../../contract/discovery';
import { LIKE_BACK_OFF, type LikeBackPolicy } from './like-back';
import { recordDecision } from './record-decision';
import { publishConversationEnded, publishMatch } from '../messaging/publish';
import { matchNews } from '../notifications/news';
import { signedInUser } from '../plugins/auth';
import { defaultAvatarUrl } from '../members/views';
import type { RateLimitRule } from '../plugins/rate-limit';
import { bearerSecurity, errorResponses } from '../lib/error-responses';

export interface LikesRoutesOptions {
  /** Decisions per account; a script liking everyone in sight gets 429. */
  likeLimit: RateLimitRule;
  likeBack?: LikeBackPolicy;
}

const likesRoutes: FastifyPluginCallbackZod<LikesRoutesOptions> = (app, options, done) => {
  const likeBack = options.likeBack ?? LIKE_BACK_OFF;
  // Keyed by account, not address: the guard has run, so the caller is known.
  const likeLimiter = app.createKeyedLimiter({ ...options.likeLimit, key: (request) => `like|${signedInUser(request).id}` });

  app.post(
    '/users/like',
    {
      preHandler: [app.requireUser, likeLimiter],
      schema: {
        tags: ['discovery'],
        summary: 'Like, super like or dislike someone',
        description:
          'One decision per pair: repeating replaces it. A like or super like on someone who already liked or super-liked the caller ' +
          'creates their match (once), and the answer says so. Liking oneself is 400; an unknown, banned or admin target is 404. ' +
          'Decisions are limited per account (429).',
        security: bearerSecurity,
        body: likeBodySchema,
        response: { 200: likeResponseSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      const caller = signedInUser(request);
      const { endedMatch, earned, ...answer } = await recordDecision(app.db, caller, request.body, likeBack);
      if (answer.match) {
        const likedBack = { id: caller.id, name: caller.name || caller.username, avatar: caller.avatar || defaultAvatarUrl(caller.username) };
        publishMatch(app.realtime, likedBack, request.body.targetId);
        app.push?.sender.notify(matchNews(request.body.targetId, likedBack));
      }
      if (earned) app.realtime.toMember(caller.id, 'coins:balance', { balance: earned.balanceAfter, entry: earned });
      if (endedMatch) {
        publishConversationEnded(app.realtime, caller.id, request.body.targetId);
        await app.calls.endPairCalls(caller.id, request.body.targetId, 'blocked');
      }
      return answer;
    },
  );
  done();
};

export default likesRoutes;
