import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { expect } from 'vitest';
import type { GoLiveResponse } from '../../../contract/live';
import type { CommandAnswer } from '../../../contract/realtime';
import type { OrbitApp } from '../../../server/app';
import { streams, type StreamRow } from '../../../server/db/schema';
import type { OrbitDatabase } from '../../../server/db/types';
import { command, expectOk, type Tabs } from '../calls/call-helpers';
import { bearer, type RegisteredUser } from '../helpers/accounts';
import { nextEvent } from '../messaging/messaging-helpers';
import { fakeDescription } from './fake-forwarder';
import { ARRIVAL_MS } from '../helpers/waits';

export const HOST_OFFER = fakeDescription('host-offer');
export const VIEWER_ANSWER = fakeDescription('viewer-answer');

export function goLive(app: OrbitApp, host: RegisteredUser, body: Record<string, unknown> = { title: 'Sunset over the bay', offer: HOST_OFFER }) {
  return app.inject({ method: 'POST', url: '/api/live/streams', headers: bearer(host.token), payload: body });
}

/** The host goes live and their tab holds the stream (`live:host`), as the host screen does once its connection is up. */
export async function hostedStream(app: OrbitApp, tabs: Tabs, host: RegisteredUser, title = 'Sunset over the bay'): Promise<{ streamId: string; hostTab: Socket }> {
  // The tab connects first: a stream nobody claims ends after the (short, in tests) host grace, and a
  // connection made under load could outlast it; only the claim itself belongs inside that window.
  const hostTab = await tabs.tab(host.token);
  const response = await goLive(app, host, { title, offer: HOST_OFFER });
  expect(response.statusCode, response.body).toBe(201);
  const streamId = response.json<GoLiveResponse>().stream.id;
  expectOk(await command(hostTab, 'live:host', { streamId }));
  return { streamId, hostTab };
}

/** The next event of `name` about this stream. */
export function liveEvent<T extends { streamId: string }>(socket: Socket, name: string, streamId: string, timeoutMs = ARRIVAL_MS): Promise<T> {
  return nextEvent<T>(socket, name, timeoutMs, (payload) => payload.streamId === streamId);
}

/** Resolves 'quiet' when no such event comes within `ms`, else with the payload. */
export function liveSilence<T extends { streamId: string }>(socket: Socket, name: string, streamId: string, ms = 300): Promise<T | 'quiet'> {
  return liveEvent<T>(socket, name, streamId, ms).catch(() => 'quiet' as const);
}

/** The next `live:viewers` count about the stream that equals `viewers`. */
export function viewersReach(socket: Socket, streamId: string, viewers: number, timeoutMs = ARRIVAL_MS): Promise<unknown> {
  return nextEvent<{ streamId: string; viewers: number }>(socket, 'live:viewers', timeoutMs, (payload) => payload.streamId === streamId && payload.viewers === viewers);
}

/** A viewer's tab watches: `live:watch` answered ok and the forwarder's offer arrived on that tab. */
export async function watchingTab(tabs: Tabs, viewer: RegisteredUser, streamId: string): Promise<{ tab: Socket; offer: string }> {
  const tab = await tabs.tab(viewer.token);
  const offered = liveEvent<{ streamId: string; offer: string }>(tab, 'live:offer', streamId);
  offered.catch(() => {}); // a refused or timed-out live:watch reports itself, not this
  expectOk(await command(tab, 'live:watch', { streamId }));
  const { offer } = await offered;
  return { tab, offer };
}

export function chat(socket: Socket, streamId: string, text: unknown): Promise<CommandAnswer> {
  return command(socket, 'live:chat', { streamId, text });
}

export async function storedStream(db: OrbitDatabase, streamId: string): Promise<StreamRow | undefined> {
  const [row] = await db.select().from(streams).where(eq(streams.id, streamId));
  return row;
}

/** Waits until `check` holds (timers and sweeps run on their own clocks). */
export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 4000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
