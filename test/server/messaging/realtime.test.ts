import { connect, type Socket } from 'socket.io-client';
import { REALTIME_PATH } from '../../../contract/realtime';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CommandAnswer, MessageEvent, PresenceEvent, ReceiptsEvent } from '../../../contract/realtime';
import { claimsOf, nowInSeconds, signToken } from '../helpers/forged-tokens';
import { bearer, loginAdmin, loginUser, registerUser } from '../helpers/accounts';
import { createTestApp, TEST_JWT_SECRET, type TestApp } from '../helpers/test-app';
import { SOCKETS_PER_SESSION, TOO_MANY_CONNECTIONS_MESSAGE } from '../../../server/realtime/plugin';
import { baseUrl, connected, matchedPair, nextEvent, openSocket, sent } from './messaging-helpers';
import { ARRIVAL_MS } from '../helpers/waits';

let testApp: TestApp;
let url: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  testApp = await createTestApp({ presenceGraceMs: 200 });
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  url = baseUrl(testApp.app);
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(async () => {
  await testApp?.close();
});

const app = () => testApp.app;

async function online(token: string | undefined): Promise<Socket> {
  const socket = openSocket(url, token);
  sockets.push(socket);
  await connected(socket);
  return socket;
}

function refusal(token: string | undefined): Promise<Error> {
  const socket = openSocket(url, token);
  sockets.push(socket);
  return connected(socket).then(
    () => {
      throw new Error('the socket was let in');
    },
    (error: Error) => error,
  );
}

function command(socket: Socket, name: string, payload: unknown): Promise<CommandAnswer> {
  return socket.timeout(ARRIVAL_MS).emitWithAck(name, payload) as Promise<CommandAnswer>;
}

function closed(socket: Socket): Promise<string> {
  return new Promise((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
}

describe('the handshake', () => {
  it("opens only for Orbit's own pages: a page on another site cannot use a member's token (issue 50, finding 7)", async () => {
    const member = await registerUser(app());
    const fromOrigin = (origin: string) => {
      const socket = connect(url, { path: REALTIME_PATH, auth: { token: member.token }, transports: ['websocket'], reconnection: false, forceNew: true, extraHeaders: { origin } });
      sockets.push(socket);
      return connected(socket).then(
        () => 'open',
        (error: Error) => error.message,
      );
    };
    expect(await fromOrigin('https://evil.example')).not.toBe('open');
    expect(await fromOrigin('null')).not.toBe('open');
    // The page this server served (the request's own host), and Orbit's public address.
    expect(await fromOrigin(url)).toBe('open');
    expect(await fromOrigin('http://localhost:5002')).toBe('open');
  });

  it('refuses a missing, a forged and an ended token, and lets a live one in', async () => {
    expect((await refusal(undefined)).message).toBe('Authentication required');
    const member = await registerUser(app());
    const forged = signToken({ sub: member.user._id, role: 'user', ver: 0, jti: crypto.randomUUID() }, 'not-the-secret-0123456789-abcdefghijkl', 'HS256');
    expect((await refusal(forged)).message).toBe('Authentication required');
    const token = await loginUser(app(), member.body.username, member.body.password);
    await online(token);
    const logout = await app().inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
    expect(logout.statusCode).toBe(200);
    expect((await refusal(token)).message).toMatch(/signed out|sign in again/i);
  });

  it('refuses an admin token: the channel is for members', async () => {
    expect((await refusal(await loginAdmin(app()))).message).toBe('This channel is for member accounts');
  });
});

describe('ending a session closes its sockets at once', () => {
  it('at logout', async () => {
    const member = await registerUser(app());
    const socket = await online(member.token);
    const gone = closed(socket);
    await app().inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(member.token) });
    expect(await gone).toBe('io server disconnect');
  });

  it('when the token expires', async () => {
    const member = await registerUser(app());
    const { sub, role, ver, jti } = claimsOf(member.token);
    const shortLived = signToken({ sub, role, ver, jti, iat: nowInSeconds(), exp: nowInSeconds() + 2 }, TEST_JWT_SECRET, 'HS256');
    const socket = await online(shortLived);
    const startedAt = Date.now();
    expect(await closed(socket)).toBe('io server disconnect');
    expect(Date.now() - startedAt).toBeLessThan(3500);
  });

  it('at account deletion, once the deleting tab has its answer', async () => {
    const member = await registerUser(app());
    const socket = await online(member.token);
    let answered = false;
    const gone = closed(socket).then((reason) => ({ reason, answered }));
    const deletion = await app().inject({ method: 'DELETE', url: '/api/auth/account', headers: bearer(member.token), payload: { password: member.body.password } });
    answered = true;
    expect(deletion.statusCode, deletion.body).toBe(200);
    expect(await gone).toEqual({ reason: 'io server disconnect', answered: true });
  });

  it('at a ban', async () => {
    const member = await registerUser(app());
    const socket = await online(member.token);
    const gone = closed(socket);
    const admin = await loginAdmin(app());
    const ban = await app().inject({ method: 'POST', url: `/api/admin/user/${member.user._id}/ban`, headers: bearer(admin), payload: { reason: 'spam' } });
    expect(ban.statusCode, ban.body).toBe(200);
    expect(await gone).toBe('io server disconnect');
  });
});

describe('events', () => {
  it('pushes a sent message to the other member and to the sender\'s other tabs', async () => {
    const [ana, ben] = await matchedPair(app());
    const benSocket = await online(ben.token);
    const anaOtherTab = await online(ana.token);
    const toBen = nextEvent<MessageEvent>(benSocket, 'message:new');
    const toAnaTab = nextEvent<MessageEvent>(anaOtherTab, 'message:new');
    const message = await sent(app(), ana, ben, 'hi Ben');
    expect(await toBen).toEqual({ peerId: ana.user._id, message });
    expect(await toAnaTab).toEqual({ peerId: ben.user._id, message });
  });

  it('relays typing between matches only, and answers a malformed or unauthorised command with an error', async () => {
    const [ana, ben] = await matchedPair(app());
    const stranger = await registerUser(app());
    const anaSocket = await online(ana.token);
    const benSocket = await online(ben.token);
    const typing = nextEvent(benSocket, 'typing');
    expect(await command(anaSocket, 'typing', { peerId: ben.user._id })).toEqual({ ok: true });
    expect(await typing).toEqual({ peerId: ana.user._id });
    expect(await command(anaSocket, 'typing', { peerId: stranger.user._id })).toMatchObject({ ok: false, status: 404 });
    expect(await command(anaSocket, 'typing', { peerId: 'not an id' })).toMatchObject({ ok: false, status: 400 });
    expect(await command(anaSocket, 'receipts:mark', { peerId: ben.user._id })).toMatchObject({ ok: false, status: 400 });
    // One past PostgreSQL's integer: refused by the contract, not by the database (it was a 500).
    expect(await command(anaSocket, 'receipts:mark', { peerId: ben.user._id, readSeq: 2_147_483_648 })).toMatchObject({ ok: false, status: 400 });
    expect(await command(anaSocket, 'receipts:mark', { peerId: ben.user._id, deliveredSeq: 2_147_483_648 })).toMatchObject({ ok: false, status: 400 });
    expect(await command(anaSocket, 'typing', 'garbage')).toMatchObject({ ok: false, status: 400 });
    // Still connected and answering after all that.
    expect(anaSocket.connected).toBe(true);
    expect(await command(anaSocket, 'typing', { peerId: ben.user._id })).toEqual({ ok: true });
  });

  it('slows down a socket that floods commands with a 429 answer', async () => {
    const [ana, ben] = await matchedPair(app());
    const anaSocket = await online(ana.token);
    const answers = await Promise.all(Array.from({ length: 45 }, () => command(anaSocket, 'typing', { peerId: ben.user._id })));
    expect(answers.filter((answer) => answer.ok)).toHaveLength(40);
    expect(answers.at(-1)).toMatchObject({ ok: false, status: 429 });
  });

  it('counts commands per member, not per socket: four sockets flooding together get the one allowance (issue 50, finding 4)', async () => {
    const [ana, ben] = await matchedPair(app());
    const anaSockets = await Promise.all(Array.from({ length: 4 }, () => online(ana.token)));
    const answers = await Promise.all(anaSockets.flatMap((socket) => Array.from({ length: 20 }, () => command(socket, 'typing', { peerId: ben.user._id }))));
    expect(answers.filter((answer) => answer.ok)).toHaveLength(40);
    expect(answers.filter((answer) => !answer.ok)).toEqual(Array.from({ length: 40 }, () => expect.objectContaining({ status: 429 }) as unknown));
    // Another member's allowance is their own.
    expect(await command(await online(ben.token), 'typing', { peerId: ana.user._id })).toEqual({ ok: true });
  });

  it(`lets one sign-in hold ${SOCKETS_PER_SESSION} sockets at once, refusing more with 429 even when they all arrive together`, async () => {
    const member = await registerUser(app());
    const attempts = Array.from({ length: SOCKETS_PER_SESSION + 5 }, () => {
      const socket = openSocket(url, member.token);
      sockets.push(socket);
      return connected(socket).then(
        () => 'in',
        (error: Error) => error.message,
      );
    });
    const outcomes = await Promise.all(attempts);
    expect(outcomes.filter((outcome) => outcome === 'in')).toHaveLength(SOCKETS_PER_SESSION);
    expect(outcomes.filter((outcome) => outcome !== 'in')).toEqual(Array.from({ length: 5 }, () => TOO_MANY_CONNECTIONS_MESSAGE));
    // A closed one frees its place.
    const open = sockets.filter((socket) => socket.connected);
    const gone = closed(open[0] as Socket);
    open[0]?.disconnect();
    await gone;
    await vi.waitFor(async () => expect(await online(member.token).then(() => true, () => false)).toBe(true), { timeout: ARRIVAL_MS, interval: 100 });
  });

  it('tells the sender how far the other member got; with read receipts off on either side, read stays hidden', async () => {
    const [ana, ben] = await matchedPair(app());
    const anaSocket = await online(ana.token);
    const benSocket = await online(ben.token);
    const message = await sent(app(), ana, ben, 'did you see this?');
    const readByBen = nextEvent<ReceiptsEvent>(anaSocket, 'receipts:update');
    expect(await command(benSocket, 'receipts:mark', { peerId: ana.user._id, readSeq: message.seq })).toEqual({ ok: true });
    expect(await readByBen).toEqual({ peerId: ben.user._id, receipts: { deliveredSeq: 1, readSeq: 1 } });

    const off = await app().inject({ method: 'PATCH', url: '/api/user/me', headers: bearer(ben.token), payload: { readReceipts: false } });
    expect(off.statusCode, off.body).toBe(200);
    const second = await sent(app(), ana, ben, 'and this?');
    const hidden = nextEvent<ReceiptsEvent>(anaSocket, 'receipts:update');
    await command(benSocket, 'receipts:mark', { peerId: ana.user._id, readSeq: second.seq });
    expect(await hidden).toEqual({ peerId: ben.user._id, receipts: { deliveredSeq: 2, readSeq: 0 } });
    // Ben, who turned them off, sees none of Ana's either.
    await sent(app(), ben, ana, 'hi');
    await command(anaSocket, 'receipts:mark', { peerId: ben.user._id, readSeq: 3 });
    const benView = await app().inject({ method: 'GET', url: `/api/conversations/${ana.user._id}/messages`, headers: bearer(ben.token) });
    expect(benView.json<{ receipts: unknown }>().receipts).toEqual({ deliveredSeq: 3, readSeq: 0 });
  });

  it('counts messages delivered when their reader fetches the conversation list, and tells the sender once', async () => {
    const [ana, ben] = await matchedPair(app());
    const anaSocket = await online(ana.token);
    // Ben is away: nothing of his has these yet.
    await sent(app(), ana, ben, 'are you around?');
    const second = await sent(app(), ana, ben, 'ping me later');
    const delivered = nextEvent<ReceiptsEvent>(anaSocket, 'receipts:update');
    const list = await app().inject({ method: 'GET', url: '/api/conversations', headers: bearer(ben.token) });
    expect(list.statusCode, list.body).toBe(200);
    expect(await delivered).toEqual({ peerId: ben.user._id, receipts: { deliveredSeq: second.seq, readSeq: 0 } });
    // Read is still only what Ben opens; and a second fetch has nothing new to tell.
    const anaView = await app().inject({ method: 'GET', url: '/api/conversations', headers: bearer(ana.token) });
    const summary = anaView.json<{ conversations: Array<{ userId: string; receipts: unknown }> }>().conversations.find((row) => row.userId === ben.user._id);
    expect(summary?.receipts).toEqual({ deliveredSeq: 2, readSeq: 0 });
    const repeat = nextEvent<ReceiptsEvent>(anaSocket, 'receipts:update', 500).then(() => 'told again', () => 'quiet');
    await app().inject({ method: 'GET', url: '/api/conversations', headers: bearer(ben.token) });
    expect(await repeat).toBe('quiet');
  });

  it('tells both of a new match, and the one who liked first who liked them back (their match moment)', async () => {
    const ana = await registerUser(app());
    const ben = await registerUser(app());
    await app().inject({ method: 'PATCH', url: '/api/user/me', headers: bearer(ben.token), payload: { name: 'Ben Liked-Back' } });
    const anaSocket = await online(ana.token);
    const benSocket = await online(ben.token);
    const forAna = nextEvent(anaSocket, 'match:new');
    const forBen = nextEvent(benSocket, 'match:new');
    const like = (from: typeof ana, to: typeof ana) =>
      app().inject({ method: 'POST', url: '/api/users/like', headers: bearer(from.token), payload: { targetId: to.user._id, type: 'like' } });
    expect((await like(ana, ben)).json()).toMatchObject({ match: false });
    expect((await like(ben, ana)).json()).toMatchObject({ match: true });
    // Ana liked first: she hears who liked her back, with the name and photo others see.
    expect(await forAna).toEqual({ peerId: ben.user._id, likedBackBy: { name: 'Ben Liked-Back', avatar: expect.stringMatching(/^\/api\/media\/avatar\//) as unknown } });
    // Ben has his moment from the like's answer: his event only refreshes his lists.
    expect(await forBen).toEqual({ peerId: ana.user._id });
  });

  it('closes both chats at an unmatch', async () => {
    const [ana, ben] = await matchedPair(app());
    const anaSocket = await online(ana.token);
    const benSocket = await online(ben.token);
    const endedForBen = nextEvent(benSocket, 'conversation:ended');
    const endedForAna = nextEvent(anaSocket, 'conversation:ended');
    await app().inject({ method: 'DELETE', url: `/api/matches/${ben.user._id}`, headers: bearer(ana.token) });
    expect(await endedForBen).toEqual({ peerId: ana.user._id });
    expect(await endedForAna).toEqual({ peerId: ben.user._id });
  });

  it('tells a block to the blocked member only as an ended conversation, and only when they were matched', async () => {
    const [ana, ben] = await matchedPair(app());
    const stranger = await registerUser(app());
    const benSocket = await online(ben.token);
    const strangerSocket = await online(stranger.token);
    const ended = nextEvent(benSocket, 'conversation:ended');
    let strangerHeard = false;
    strangerSocket.on('conversation:ended', () => {
      strangerHeard = true;
    });
    await app().inject({ method: 'POST', url: `/api/users/${ben.user._id}/block`, headers: bearer(ana.token) });
    await app().inject({ method: 'POST', url: `/api/users/${stranger.user._id}/block`, headers: bearer(ana.token) });
    expect(await ended).toEqual({ peerId: ana.user._id });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(strangerHeard).toBe(false);
  });

  it('tells matches when a member comes online and, after the grace, goes offline', async () => {
    const [ana, ben] = await matchedPair(app());
    const anaSocket = await online(ana.token);
    const cameOnline = nextEvent<PresenceEvent>(anaSocket, 'presence');
    const benSocket = await online(ben.token);
    expect(await cameOnline).toEqual({ userId: ben.user._id, isOnline: true });
    // Closing his last tab takes him offline, once the grace for a reload has passed.
    const wentOffline = nextEvent<PresenceEvent>(anaSocket, 'presence', ARRIVAL_MS);
    benSocket.disconnect();
    expect(await wentOffline).toEqual({ userId: ben.user._id, isOnline: false });
  });

  it('tells a member once per match when several come online together (one batch), and nobody else', async () => {
    const [ana, ben] = await matchedPair(app());
    const cleo = await registerUser(app());
    for (const [from, to] of [[ana, cleo], [cleo, ana]] as const) {
      const like = await app().inject({ method: 'POST', url: '/api/users/like', headers: bearer(from.token), payload: { targetId: to.user._id, type: 'like' } });
      expect(like.statusCode, like.body).toBe(200);
    }
    const stranger = await registerUser(app());
    const anaSocket = await online(ana.token);
    const strangerSocket = await online(stranger.token);
    const heard: PresenceEvent[] = [];
    anaSocket.on('presence', (event: PresenceEvent) => heard.push(event));
    let strangerHeard = 0;
    strangerSocket.on('presence', () => (strangerHeard += 1));
    await Promise.all([online(ben.token), online(cleo.token)]);
    // One batch tells everyone it tells at once: once Ana has heard of both, the stranger would have heard by now.
    await vi.waitFor(() => expect(heard.length).toBeGreaterThanOrEqual(2), { timeout: 10_000 });
    expect(heard.sort((a, b) => a.userId.localeCompare(b.userId))).toEqual(
      [ben, cleo].map((member) => ({ userId: member.user._id, isOnline: true })).sort((a, b) => a.userId.localeCompare(b.userId)),
    );
    expect(strangerHeard).toBe(0);
  });
});
