import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  conversationParamsSchema,
  conversationsResponseSchema,
  messagesQuerySchema,
  messagesResponseSchema,
  sendMessageBodySchema,
  sendMessageResponseSchema,
  unmatchResponseSchema,
} from '../../contract/messaging';
import { signedInUser } from '../plugins/auth';
import type { RateLimitRule } from '../plugins/rate-limit';
import { bearerSecurity, errorResponses } from '../lib/error-responses';
import { createDemoReplies } from './demo-replies';
import { messageNews } from '../notifications/news';
import { publishConversationEnded, publishMessage } from './publish';
import { assertLiveMatch, listMemberConversations, markConversation, readConversationMessages, sendMessage, unmatch } from './service';

export interface MessagingRoutesOptions {
  /** Messages per sender. */
  messageLimit: RateLimitRule;
  /** Seeded demo people answer messages (never in production, which has none). */
  demoReplies: boolean;
}

const tags = ['messaging'];

const messagingRoutes: FastifyPluginCallbackZod<MessagingRoutesOptions> = (app, options, done) => {
  const messageLimiter = app.createKeyedLimiter({ ...options.messageLimit, key: (request) => `message|${signedInUser(request).id}` });
  const demoReplies = options.demoReplies ? createDemoReplies({ db: app.db, realtime: app.realtime, log: app.log }) : undefined;
  app.addHook('onClose', (_instance, hookDone) => {
    demoReplies?.stop();
    hookDone();
  });

  app.get(
    '/conversations',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: "The caller's conversations: one per live match, latest activity first",
        description: 'Each with the other member, the last message, the unread count and how far the other member got with the caller\'s messages.',
        security: bearerSecurity,
        response: { 200: conversationsResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const member = signedInUser(request);
      const { conversations, delivered } = await listMemberConversations(app.db, member);
      for (const { peerId, receipts } of delivered) app.realtime.toMember(peerId, 'receipts:update', { peerId: member.id, receipts });
      return { conversations };
    },
  );

  app.get(
    '/conversations/:userId/messages',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Messages of the conversation with a match, by number',
        description:
          '`after=N`: what follows N, oldest first (catching up after a reconnect). `before=N`: the page older than N (scrolling up). ' +
          'Neither: the newest page. 404 when the two are not matched; 403 when their match ended.',
        security: bearerSecurity,
        params: conversationParamsSchema,
        querystring: messagesQuerySchema,
        response: { 200: messagesResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => readConversationMessages(app.db, signedInUser(request), request.params.userId, request.query),
  );

  app.post(
    '/conversations/:userId/messages',
    {
      preHandler: [app.requireUser, messageLimiter],
      schema: {
        tags,
        summary: 'Send a message to a match',
        description:
          'The browser makes the id before the first try and sends the same id again on a retry: the message is stored once, ' +
          'answered 201 after the commit (200 with the stored message for a repeat), then pushed to both members. ' +
          'Text of 1 to 2,000 characters, not only whitespace (400). 404 when not matched; 403 when the match ended; 429 past the per-sender limit.',
        security: bearerSecurity,
        params: conversationParamsSchema,
        body: sendMessageBodySchema,
        response: { 200: sendMessageResponseSchema, 201: sendMessageResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const sender = signedInUser(request);
      const peerId = request.params.userId;
      const sent = await sendMessage(app.db, sender, peerId, request.body);
      if (sent.created) {
        publishMessage(app.realtime, sender.id, peerId, sent.message);
        app.push?.sender.notify(messageNews({ id: sender.id, name: sender.name || sender.username }, peerId, sent.message.text));
        if (sent.toDemo) demoReplies?.messageReceived(sender.id, peerId, sent.message.seq);
      }
      return reply.code(sent.created ? 201 : 200).send({ message: sent.message });
    },
  );

  app.delete(
    '/matches/:userId',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Unmatch',
        description: 'The match ends for both: the conversation closes and its messages are deleted; the caller\'s like becomes a pass. 404 when not matched.',
        security: bearerSecurity,
        params: conversationParamsSchema,
        response: { 200: unmatchResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const caller = signedInUser(request);
      const message = await unmatch(app.db, caller, request.params.userId);
      publishConversationEnded(app.realtime, caller.id, request.params.userId);
      await app.calls.endPairCalls(caller.id, request.params.userId, 'blocked');
      return { success: true as const, message };
    },
  );

  // Typing is never stored: it goes to the other member's tabs if the two are matched.
  app.realtime.handle('typing', async (member, { peerId }) => {
    await assertLiveMatch(app.db, member, peerId);
    app.realtime.toMember(peerId, 'typing', { peerId: member.id });
  });

  app.realtime.handle('receipts:mark', async (member, marks) => {
    const { receiptsForPeer } = await markConversation(app.db, member, marks.peerId, marks);
    if (receiptsForPeer) app.realtime.toMember(marks.peerId, 'receipts:update', { peerId: member.id, receipts: receiptsForPeer });
  });

  done();
};

export default messagingRoutes;
