import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALL_SELF_MESSAGE, type CallPeerResponse, type IceServersResponse } from '../../../contract/calls';
import { users } from '../../../server/db/schema';
import type { OrbitDatabase } from '../../../server/db/types';
import { bearer, loginAdmin, registerUser } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { matchedPair } from '../messaging/messaging-helpers';

const TURN_SECRET = 'coturn-static-auth-secret-for-tests';

let plain: TestApp;
let withTurn: TestApp;
let production: TestApp;

beforeAll(async () => {
  [plain, withTurn, production] = await Promise.all([
    createTestApp(),
    createTestApp({
      calls: {
        ringMs: 30_000,
        stunUrls: ['stun:stun.example.com:3478'],
        turn: { urls: ['turn:turn.example.com:3478?transport=udp', 'turns:turn.example.com:5349'], secret: TURN_SECRET, credentialTtlSeconds: 600 },
      },
    }),
    createTestApp({ nodeEnv: 'production' }),
  ]);
});
afterAll(async () => {
  await Promise.all([plain?.close(), withTurn?.close(), production?.close()]);
});

async function insertDemoPerson(db: OrbitDatabase): Promise<string> {
  const suffix = randomUUID().slice(0, 8);
  const [row] = await db
    .insert(users)
    .values({ username: `demo_${suffix}`, name: 'Demo Dana', email: `demo_${suffix}@example.com`, passwordHash: 'not-a-hash', isDemo: true })
    .returning({ id: users.id });
  if (!row) throw new Error('insert failed');
  return row.id;
}

function peer(testApp: TestApp, token: string, userId: string) {
  return testApp.app.inject({ method: 'GET', url: `/api/calls/peers/${userId}`, headers: bearer(token) });
}

describe('GET /api/calls/peers/:userId', () => {
  it('answers match for a live match, not-matched for anyone else, with the peer as a call shows them', async () => {
    const [ana, ben] = await matchedPair(plain.app);
    const stranger = await registerUser(plain.app);
    const matched = await peer(plain, ana.token, ben.user._id);
    expect(matched.statusCode, matched.body).toBe(200);
    expect(matched.json<CallPeerResponse>()).toEqual({ peer: { id: ben.user._id, name: ben.body.username, avatar: expect.stringMatching(/\S/) as unknown }, callable: 'match' });
    expect((await peer(plain, ana.token, stranger.user._id)).json<CallPeerResponse>().callable).toBe('not-matched');
  });

  it('answers 404 for an unknown person, someone who blocked the caller, a banned member and an admin; 400 for oneself', async () => {
    const [ana, ben] = await matchedPair(plain.app);
    expect((await peer(plain, ana.token, randomUUID())).statusCode).toBe(404);
    await plain.app.inject({ method: 'POST', url: `/api/users/${ana.user._id}/block`, headers: bearer(ben.token) });
    expect((await peer(plain, ana.token, ben.user._id)).statusCode).toBe(404);
    const banned = await registerUser(plain.app);
    const admin = await loginAdmin(plain.app);
    await plain.app.inject({ method: 'POST', url: `/api/admin/user/${banned.user._id}/ban`, headers: bearer(admin), payload: { reason: 'spam' } });
    expect((await peer(plain, ana.token, banned.user._id)).statusCode).toBe(404);
    const me = await plain.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(admin) });
    expect((await peer(plain, ana.token, me.json<{ user: { _id: string } }>().user._id)).statusCode).toBe(404);
    const self = await peer(plain, ana.token, ana.user._id);
    expect(self.statusCode).toBe(400);
    expect(self.json<{ message: string }>().message).toBe(CALL_SELF_MESSAGE);
  });

  it('answers demo for a seeded demo person outside production, not-matched in production', async () => {
    const ana = await registerUser(plain.app);
    const demo = await insertDemoPerson(plain.db);
    expect((await peer(plain, ana.token, demo)).json<CallPeerResponse>()).toMatchObject({ peer: { id: demo, name: 'Demo Dana' }, callable: 'demo' });
    const member = await registerUser(production.app);
    const productionDemo = await insertDemoPerson(production.db);
    expect((await peer(production, member.token, productionDemo)).json<CallPeerResponse>().callable).toBe('not-matched');
  });

  it('is for signed-in members only', async () => {
    const ana = await registerUser(plain.app);
    expect((await plain.app.inject({ method: 'GET', url: `/api/calls/peers/${ana.user._id}` })).statusCode).toBe(401);
    expect((await peer(plain, await loginAdmin(plain.app), ana.user._id)).statusCode).toBe(403);
  });
});

describe('GET /api/calls/ice-servers', () => {
  it('answers no servers without configuration: host candidates only', async () => {
    const ana = await registerUser(plain.app);
    const response = await plain.app.inject({ method: 'GET', url: '/api/calls/ice-servers', headers: bearer(ana.token) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ iceServers: [], expiresAt: null });
  });

  it('gives STUN, and TURN with TURN REST credentials that verify with the shared secret and expire after the TTL', async () => {
    const ana = await registerUser(withTurn.app);
    const before = Math.floor(Date.now() / 1000);
    const response = await withTurn.app.inject({ method: 'GET', url: '/api/calls/ice-servers', headers: bearer(ana.token) });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<IceServersResponse>();
    expect(body.iceServers[0]).toEqual({ urls: ['stun:stun.example.com:3478'] });
    const turn = body.iceServers[1];
    expect(turn?.urls).toEqual(['turn:turn.example.com:3478?transport=udp', 'turns:turn.example.com:5349']);
    const [expiry, userId] = (turn?.username ?? '').split(':');
    expect(userId).toBe(ana.user._id);
    expect(Number(expiry) - before).toBeGreaterThanOrEqual(600);
    expect(Number(expiry) - before).toBeLessThanOrEqual(601);
    expect(turn?.credential).toBe(createHmac('sha1', TURN_SECRET).update(turn?.username ?? '').digest('base64'));
    expect(body.expiresAt).toBe(new Date(Number(expiry) * 1000).toISOString());
    expect(response.body).not.toContain(TURN_SECRET);
  });

  it('is for signed-in members only', async () => {
    expect((await withTurn.app.inject({ method: 'GET', url: '/api/calls/ice-servers' })).statusCode).toBe(401);
    expect((await withTurn.app.inject({ method: 'GET', url: '/api/calls/ice-servers', headers: bearer(await loginAdmin(withTurn.app)) })).statusCode).toBe(403);
  });
});
