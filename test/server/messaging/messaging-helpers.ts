import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { expect } from 'vitest';
import type { Message } from '../../../contract/messaging';
import { REALTIME_PATH } from '../../../contract/realtime';
import type { OrbitApp } from '../../../server/app';
import { bearer, registerUser, type RegisteredUser } from '../helpers/accounts';
import { ARRIVAL_MS } from '../helpers/waits';

/** Two new members who liked each other through the API. */
export async function matchedPair(app: OrbitApp): Promise<[RegisteredUser, RegisteredUser]> {
  const first = await registerUser(app);
  const second = await registerUser(app);
  for (const [from, to] of [
    [first, second],
    [second, first],
  ] as const) {
    const response = await app.inject({ method: 'POST', url: '/api/users/like', headers: bearer(from.token), payload: { targetId: to.user._id, type: 'like' } });
    expect(response.statusCode, response.body).toBe(200);
  }
  return [first, second];
}

/** Whoever a message goes to: a registered member, or a demo person inserted directly. */
export interface Addressee {
  user: { _id: string };
}

export function send(app: OrbitApp, from: RegisteredUser, to: Addressee, text: string, id: string = randomUUID()) {
  return app.inject({ method: 'POST', url: `/api/conversations/${to.user._id}/messages`, headers: bearer(from.token), payload: { id, text } });
}

export async function sent(app: OrbitApp, from: RegisteredUser, to: Addressee, text: string): Promise<Message> {
  const response = await send(app, from, to, text);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ message: Message }>().message;
}

export function baseUrl(app: OrbitApp): string {
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** A browser's realtime connection, over WebSocket only (no long-polling round trips in tests). */
export function openSocket(url: string, token: string | undefined): Socket {
  return connect(url, { path: REALTIME_PATH, auth: token === undefined ? {} : { token }, transports: ['websocket'], reconnection: false, forceNew: true });
}

/** Resolves once connected; rejects with the server's refusal. */
export function connected(socket: Socket): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => reject(error));
  });
}

/**
 * The next payload of an event that `action` brings about, with the clock started at the action's answer:
 * the listener is on before the action, but a slow request (a password check on a loaded CI machine)
 * does not use up the time the event has to arrive.
 */
export async function eventAfter<T, R>(socket: Socket, event: string, action: () => Promise<R>, wanted: (payload: T) => boolean = () => true, timeoutMs = ARRIVAL_MS): Promise<{ answer: R; event: Promise<T> }> {
  let stopListening = () => {};
  const payload = new Promise<T>((resolve) => {
    const listener = (candidate: T) => {
      if (!wanted(candidate)) return;
      socket.off(event, listener);
      resolve(candidate);
    };
    stopListening = () => socket.off(event, listener);
    socket.on(event, listener);
  });
  let answer: R;
  try {
    answer = await action();
  } catch (error) {
    stopListening();
    throw error;
  }
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms of the answer`)), timeoutMs);
  });
  const arrived = Promise.race([payload, late]).finally(() => {
    clearTimeout(timer);
    stopListening();
  });
  arrived.catch(() => {}); // a test that fails before awaiting the event reports that failure, not this one
  return { answer, event: arrived };
}

/** The next payload of an event (that `wanted` accepts), or a rejection after `timeoutMs`. */
export function nextEvent<T>(socket: Socket, event: string, timeoutMs = ARRIVAL_MS, wanted: (payload: T) => boolean = () => true): Promise<T> {
  return new Promise((resolve, reject) => {
    const listener = (payload: T) => {
      if (!wanted(payload)) return;
      clearTimeout(timer);
      socket.off(event, listener);
      resolve(payload);
    };
    const timer = setTimeout(() => {
      socket.off(event, listener);
      reject(new Error(`no ${event} within ${timeoutMs} ms`));
    }, timeoutMs);
    socket.on(event, listener);
  });
}
