import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import type { PushKind, PushPayload } from '../../contract/notifications';
import type { OrbitDatabase } from '../db/types';
import type { PushSettings } from '../environment';
import { deleteGoneSubscription, matchesWithSubscriptions, pushRecipient, type StoredPushSubscription } from './queries/push';

/** What happened, for one member: the notification their browsers show. */
export interface PushNews {
  kind: PushKind;
  recipientId: string;
  /** The other member it is about: no push while either blocked the other or is banned. */
  aboutId: string;
  title: string;
  body: string;
  /** Shown instead of `body` when the member turned message previews off. */
  bodyWithoutPreview?: string;
  tag: string;
  url: string;
  /** How long the push service keeps it for a browser that is offline; a call's ring time, say. */
  ttlSeconds: number;
  /** Only while no tab of the member's is connected (an open app tells them itself); a call rings everywhere. */
  awayOnly: boolean;
}

export interface PushSender {
  /** Sends after the current answer; whether and how it goes never shows in an answer. */
  notify(news: PushNews): void;
  /** The same news for each of the member's matches (a stream starting), made per recipient. */
  notifyMatchesOf(memberId: string, newsFor: (recipientId: string) => PushNews): void;
  /** Resolves once every push started so far is settled (tests, shutdown). */
  idle(): Promise<void>;
}

/** A push service may take a few seconds; one that hangs must not hold work forever. */
const PUSH_REQUEST_TIMEOUT_MS = 10_000;

/** RFC 8030's Topic (at most 32 base64url characters): a newer push with the same topic replaces an undelivered older one. */
function topicOf(tag: string): string {
  return createHash('sha256').update(tag).digest('base64url').slice(0, 32);
}

/** The push service's host, never the whole endpoint: the path is the browser's capability. */
function serviceOf(endpoint: string): string {
  return URL.canParse(endpoint) ? new URL(endpoint).host : 'an unreadable endpoint';
}

export interface PushSenderDeps {
  db: OrbitDatabase;
  settings: PushSettings;
  log: FastifyBaseLogger;
  /** Whether a tab of the member's is on the realtime channel (any process). */
  isConnected: (userId: string) => Promise<boolean>;
}

export function createPushSender({ db, settings, log, isConnected }: PushSenderDeps): PushSender {
  const running = new Set<Promise<void>>();
  const vapidDetails = { subject: settings.subject, publicKey: settings.publicKey, privateKey: settings.privateKey };

  async function deliver(subscription: StoredPushSubscription, payload: PushPayload, news: PushNews): Promise<void> {
    // web-push encrypts and signs (RFC 8291, RFC 8292); the request itself goes through fetch.
    const request = webpush.generateRequestDetails({ endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } }, JSON.stringify(payload), {
      vapidDetails,
      TTL: news.ttlSeconds,
      urgency: news.kind === 'call' ? 'high' : 'normal',
      topic: topicOf(news.tag),
    });
    const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => name.toLowerCase() !== 'content-length').map(([name, value]) => [name, String(value)]));
    const response = await fetch(request.endpoint, {
      method: request.method,
      headers,
      body: request.body ? new Uint8Array(request.body) : null,
      signal: AbortSignal.timeout(PUSH_REQUEST_TIMEOUT_MS),
    });
    await response.body?.cancel();
    // 404 and 410: the browser unsubscribed or the subscription expired; it will never take a push again (RFC 8030 7.3).
    if (response.status === 404 || response.status === 410) {
      await deleteGoneSubscription(db, subscription.endpoint);
      return;
    }
    if (!response.ok) log.warn({ status: response.status, service: serviceOf(subscription.endpoint), kind: news.kind }, 'a push service refused a push');
  }

  async function send(news: PushNews): Promise<void> {
    // Subscriptions first: most members have none, and asking every process about connections costs more than one indexed read.
    const recipient = await pushRecipient(db, news);
    if (recipient.subscriptions.length === 0) return;
    if (news.awayOnly && (await isConnected(news.recipientId))) return;
    const body = news.kind === 'message' && !recipient.messagePreviews && news.bodyWithoutPreview !== undefined ? news.bodyWithoutPreview : news.body;
    const payload: PushPayload = { kind: news.kind, title: news.title, body, tag: news.tag, url: news.url };
    const results = await Promise.allSettled(recipient.subscriptions.map((subscription) => deliver(subscription, payload, news)));
    for (const [index, result] of results.entries()) {
      const subscription = recipient.subscriptions[index];
      if (result.status === 'rejected' && subscription) {
        log.warn({ err: result.reason, service: serviceOf(subscription.endpoint), kind: news.kind }, 'a push could not be handed to its push service');
      }
    }
  }

  function inBackground(work: () => Promise<void>): void {
    // setImmediate: the answer that caused the news is on its way before any of this starts.
    const task = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .catch((error: unknown) => log.error({ err: error }, 'preparing a push failed'))
      .finally(() => running.delete(task));
    running.add(task);
  }

  return {
    notify(news) {
      inBackground(() => send(news));
    },
    notifyMatchesOf(memberId, newsFor) {
      inBackground(async () => {
        for (const recipientId of await matchesWithSubscriptions(db, memberId)) await send(newsFor(recipientId));
      });
    },
    async idle() {
      while (running.size > 0) await Promise.all(running);
    },
  };
}
