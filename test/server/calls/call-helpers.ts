import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { expect } from 'vitest';
import type { CommandAnswer } from '../../../contract/realtime';
import { calls, type CallRow } from '../../../server/db/schema';
import type { OrbitDatabase } from '../../../server/db/types';
import { connected, nextEvent, openSocket } from '../messaging/messaging-helpers';
import { ARRIVAL_MS } from '../helpers/waits';

/** A member's open tabs in one test, closed after it. */
export class Tabs {
  private readonly open: Socket[] = [];

  constructor(private readonly url: () => string) {}

  async tab(token: string): Promise<Socket> {
    const socket = openSocket(this.url(), token);
    this.open.push(socket);
    await connected(socket);
    return socket;
  }

  closeAll(): void {
    for (const socket of this.open.splice(0)) socket.disconnect();
  }
}

export function command(socket: Socket, name: string, payload: unknown): Promise<CommandAnswer> {
  return socket.timeout(ARRIVAL_MS).emitWithAck(name, payload) as Promise<CommandAnswer>;
}

/** The next event of `name` about this call. */
export function callEvent<T extends { callId: string }>(socket: Socket, name: string, callId: string, timeoutMs = ARRIVAL_MS): Promise<T> {
  return nextEvent<T>(socket, name, timeoutMs, (payload) => payload.callId === callId);
}

/** Resolves 'quiet' when no such event comes within `ms`, else with the payload. */
export function silence<T extends { callId: string }>(socket: Socket, name: string, callId: string, ms = 300): Promise<T | 'quiet'> {
  return callEvent<T>(socket, name, callId, ms).catch(() => 'quiet' as const);
}

export async function invite(socket: Socket, calleeId: string, callId: string = randomUUID()): Promise<{ callId: string; answer: CommandAnswer }> {
  return { callId, answer: await command(socket, 'call:invite', { callId, calleeId }) };
}

export async function storedCall(db: OrbitDatabase, callId: string): Promise<CallRow | undefined> {
  const [row] = await db.select().from(calls).where(eq(calls.id, callId));
  return row;
}

export function expectOk(answer: CommandAnswer): void {
  expect(answer).toEqual({ ok: true });
}
