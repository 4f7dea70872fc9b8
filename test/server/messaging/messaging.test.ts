import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONVERSATION_ENDED_MESSAGE,
  CONVERSATION_NOT_FOUND_MESSAGE,
  MESSAGE_TEXT_MAX,
  MESSAGE_TOO_LONG_MESSAGE,
  conversationsResponseSchema,
  messagesResponseSchema,
  type ConversationSummary,
  type Message,
} from '../../../contract/messaging';
import { adminReportListResponseSchema } from '../../../contract/admin/reports';
import { bearer, loginAdmin, registerUser } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { matchedPair, send, sent } from './messaging-helpers';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

const app = () => testApp.app;

async function conversationsOf(token: string): Promise<ConversationSummary[]> {
  const response = await app().inject({ method: 'GET', url: '/api/conversations', headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return conversationsResponseSchema.parse(response.json()).conversations;
}

async function messagesOf(token: string, peerId: string, query = '') {
  const response = await app().inject({ method: 'GET', url: `/api/conversations/${peerId}/messages${query}`, headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return messagesResponseSchema.parse(response.json());
}

describe('sending', () => {
  it('stores a message once: a repeat with the same id returns the stored one, unchanged', async () => {
    const [ana, ben] = await matchedPair(app());
    const id = randomUUID();
    const first = await send(app(), ana, ben, 'hi Ben', id);
    expect(first.statusCode, first.body).toBe(201);
    const repeat = await send(app(), ana, ben, 'a different text on the retry', id);
    expect(repeat.statusCode, repeat.body).toBe(200);
    expect(repeat.json()).toEqual(first.json());
    const { messages } = await messagesOf(ben.token, ana.user._id);
    expect(messages.map((message) => [message.seq, message.text, message.senderId])).toEqual([[1, 'hi Ben', ana.user._id]]);
  });

  it('refuses an id already used in another conversation (409) and stores nothing for it there', async () => {
    const [ana, ben] = await matchedPair(app());
    const [cleo, dan] = await matchedPair(app());
    const id = randomUUID();
    expect((await send(app(), ana, ben, 'for Ben', id)).statusCode).toBe(201);
    // Ids are the sender's: Cleo may use the same one.
    expect((await send(app(), cleo, dan, 'same id, another sender', id)).statusCode).toBe(201);
    const forged = await send(app(), ana, dan, 'a used id, to someone else', id);
    expect(forged.statusCode, forged.body).toBe(409);
    expect((await messagesOf(ben.token, ana.user._id)).messages.map((message) => message.text)).toEqual(['for Ben']);
    expect((await messagesOf(dan.token, cleo.user._id)).messages.map((message) => message.text)).toEqual(['same id, another sender']);
  });

  it('refuses a retry and a new message alike once a block has ended the conversation (its messages went with it)', async () => {
    const [ana, ben] = await matchedPair(app());
    const id = randomUUID();
    expect((await send(app(), ana, ben, 'before the block', id)).statusCode).toBe(201);
    const block = await app().inject({ method: 'POST', url: `/api/users/${ana.user._id}/block`, headers: bearer(ben.token) });
    expect(block.statusCode, block.body).toBeLessThan(300);
    for (const answer of [await send(app(), ana, ben, 'before the block', id), await send(app(), ana, ben, 'after the block')]) {
      expect(answer.statusCode, answer.body).toBe(403);
      expect(answer.json()).toMatchObject({ message: CONVERSATION_ENDED_MESSAGE });
    }
  });

  it('stores a message sent twice at the same moment once, and answers both with it', async () => {
    const [ana, ben] = await matchedPair(app());
    const id = randomUUID();
    const answers = await Promise.all([send(app(), ana, ben, 'twice', id), send(app(), ana, ben, 'twice', id)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 201]);
    expect(answers[0]?.json()).toEqual(answers[1]?.json());
    const { messages, lastSeq } = await messagesOf(ben.token, ana.user._id);
    expect(messages).toHaveLength(1);
    expect(lastSeq).toBe(1);
  });

  it('numbers 50 concurrent sends from both members 1 to 50 without gaps or repeats', async () => {
    const [ana, ben] = await matchedPair(app());
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) => (index % 2 === 0 ? send(app(), ana, ben, `ana ${index}`) : send(app(), ben, ana, `ben ${index}`))),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(201);
    const answeredSeqs = answers.map((answer) => answer.json<{ message: Message }>().message.seq).sort((a, b) => a - b);
    expect(answeredSeqs).toEqual(Array.from({ length: 50 }, (_, index) => index + 1));
    const { messages, lastSeq } = await messagesOf(ana.token, ben.user._id, '?limit=200');
    expect(lastSeq).toBe(50);
    expect(messages.map((message) => message.seq)).toEqual(answeredSeqs);
  });

  it('refuses text over the limit and whitespace only with a 400 and a message', async () => {
    const [ana, ben] = await matchedPair(app());
    const long = await send(app(), ana, ben, 'x'.repeat(MESSAGE_TEXT_MAX + 1));
    expect(long.statusCode).toBe(400);
    expect(long.json<{ message: string }>().message).toContain(MESSAGE_TOO_LONG_MESSAGE);
    expect((await send(app(), ana, ben, 'x'.repeat(MESSAGE_TEXT_MAX))).statusCode).toBe(201);
    expect((await send(app(), ana, ben, '   \n ')).statusCode).toBe(400);
    const reversed = await send(app(), ana, ben, 'Open my photo: \u202egpj.exe');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json<{ message: string }>().message).toContain('Message must not contain invisible or text-direction characters');
    // Marks and joiners reorder nothing: right-to-left text and emoji sequences need them.
    expect((await send(app(), ana, ben, 'שלום\u200f! 👩\u200d💻')).statusCode).toBe(201);
    const notAnId = await app().inject({ method: 'POST', url: `/api/conversations/${ben.user._id}/messages`, headers: bearer(ana.token), payload: { id: 'x', text: 'hi' } });
    expect(notAnId.statusCode).toBe(400);
  });

  it('stores markup as the text it is', async () => {
    const [ana, ben] = await matchedPair(app());
    const message = await sent(app(), ana, ben, '<img src=x onerror=alert(1)>');
    expect(message.text).toBe('<img src=x onerror=alert(1)>');
  });
});

describe('who may read and write', () => {
  it('is only the two members of a live match: anyone else gets 404', async () => {
    const [ana, ben] = await matchedPair(app());
    const stranger = await registerUser(app());
    await sent(app(), ana, ben, 'private');
    expect((await send(app(), stranger, ben, 'hello?')).statusCode).toBe(404);
    const read = await app().inject({ method: 'GET', url: `/api/conversations/${ana.user._id}/messages`, headers: bearer(stranger.token) });
    expect(read.statusCode).toBe(404);
    expect(read.json<{ message: string }>().message).toBe(CONVERSATION_NOT_FOUND_MESSAGE);
    expect(await conversationsOf(stranger.token)).toEqual([]);
    const anonymous = await app().inject({ method: 'GET', url: '/api/conversations' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('ends for both at an unmatch: sends are refused with a reason and the conversation leaves both lists', async () => {
    const [ana, ben] = await matchedPair(app());
    await sent(app(), ana, ben, 'hi');
    const unmatch = await app().inject({ method: 'DELETE', url: `/api/matches/${ben.user._id}`, headers: bearer(ana.token) });
    expect(unmatch.statusCode, unmatch.body).toBe(200);
    for (const [from, to] of [
      [ana, ben],
      [ben, ana],
    ] as const) {
      const refused = await send(app(), from, to, 'still there?');
      expect(refused.statusCode).toBe(403);
      expect(refused.json<{ message: string }>().message).toBe(CONVERSATION_ENDED_MESSAGE);
      expect((await conversationsOf(from.token)).map((conversation) => conversation.userId)).not.toContain(to.user._id);
    }
    const again = await app().inject({ method: 'DELETE', url: `/api/matches/${ben.user._id}`, headers: bearer(ana.token) });
    expect(again.statusCode).toBe(404);
  });

  it('ends at a block, whoever blocks', async () => {
    const [ana, ben] = await matchedPair(app());
    await sent(app(), ana, ben, 'hi');
    const block = await app().inject({ method: 'POST', url: `/api/users/${ana.user._id}/block`, headers: bearer(ben.token) });
    expect(block.statusCode).toBe(200);
    expect((await send(app(), ana, ben, 'hello?')).statusCode).toBe(403);
    expect(await conversationsOf(ana.token)).toEqual([]);
  });

  it('removes a deleted account from the other member\'s list', async () => {
    const [ana, ben] = await matchedPair(app());
    await sent(app(), ana, ben, 'hi');
    const deleted = await app().inject({ method: 'DELETE', url: '/api/auth/account', headers: bearer(ben.token), payload: { password: ben.body.password } });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await conversationsOf(ana.token)).toEqual([]);
  });
});

describe('reading', () => {
  it('lists conversations latest activity first with the last message and unread counts, and clears them as read', async () => {
    const [ana, ben] = await matchedPair(app());
    const cleo = await registerUser(app());
    for (const [from, to] of [
      [ana, cleo],
      [cleo, ana],
    ] as const) {
      await app().inject({ method: 'POST', url: '/api/users/like', headers: bearer(from.token), payload: { targetId: to.user._id, type: 'like' } });
    }
    // Cleo is the newer match, but Ben writes after it.
    await sent(app(), ben, ana, 'one');
    const last = await sent(app(), ben, ana, 'two');
    const list = await conversationsOf(ana.token);
    expect(list.map((conversation) => conversation.userId)).toEqual([ben.user._id, cleo.user._id]);
    expect(list[0]).toMatchObject({ lastMessage: last, lastSeq: 2, unread: 2 });
    expect(list[1]).toMatchObject({ lastMessage: null, lastSeq: 0, unread: 0 });
  });

  it('catches up after a number with exactly what is missing, and pages older history 50 at a time', async () => {
    const [ana, ben] = await matchedPair(app());
    for (let index = 1; index <= 120; index += 1) await sent(app(), index % 3 === 0 ? ben : ana, index % 3 === 0 ? ana : ben, `message ${index}`);
    const after = await messagesOf(ben.token, ana.user._id, '?after=117');
    expect(after.messages.map((message) => message.seq)).toEqual([118, 119, 120]);
    const newest = await messagesOf(ben.token, ana.user._id);
    expect(newest.messages.map((message) => message.seq)).toEqual(Array.from({ length: 50 }, (_, index) => 71 + index));
    expect(newest.hasOlder).toBe(true);
    const older = await messagesOf(ben.token, ana.user._id, '?before=71');
    expect(older.messages[0]?.seq).toBe(21);
    expect(older.messages.at(-1)?.seq).toBe(70);
    const oldest = await messagesOf(ben.token, ana.user._id, '?before=21');
    expect(oldest.messages.map((message) => message.seq)).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
    expect(oldest.hasOlder).toBe(false);
    const bad = await app().inject({ method: 'GET', url: `/api/conversations/${ana.user._id}/messages?after=-1`, headers: bearer(ben.token) });
    expect(bad.statusCode).toBe(400);
    // Past the largest number the database holds: a clear 400 in a live conversation, not a failed query.
    for (const range of ['after', 'before']) {
      const tooFar = await app().inject({ method: 'GET', url: `/api/conversations/${ana.user._id}/messages?${range}=9007199254740969`, headers: bearer(ben.token) });
      expect(tooFar.statusCode, tooFar.body).toBe(400);
      expect(tooFar.json<{ message: string }>().message).toContain(`${range} must be 2147483647 or less`);
    }
  });
});

describe('reports and exports', () => {
  it('attaches the conversation to a report from the chat, kept after the block ends it, gone once resolved', async () => {
    const [ana, ben] = await matchedPair(app());
    await sent(app(), ana, ben, 'hello');
    await sent(app(), ben, ana, 'something nasty');
    const report = await app().inject({
      method: 'POST',
      url: `/api/users/${ben.user._id}/report`,
      headers: bearer(ana.token),
      payload: { reason: 'harassment', attachConversation: true },
    });
    expect(report.statusCode, report.body).toBe(201);
    const admin = await loginAdmin(app());
    const queue = await app().inject({ method: 'GET', url: '/api/admin/reports?status=open&limit=50', headers: bearer(admin) });
    const entry = adminReportListResponseSchema.parse(queue.json()).reports.find((candidate) => candidate.reported._id === ben.user._id);
    expect(entry?.messages.map((message) => [message.fromReported, message.text])).toEqual([
      [false, 'hello'],
      [true, 'something nasty'],
    ]);
    const resolve = await app().inject({ method: 'POST', url: `/api/admin/reports/${entry?._id}/resolve`, headers: bearer(admin) });
    expect(resolve.statusCode, resolve.body).toBe(200);
    const resolved = await app().inject({ method: 'GET', url: '/api/admin/reports?status=resolved&limit=50', headers: bearer(admin) });
    const after = adminReportListResponseSchema.parse(resolved.json()).reports.find((candidate) => candidate._id === entry?._id);
    expect(after?.messages).toEqual([]);
  });

  it('puts the member\'s messages, both ways, in their data export', async () => {
    const [ana, ben] = await matchedPair(app());
    await sent(app(), ana, ben, 'from ana');
    await sent(app(), ben, ana, 'from ben');
    const exported = await app().inject({ method: 'GET', url: '/api/user/me/export', headers: bearer(ana.token) });
    expect(exported.statusCode).toBe(200);
    expect(exported.json<{ messages: unknown[] }>().messages).toEqual([
      expect.objectContaining({ with: ben.body.username, seq: 1, fromMe: true, text: 'from ana' }),
      expect.objectContaining({ with: ben.body.username, seq: 2, fromMe: false, text: 'from ben' }),
    ]);
  });
});

describe('rate limit', () => {
  it('answers 429 past the per-sender limit', async () => {
    const limited = await createTestApp({ rateLimits: { message: { max: 3, windowMs: 60_000 } } });
    try {
      const [ana, ben] = await matchedPair(limited.app);
      for (let index = 0; index < 3; index += 1) expect((await send(limited.app, ana, ben, `m${index}`)).statusCode).toBe(201);
      const refused = await send(limited.app, ana, ben, 'one too many');
      expect(refused.statusCode).toBe(429);
      expect(refused.json<{ message: string }>().message).toMatch(/try again/i);
    } finally {
      await limited.close();
    }
  });
});
