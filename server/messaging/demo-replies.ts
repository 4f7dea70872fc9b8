import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { DEMO_REPLY_DELAY_MS, DEMO_REPLY_TEXT } from '../../contract/messaging';
import type { OrbitDatabase } from '../db/types';
import type { Realtime } from '../realtime/plugin';
import { findMember } from '../realtime/queries';
import { publishMessage } from './publish';
import { markConversation, sendMessage } from './service';

export interface DemoReplies {
  /** A member wrote to a seeded demo person: they read it and answer after DEMO_REPLY_DELAY_MS (a burst gets one answer). */
  messageReceived(memberId: string, demoId: string, seq: number): void;
  stop(): void;
}

/**
 * SPEC section 4's auto-reply, made real: the demo person's answer is a
 * message like any other, stored and delivered through the same path. Only
 * outside production, where seeded demo people exist.
 */
export function createDemoReplies(deps: { db: OrbitDatabase; realtime: Realtime; log: FastifyBaseLogger; delayMs?: number }): DemoReplies {
  const waiting = new Map<string, NodeJS.Timeout>();
  const delayMs = deps.delayMs ?? DEMO_REPLY_DELAY_MS;

  async function reply(memberId: string, demoId: string, seq: number): Promise<void> {
    const demo = await findMember(deps.db, demoId);
    if (!demo?.isDemo) return;
    const marked = await markConversation(deps.db, demo, memberId, { readSeq: seq });
    if (marked.receiptsForPeer) deps.realtime.toMember(memberId, 'receipts:update', { peerId: demoId, receipts: marked.receiptsForPeer });
    const sent = await sendMessage(deps.db, demo, memberId, { id: randomUUID(), text: DEMO_REPLY_TEXT });
    publishMessage(deps.realtime, demoId, memberId, sent.message);
  }

  return {
    messageReceived(memberId, demoId, seq) {
      const key = `${memberId}:${demoId}`;
      clearTimeout(waiting.get(key));
      const timer = setTimeout(() => {
        waiting.delete(key);
        // The match may have ended meanwhile: then there is simply no answer.
        reply(memberId, demoId, seq).catch((error: unknown) => deps.log.debug({ err: error }, 'demo reply not sent'));
      }, delayMs);
      timer.unref();
      waiting.set(key, timer);
    },
    stop() {
      for (const timer of waiting.values()) clearTimeout(timer);
      waiting.clear();
    },
  };
}
