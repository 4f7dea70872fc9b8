import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient } from 'redis';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '../../contract/messaging';
import { REALTIME_PATH, type MessageEvent } from '../../contract/realtime';
import { createScratchPostgres, type ScratchPostgres } from '../../scripts/lib/scratch-postgres';
import { callApi } from './http';
import { ServerProcess } from './server-process';

/**
 * Orbit grown past one machine: two server processes on one PostgreSQL and
 * one Redis, a member connected to each. What one sends through the first
 * process reaches the other through the second, and back.
 */

const POSTGRES_SERVER_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const ADMIN_PASSWORD = 'two-process-admin-password-2026';
const PORTS = [5131, 5132] as const;
/** Processes that serve the same members sign and check tokens with the same secret. */
const JWT_SECRET = 'two-processes-share-this-secret-0123456789';

interface Member {
  id: string;
  token: string;
}

async function register(port: number, from: string): Promise<Member> {
  const suffix = randomUUID().slice(0, 8);
  const answer = await callApi(port, {
    method: 'POST',
    path: '/api/auth/register',
    from,
    body: { username: `pair_${suffix}`, email: `pair_${suffix}@example.com`, password: 'correct-horse-battery', age: 30, gender: 'female', acceptTerms: true },
  });
  expect(answer.status, JSON.stringify(answer.json)).toBe(201);
  const body = answer.json as { token: string; user: { _id: string } };
  return { id: body.user._id, token: body.token };
}

function online(port: number, token: string): Promise<Socket> {
  const socket = connect(`http://127.0.0.1:${port}`, { path: REALTIME_PATH, auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

// A member's own sends also reach their sockets (for their other tabs), and through Redis
// that echo can arrive late, so wait for a message from the given sender.
function nextMessageFrom(socket: Socket, senderId: string): Promise<MessageEvent> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no message:new within 5 s')), 5000);
    const onMessage = (event: MessageEvent) => {
      if (event.message.senderId !== senderId) return;
      clearTimeout(timer);
      socket.off('message:new', onMessage);
      resolve(event);
    };
    socket.on('message:new', onMessage);
  });
}

/** Fails naming Redis when it cannot be reached: the servers would otherwise only time out starting, with the reason in their logs. */
async function expectRedisReachable(url: string): Promise<void> {
  const client = createClient({ url, socket: { connectTimeout: 3_000, reconnectStrategy: false } });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.ping();
  } catch (error) {
    throw new Error(`Redis at ${url} is not reachable (${error instanceof Error ? error.message : String(error)}): the two-process test needs it`, { cause: error });
  } finally {
    await client.quit().catch(() => {});
  }
}

describe('two server processes on one PostgreSQL and Redis', () => {
  let scratch: ScratchPostgres;
  let dataDirs: string[];
  let servers: ServerProcess[];
  const sockets: Socket[] = [];

  beforeAll(async () => {
    await expectRedisReachable(REDIS_URL);
    scratch = await createScratchPostgres(POSTGRES_SERVER_URL, 'orbit_two_processes');
    dataDirs = PORTS.map(() => mkdtempSync(path.join(tmpdir(), 'orbit-two-processes-')));
    servers = PORTS.map(
      (port, index) =>
        new ServerProcess({ port, dataDir: dataDirs[index] ?? '', databaseUrl: scratch.url, adminPassword: ADMIN_PASSWORD, env: { REDIS_URL, JWT_SECRET } }),
    );
    // One after the other: the first migrates and seeds, the second finds it done.
    for (const server of servers) await server.start();
  }, 180_000);

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    for (const server of servers ?? []) await server.kill();
    for (const dir of dataDirs ?? []) rmSync(dir, { recursive: true, force: true });
    await scratch?.drop();
  });

  it('delivers a message sent through one process to a member connected to the other, both ways', async () => {
    const [firstPort, secondPort] = PORTS;
    const ana = await register(firstPort, '127.0.0.11');
    const ben = await register(secondPort, '127.0.0.12');
    for (const [from, to] of [
      [ana, ben],
      [ben, ana],
    ] as const) {
      const like = await callApi(firstPort, { method: 'POST', path: '/api/users/like', token: from.token, body: { targetId: to.id, type: 'like' } });
      expect(like.status).toBe(200);
    }
    const anaSocket = await online(firstPort, ana.token);
    const benSocket = await online(secondPort, ben.token);
    sockets.push(anaSocket, benSocket);

    const toBen = nextMessageFrom(benSocket, ana.id);
    const sent = await callApi(firstPort, { method: 'POST', path: `/api/conversations/${ben.id}/messages`, token: ana.token, body: { id: randomUUID(), text: 'hi from process one' } });
    expect(sent.status).toBe(201);
    expect(await toBen).toEqual({ peerId: ana.id, message: (sent.json as { message: Message }).message });

    const toAna = nextMessageFrom(anaSocket, ben.id);
    const reply = await callApi(secondPort, { method: 'POST', path: `/api/conversations/${ana.id}/messages`, token: ben.token, body: { id: randomUUID(), text: 'hi back from two' } });
    expect(reply.status).toBe(201);
    expect((await toAna).message.text).toBe('hi back from two');

    // Typing is never stored: it can only have crossed through Redis.
    const typing = new Promise((resolve) => benSocket.once('typing', resolve));
    const answer: unknown = await anaSocket.timeout(3000).emitWithAck('typing', { peerId: ben.id });
    expect(answer).toEqual({ ok: true });
    expect(await typing).toEqual({ peerId: ana.id });
  });

  it('closes a member\'s sockets on the other process when they log out on this one', async () => {
    const [firstPort, secondPort] = PORTS;
    const cleo = await register(firstPort, '127.0.0.13');
    const socket = await online(secondPort, cleo.token);
    sockets.push(socket);
    const gone = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    const logout = await callApi(firstPort, { method: 'POST', path: '/api/auth/logout', token: cleo.token });
    expect(logout.status).toBe(200);
    expect(await gone).toBe('io server disconnect');
  });
});
