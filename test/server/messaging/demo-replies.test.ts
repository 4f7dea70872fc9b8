import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_REPLY_DELAY_MS, DEMO_REPLY_TEXT, messagesResponseSchema } from '../../../contract/messaging';
import type { MessageEvent, ReceiptsEvent } from '../../../contract/realtime';
import { matches } from '../../../server/db/schema';
import { orderedPair } from '../../../server/lib/member-pair';
import { insertPerson } from '../discovery/people-fixtures';
import { bearer, registerUser } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { baseUrl, connected, nextEvent, openSocket, sent } from './messaging-helpers';
import { ARRIVAL_MS } from '../helpers/waits';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await testApp?.close();
});

describe('a seeded demo person (outside production)', () => {
  it('reads a burst of messages and answers it once, DEMO_REPLY_DELAY_MS after the last, as a stored message pushed like any other', async () => {
    const member = await registerUser(testApp.app);
    const demo = await insertPerson(testApp.db, { name: 'Priya Demo', isDemo: true });
    await testApp.db.insert(matches).values(orderedPair(member.user._id, demo.id));
    const socket = openSocket(baseUrl(testApp.app), member.token);
    await connected(socket);
    try {
      const peer = { user: { _id: demo.id } };
      await sent(testApp.app, member, peer, 'hello');
      const lastSentAt = Date.now();
      await sent(testApp.app, member, peer, 'are you there?');
      const read = nextEvent<ReceiptsEvent>(socket, 'receipts:update', DEMO_REPLY_DELAY_MS + ARRIVAL_MS);
      const reply = nextEvent<MessageEvent>(socket, 'message:new', DEMO_REPLY_DELAY_MS + ARRIVAL_MS, (event) => event.message.senderId === demo.id);
      expect(await read).toEqual({ peerId: demo.id, receipts: { deliveredSeq: 2, readSeq: 2 } });
      const answer = await reply;
      expect(Date.now() - lastSentAt).toBeGreaterThanOrEqual(DEMO_REPLY_DELAY_MS - 50);
      expect(answer).toMatchObject({ peerId: demo.id, message: { seq: 3, senderId: demo.id, text: DEMO_REPLY_TEXT } });
      // One answer for the burst, stored.
      await new Promise((resolve) => setTimeout(resolve, 500));
      const history = await testApp.app.inject({ method: 'GET', url: `/api/conversations/${demo.id}/messages`, headers: bearer(member.token) });
      expect(messagesResponseSchema.parse(history.json()).messages.map((message) => message.text)).toEqual(['hello', 'are you there?', DEMO_REPLY_TEXT]);
    } finally {
      socket.disconnect();
    }
  });

  it('never answers for a real member', async () => {
    const first = await registerUser(testApp.app);
    const second = await registerUser(testApp.app);
    await testApp.db.insert(matches).values(orderedPair(first.user._id, second.user._id));
    await sent(testApp.app, first, second, 'hi');
    await new Promise((resolve) => setTimeout(resolve, DEMO_REPLY_DELAY_MS + 500));
    const history = await testApp.app.inject({ method: 'GET', url: `/api/conversations/${second.user._id}/messages`, headers: bearer(first.token) });
    expect(messagesResponseSchema.parse(history.json()).messages).toHaveLength(1);
  });
});
