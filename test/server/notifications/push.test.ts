import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_PUSH_WITHOUT_PREVIEW, PUSH_ENDPOINT_NOT_HTTPS_MESSAGE, notificationSettingsResponseSchema, PUSH_NOT_SET_UP_MESSAGE } from '../../../contract/notifications';
import { pushSubscriptions, userBlocks, users } from '../../../server/db/schema';
import { messageNews } from '../../../server/notifications/news';
import { bearer, registerUser, type RegisteredUser } from '../helpers/accounts';
import { startPushService, type TestBrowser } from '../helpers/push-service';
import { createTestApp, TEST_PUSH_SETTINGS, type TestApp } from '../helpers/test-app';
import { goLive, HOST_OFFER } from '../live/live-helpers';
import { FakeForwarder } from '../live/fake-forwarder';
import { baseUrl, connected, matchedPair, openSocket, sent } from '../messaging/messaging-helpers';

// Issue 51: news reaches a member who is away through web push, to every
// browser they allowed it on, encrypted to that browser and signed with the
// server's VAPID key; never for a blocked pair or a banned member.

let testApp: TestApp;
let pushService: Awaited<ReturnType<typeof startPushService>>;

beforeAll(async () => {
  testApp = await createTestApp({ live: { forwarder: new FakeForwarder() } });
  // Listening, for the test where the member has Orbit open on the realtime channel.
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  pushService = await startPushService();
});
afterAll(async () => {
  await testApp?.close();
  await pushService?.close();
});

const api = (method: 'GET' | 'PUT' | 'PATCH' | 'DELETE', url: string, token: string | null, payload?: object) =>
  testApp.app.inject({ method, url: `/api${url}`, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });

async function subscribe(member: RegisteredUser): Promise<TestBrowser> {
  const browser = pushService.newBrowser();
  const response = await api('PUT', '/notifications/push-subscription', member.token, browser.subscription);
  expect(response.statusCode, response.body).toBe(200);
  return browser;
}

async function settle(): Promise<void> {
  await testApp.app.push?.sender.idle();
}

async function like(from: RegisteredUser, to: RegisteredUser): Promise<void> {
  const response = await testApp.app.inject({ method: 'POST', url: '/api/users/like', headers: bearer(from.token), payload: { targetId: to.user._id, type: 'like' } });
  expect(response.statusCode, response.body).toBe(200);
}

describe('push subscriptions', () => {
  it('hands a signed-in member the VAPID public key, and nobody else', async () => {
    const member = await registerUser(testApp.app);
    const key = await api('GET', '/notifications/push-key', member.token);
    expect(key.statusCode).toBe(200);
    expect(key.json()).toEqual({ success: true, publicKey: TEST_PUSH_SETTINGS.publicKey });
    expect((await api('GET', '/notifications/push-key', null)).statusCode).toBe(401);
  });

  it('refuses what is not a browser subscription with a clear 400', async () => {
    const member = await registerUser(testApp.app);
    const good = pushService.newBrowser().subscription;
    for (const [payload, message] of [
      [{ ...good, endpoint: 'ftp://push.example/x' }, 'Endpoint must be the push service URL the browser gave'],
      [{ ...good, keys: { ...good.keys, p256dh: 'short' } }, 'p256dh is not a key the browser gave'],
      [{ endpoint: good.endpoint }, 'Invalid input'],
    ] as const) {
      const response = await api('PUT', '/notifications/push-subscription', member.token, payload);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.body).toContain(message === 'Invalid input' ? 'keys' : message);
    }
  });

  it('keeps one row per browser: another member signing in there takes it over', async () => {
    const [first, second] = [await registerUser(testApp.app), await registerUser(testApp.app)];
    const browser = await subscribe(first);
    expect((await api('PUT', '/notifications/push-subscription', second.token, browser.subscription)).statusCode).toBe(200);
    const rows = await testApp.db.select({ userId: pushSubscriptions.userId }).from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, browser.subscription.endpoint));
    expect(rows).toEqual([{ userId: second.user._id }]);
    // The first member cannot remove what is now the second's.
    expect((await api('DELETE', '/notifications/push-subscription', first.token, { endpoint: browser.subscription.endpoint })).statusCode).toBe(200);
    expect(await testApp.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, browser.subscription.endpoint))).toHaveLength(1);
    expect((await api('DELETE', '/notifications/push-subscription', second.token, { endpoint: browser.subscription.endpoint })).statusCode).toBe(200);
    expect(await testApp.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, browser.subscription.endpoint))).toHaveLength(0);
  });

  it('takes only https:// endpoints in production, so no member can point the server at a plain service on its network', async () => {
    const production = await createTestApp({ nodeEnv: 'production' });
    try {
      const member = await registerUser(production.app);
      const subscription = pushService.newBrowser().subscription;
      const put = (endpoint: string) =>
        production.app.inject({ method: 'PUT', url: '/api/notifications/push-subscription', headers: bearer(member.token), payload: { ...subscription, endpoint } });
      const plain = await put('http://10.0.0.5:6379/anything');
      expect(plain.statusCode).toBe(400);
      expect(plain.json()).toMatchObject({ message: PUSH_ENDPOINT_NOT_HTTPS_MESSAGE });
      expect((await put('https://fcm.googleapis.com/fcm/send/abc123')).statusCode).toBe(200);
    } finally {
      await production.close();
    }
  });

  it('answers 503 with the reason on a server without push keys', async () => {
    const withoutPush = await createTestApp({ push: null });
    try {
      const member = await registerUser(withoutPush.app);
      const response = await withoutPush.app.inject({ method: 'GET', url: '/api/notifications/push-key', headers: bearer(member.token) });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ success: false, message: PUSH_NOT_SET_UP_MESSAGE });
    } finally {
      await withoutPush.close();
    }
  });
});

describe('news pushed to a member who is away', () => {
  it('tells the member who liked first of the match, signed with VAPID and encrypted to their browser', async () => {
    const asha = await registerUser(testApp.app, { name: 'Asha' });
    const rohan = await registerUser(testApp.app, { name: 'Rohan' });
    const browser = await subscribe(asha);
    await like(asha, rohan);
    await settle();
    expect(pushService.pushesTo(browser)).toHaveLength(0);

    await like(rohan, asha);
    await settle();
    const [push, ...more] = pushService.pushesTo(browser);
    expect(more).toHaveLength(0);
    expect(push?.payload).toEqual({ kind: 'match', title: "It's a match! 🎉", body: 'You and Rohan like each other.', tag: `match-${rohan.user._id}`, url: `/messages?with=${rohan.user._id}` });
    expect(push?.headers.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${TEST_PUSH_SETTINGS.publicKey}$`));
    expect(push?.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(push?.headers.ttl)).toBeGreaterThan(0);
  });

  it('pushes a message with its text, one topic per conversation, and only who wrote once previews are off', async () => {
    const [writer, reader] = await matchedPair(testApp.app);
    const browser = await subscribe(reader);
    await sent(testApp.app, writer, reader, 'Coffee on Saturday?');
    await sent(testApp.app, writer, reader, 'Or Sunday, if that suits you better.');
    await settle();
    const pushes = pushService.pushesTo(browser);
    expect(pushes.map((push) => push.payload.body)).toEqual(['Coffee on Saturday?', 'Or Sunday, if that suits you better.']);
    expect(new Set(pushes.map((push) => push.payload.tag))).toEqual(new Set([`conversation-${writer.user._id}`]));
    expect(new Set(pushes.map((push) => push.headers.topic)).size).toBe(1);
    expect(pushes[0]?.payload.title).toBe(writer.user.profile.name);

    const off = await api('PATCH', '/notifications/settings', reader.token, { messagePreviews: false });
    expect(notificationSettingsResponseSchema.parse(off.json()).settings).toEqual({ match: true, message: true, call: true, live: true, messagePreviews: false, emailDigest: true });
    await sent(testApp.app, writer, reader, 'A secret only the chat should show');
    await settle();
    expect(pushService.pushesTo(browser).at(-1)?.payload.body).toBe(MESSAGE_PUSH_WITHOUT_PREVIEW);
  });

  it('sends nothing of a kind the member turned off, nor while a tab of theirs is open', async () => {
    const [writer, reader] = await matchedPair(testApp.app);
    const browser = await subscribe(reader);
    expect((await api('PATCH', '/notifications/settings', reader.token, { message: false })).statusCode).toBe(200);
    await sent(testApp.app, writer, reader, 'Are you there?');
    await settle();
    expect(pushService.pushesTo(browser)).toHaveLength(0);

    expect((await api('PATCH', '/notifications/settings', reader.token, { message: true })).statusCode).toBe(200);
    const tab = openSocket(baseUrl(testApp.app), reader.token);
    try {
      await connected(tab);
      await sent(testApp.app, writer, reader, 'The open app tells you this one');
      await settle();
      expect(pushService.pushesTo(browser)).toHaveLength(0);
    } finally {
      tab.close();
    }
  });

  it('never pushes news about someone either of them blocked, nor to or about a banned member', async () => {
    const [writer, reader] = await matchedPair(testApp.app);
    const browser = await subscribe(reader);
    const news = messageNews({ id: writer.user._id, name: 'Writer' }, reader.user._id, 'hello');

    await testApp.db.insert(userBlocks).values({ blockerId: reader.user._id, blockedId: writer.user._id });
    testApp.app.push?.sender.notify(news);
    await settle();
    await testApp.db.delete(userBlocks).where(eq(userBlocks.blockerId, reader.user._id));
    await testApp.db.insert(userBlocks).values({ blockerId: writer.user._id, blockedId: reader.user._id });
    testApp.app.push?.sender.notify(news);
    await settle();
    await testApp.db.delete(userBlocks).where(eq(userBlocks.blockerId, writer.user._id));
    expect(pushService.pushesTo(browser)).toHaveLength(0);

    for (const banned of [writer, reader]) {
      await testApp.db.update(users).set({ isBanned: true }).where(eq(users.id, banned.user._id));
      testApp.app.push?.sender.notify(news);
      await settle();
      await testApp.db.update(users).set({ isBanned: false }).where(eq(users.id, banned.user._id));
    }
    expect(pushService.pushesTo(browser)).toHaveLength(0);

    // The same news with nobody blocked or banned does arrive: the cases above were refused, not lost.
    testApp.app.push?.sender.notify(news);
    await settle();
    expect(pushService.pushesTo(browser)).toHaveLength(1);
  });

  it("tells a member's matches, and nobody else, that they went live", async () => {
    const [host, fan] = await matchedPair(testApp.app);
    const stranger = await registerUser(testApp.app);
    const fanBrowser = await subscribe(fan);
    const strangerBrowser = await subscribe(stranger);
    const started = await goLive(testApp.app, host, { title: 'Sunset over the bay', offer: HOST_OFFER });
    expect(started.statusCode, started.body).toBe(201);
    const streamId = started.json<{ stream: { id: string } }>().stream.id;
    await settle();
    expect(pushService.pushesTo(fanBrowser).map((push) => push.payload)).toEqual([
      { kind: 'live', title: `${host.user.profile.name} is live`, body: 'Sunset over the bay', tag: `live-${host.user._id}`, url: `/live/${streamId}` },
    ]);
    expect(pushService.pushesTo(strangerBrowser)).toHaveLength(0);
  });

  it('stops pushing to a browser once the member signed out there', async () => {
    const [writer, reader] = await matchedPair(testApp.app);
    const browser = await subscribe(reader);
    const loggedOut = await testApp.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(reader.token) });
    expect(loggedOut.statusCode, loggedOut.body).toBe(200);
    await sent(testApp.app, writer, reader, 'Whoever uses this browser now must not read this');
    await settle();
    expect(pushService.pushesTo(browser)).toHaveLength(0);
  });

  it('forgets a subscription its push service says is gone (410), and keeps the member\'s other browsers', async () => {
    const [writer, reader] = await matchedPair(testApp.app);
    const phone = await subscribe(reader);
    const laptop = await subscribe(reader);
    pushService.markGone(phone);
    await sent(testApp.app, writer, reader, 'Which one of you is still there?');
    await settle();
    const endpoints = await testApp.db.select({ endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, reader.user._id));
    expect(endpoints).toEqual([{ endpoint: laptop.subscription.endpoint }]);
    expect(pushService.pushesTo(laptop)).toHaveLength(1);
  });
});
