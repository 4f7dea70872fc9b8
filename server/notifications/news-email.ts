import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { OrbitDatabase } from '../db/types';
import type { Mailer } from '../mail/mailer';
import { claimDigest, digestNews, membersWithNews, type DigestNews } from './queries/news-email';

// The news email (issue 51): what pushes and the open app did not bring a
// member to see — new matches, messages unread for over an hour — at most
// once a day, with a one-click unsubscribe (RFC 8058) that needs no sign-in.

/** News younger than this may still be seen in the app or through a push: the email waits. */
export const NEWS_EMAIL_GRACE_MS = 60 * 60 * 1000;
/** At most one news email a day per member. */
export const NEWS_EMAIL_INTERVAL_MS = 24 * 60 * 60 * 1000;
/** News older than a week is not worth an email of its own. */
const OLDEST_NEWS_MS = 7 * 24 * 60 * 60 * 1000;
/** Members looked at per sweep; the next sweep takes the rest. */
const MEMBERS_PER_SWEEP = 500;

const UNSUBSCRIBE_PURPOSE = 'orbit-news-email-unsubscribe';

/** The key unsubscribe tokens are signed with: its own, derived from the JWT secret, so a leaked link signs nothing else. */
export function unsubscribeSecretFor(jwtSecret: string): string {
  return createHmac('sha256', jwtSecret).update('orbit news email unsubscribe v1').digest('base64url');
}

/** The member's unsubscribe token: their id and an HMAC of it, so the link needs no sign-in and cannot be made for anyone else. */
export function unsubscribeToken(secret: string, userId: string): string {
  const mac = createHmac('sha256', secret).update(`${UNSUBSCRIBE_PURPOSE}\0${userId}`).digest('base64url');
  return `${userId}.${mac}`;
}

/** The member a token was made for, or null for one Orbit did not sign. */
export function memberOfUnsubscribeToken(secret: string, token: string): string | null {
  const [userId, mac, ...rest] = token.split('.');
  if (!userId || !mac || rest.length > 0 || !/^[0-9a-f-]{36}$/.test(userId)) return null;
  const expected = Buffer.from(unsubscribeToken(secret, userId).split('.')[1] ?? '');
  const given = Buffer.from(mac);
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
}

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** Subject and text of one member's news email. */
export function newsEmailText(news: DigestNews, links: { messages: string; unsubscribe: string; settings: string }): { subject: string; text: string } {
  const unreadTotal = news.unread.reduce((sum, each) => sum + each.count, 0);
  const parts = [
    ...(news.newMatches.length > 0 ? [count(news.newMatches.length, 'new match', 'new matches')] : []),
    ...(unreadTotal > 0 ? [count(unreadTotal, 'unread message', 'unread messages')] : []),
  ];
  const lines = [
    `Hi ${news.name},`,
    '',
    'While you were away from Orbit:',
    ...news.newMatches.map((name) => `- You and ${name} like each other.`),
    ...news.unread.map(({ name, count: n }) => `- ${name} sent you ${count(n, 'message', 'messages')}.`),
    '',
    `Open Orbit: ${links.messages}`,
    '',
    'You get at most one of these emails a day.',
    `Stop them: ${links.unsubscribe}`,
    `Or choose in Settings: ${links.settings}`,
  ];
  return { subject: `Orbit: ${parts.join(' and ')}`, text: lines.join('\n') };
}

export interface NewsEmailDeps {
  db: OrbitDatabase;
  mailer: Pick<Mailer, 'send' | 'publicUrl'>;
  /** Keys the unsubscribe tokens. */
  secret: string;
  log: FastifyBaseLogger;
}

/**
 * One sweep: every member with news in the window who may get an email and
 * got none in the last day gets one. Returns how many were sent.
 */
export async function sendNewsEmails({ db, mailer, secret, log }: NewsEmailDeps, now: Date): Promise<number> {
  const window = { from: new Date(now.getTime() - OLDEST_NEWS_MS), until: new Date(now.getTime() - NEWS_EMAIL_GRACE_MS) };
  let sent = 0;
  for (const userId of await membersWithNews(db, window, new Date(now.getTime() - NEWS_EMAIL_INTERVAL_MS), MEMBERS_PER_SWEEP)) {
    const news = await digestNews(db, userId, window);
    if (!news) continue;
    if (!(await claimDigest(db, userId, now, NEWS_EMAIL_INTERVAL_MS))) continue;
    const token = unsubscribeToken(secret, userId);
    const oneClick = `${mailer.publicUrl}/api/notifications/email-unsubscribe?token=${encodeURIComponent(token)}`;
    const { subject, text } = newsEmailText(news, {
      messages: `${mailer.publicUrl}/messages`,
      unsubscribe: `${mailer.publicUrl}/unsubscribe?token=${encodeURIComponent(token)}`,
      settings: `${mailer.publicUrl}/settings`,
    });
    try {
      await mailer.send({ to: news.email, subject, text, headers: { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } });
      sent += 1;
    } catch (error) {
      // The day's claim stands: one lost email rather than a retry loop that could send several.
      log.warn({ err: error }, 'a news email could not be sent');
    }
  }
  return sent;
}
