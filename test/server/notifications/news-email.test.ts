import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNSUBSCRIBE_LINK_INVALID_MESSAGE, UNSUBSCRIBED_MESSAGE } from '../../../contract/notifications';
import { conversations, matches, notificationSettings, users } from '../../../server/db/schema';
import { orderedPair } from '../../../server/lib/member-pair';
import { bearer, registerUser, type RegisteredUser } from '../helpers/accounts';
import { outboxMessages } from '../helpers/outbox';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { sent } from '../messaging/messaging-helpers';

// Issue 51: what pushes and the open app did not bring a member to see — a new
// match, messages unread for over an hour — reaches them by email, at most once
// a day, with a one-click unsubscribe that needs no sign-in (RFC 8058).

const HOUR = 60 * 60 * 1000;
let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

async function like(from: RegisteredUser, to: RegisteredUser): Promise<void> {
  const response = await testApp.app.inject({ method: 'POST', url: '/api/users/like', headers: bearer(from.token), payload: { targetId: to.user._id, type: 'like' } });
  expect(response.statusCode, response.body).toBe(200);
}

/** Asha liked Rohan, who liked her back at `matchedAt`; she was last in Orbit at `lastSeenAt`. */
async function matchWhileAway(matchedAt: Date, lastSeenAt: Date): Promise<[RegisteredUser, RegisteredUser]> {
  const asha = await registerUser(testApp.app, { name: 'Asha' });
  const rohan = await registerUser(testApp.app, { name: 'Rohan' });
  await like(asha, rohan);
  await like(rohan, asha);
  const pair = orderedPair(asha.user._id, rohan.user._id);
  await testApp.db.update(matches).set({ createdAt: matchedAt }).where(and(eq(matches.userAId, pair.userAId), eq(matches.userBId, pair.userBId)));
  await testApp.db.update(users).set({ lastSeenAt }).where(eq(users.id, asha.user._id));
  await testApp.db.update(users).set({ lastSeenAt: matchedAt }).where(eq(users.id, rohan.user._id));
  return [asha, rohan];
}

/** The news emails to the member (registration's verification email aside). */
const mailTo = (member: RegisteredUser) => outboxMessages(testApp.outboxDir, member.body.email.toLowerCase()).filter((message) => message.subject.startsWith('Orbit: '));

async function sendDue(now: Date): Promise<number> {
  const count = await testApp.app.newsEmails.sendDue(now);
  await testApp.app.mailer.idle();
  return count;
}

function oneClickUrl(member: RegisteredUser): URL {
  const header = mailTo(member).at(-1)?.header('List-Unsubscribe') ?? '';
  const url = /^<(.+)>$/.exec(header)?.[1];
  expect(url, header).toBeDefined();
  return new URL(url ?? '');
}

describe('the news email', () => {
  it('tells a member who was away of a match an hour old, once, with a one-click unsubscribe', async () => {
    const now = new Date();
    const [asha, rohan] = await matchWhileAway(new Date(now.getTime() - 2 * HOUR), new Date(now.getTime() - 3 * HOUR));
    // Half an hour after the match it may still reach her through a push or the app: no email yet.
    expect(await sendDue(new Date(now.getTime() - 90 * 60 * 1000))).toBe(0);

    await sendDue(now);
    const [email, ...more] = mailTo(asha);
    expect(more).toHaveLength(0);
    expect(email?.subject).toBe('Orbit: 1 new match');
    expect(email?.body).toContain('You and Rohan like each other.');
    expect(email?.body).toMatch(/Stop them: http:\/\/\S+\/unsubscribe\?token=/);
    expect(email?.header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(oneClickUrl(asha).pathname).toBe('/api/notifications/email-unsubscribe');
    // Rohan made the match himself: nothing to tell him.
    expect(mailTo(rohan)).toHaveLength(0);
  });

  it('sends at most one a day, and the next day tells only what is new since', async () => {
    const now = new Date();
    const [asha, rohan] = await matchWhileAway(new Date(now.getTime() - 2 * HOUR), new Date(now.getTime() - 3 * HOUR));
    await sendDue(now);
    expect(mailTo(asha)).toHaveLength(1);

    await sent(testApp.app, rohan, asha, 'Coffee on Saturday?');
    await sent(testApp.app, rohan, asha, 'Or Sunday?');
    const pair = orderedPair(asha.user._id, rohan.user._id);
    const written = new Date(now.getTime() + HOUR);
    await testApp.db.update(conversations).set({ lastMessageAt: written }).where(and(eq(conversations.userAId, pair.userAId), eq(conversations.userBId, pair.userBId)));

    expect(await sendDue(new Date(now.getTime() + 3 * HOUR))).toBe(0);
    expect(mailTo(asha)).toHaveLength(1);

    await sendDue(new Date(now.getTime() + 25 * HOUR));
    const emails = mailTo(asha);
    expect(emails).toHaveLength(2);
    expect(emails[1]?.subject).toBe('Orbit: 2 unread messages');
    expect(emails[1]?.body).toContain('Rohan sent you 2 messages.');
    expect(emails[1]?.body).not.toContain('like each other');
  });

  it('sends nothing about what the member saw in Orbit since, nor to a banned member', async () => {
    const now = new Date();
    const [seenIt] = await matchWhileAway(new Date(now.getTime() - 2 * HOUR), new Date(now.getTime() - HOUR));
    const [banned] = await matchWhileAway(new Date(now.getTime() - 2 * HOUR), new Date(now.getTime() - 3 * HOUR));
    await testApp.db.update(users).set({ isBanned: true }).where(eq(users.id, banned.user._id));
    await sendDue(now);
    expect(mailTo(seenIt)).toHaveLength(0);
    expect(mailTo(banned)).toHaveLength(0);
  });

  it('stops in one click without signing in (RFC 8058), and refuses a token Orbit did not sign', async () => {
    const now = new Date();
    const [asha, rohan] = await matchWhileAway(new Date(now.getTime() - 2 * HOUR), new Date(now.getTime() - 3 * HOUR));
    await sendDue(now);
    const url = oneClickUrl(asha);

    const forged = new URL(url);
    forged.searchParams.set('token', `${rohan.user._id}.${url.searchParams.get('token')?.split('.')[1] ?? ''}`);
    for (const bad of [forged, new URL(`${url.origin}${url.pathname}?token=nonsense`)]) {
      const refused = await testApp.app.inject({ method: 'POST', url: `${bad.pathname}${bad.search}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ message: UNSUBSCRIBE_LINK_INVALID_MESSAGE });
    }

    // What a mail client posts: no session, a form body.
    const oneClick = await testApp.app.inject({ method: 'POST', url: `${url.pathname}${url.search}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    expect(oneClick.json()).toEqual({ success: true, message: UNSUBSCRIBED_MESSAGE });
    const [settings] = await testApp.db.select({ emailDigest: notificationSettings.emailDigest }).from(notificationSettings).where(eq(notificationSettings.userId, asha.user._id));
    expect(settings?.emailDigest).toBe(false);
    // Rohan's switches are his own.
    const rohanSettings = await testApp.db.select().from(notificationSettings).where(eq(notificationSettings.userId, rohan.user._id));
    expect(rohanSettings.every((row) => row.emailDigest)).toBe(true);

    await sent(testApp.app, rohan, asha, 'Still there?');
    await sendDue(new Date(now.getTime() + 30 * HOUR));
    expect(mailTo(asha)).toHaveLength(1);
  });
});
