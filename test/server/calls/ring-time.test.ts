import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '../../../contract/messaging';
import type { CallEndedEvent, MessageEvent } from '../../../contract/realtime';
import { calls } from '../../../server/db/schema';
import { bearer } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { baseUrl, matchedPair, nextEvent } from '../messaging/messaging-helpers';
import { callEvent, command, expectOk, invite, silence, storedCall, Tabs } from './call-helpers';

// Long enough for the invite and the callee's ringing to reach the server before the ring ends: at 1 s, CI's
// PostgreSQL run (beside the browser tests) handled the ringing after the call had ended, and answered it 404.
const RING_MS = 3000;
const SWEEP_MS = 200;

let testApp: TestApp;
let url = '';
const tabs = new Tabs(() => url);

beforeAll(async () => {
  testApp = await createTestApp({ calls: { ringMs: RING_MS, stunUrls: [], turn: undefined }, callTimings: { legGraceMs: 5000, sweepIntervalMs: SWEEP_MS } });
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  url = baseUrl(testApp.app);
});
afterEach(() => tabs.closeAll());
afterAll(async () => {
  await testApp?.close();
});

describe('the ring time, judged by the server', () => {
  it("ends an unanswered call 'no-answer' after CALL_RING_MS and leaves 'Missed video call' in the chat", async () => {
    const [ana, ben] = await matchedPair(testApp.app);
    const anaTab = await tabs.tab(ana.token);
    const benTab = await tabs.tab(ben.token);
    const callId = randomUUID();
    const early = silence(anaTab, 'call:ended', callId, RING_MS - 200);
    const startedAt = Date.now();
    expectOk((await invite(anaTab, ben.user._id, callId)).answer);
    expectOk(await command(benTab, 'call:ringing', { callId }));
    expect(await early).toBe('quiet');
    const toBen = callEvent<CallEndedEvent>(benTab, 'call:ended', callId);
    const entry = nextEvent<MessageEvent>(benTab, 'message:new');
    expect(await callEvent<CallEndedEvent>(anaTab, 'call:ended', callId)).toEqual({ callId, reason: 'no-answer', seconds: null });
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(RING_MS - 20);
    expect((await toBen).reason).toBe('no-answer');
    expect((await entry).message).toMatchObject({ id: callId, kind: 'missed-call', text: 'Missed video call', senderId: ana.user._id });
    expect(await storedCall(testApp.db, callId)).toMatchObject({ state: 'ended', endReason: 'no-answer', answeredAt: null });
    // Too late to answer now.
    expect(await command(benTab, 'call:answer', { callId })).toMatchObject({ ok: false, status: 404 });
    // The entry survives a reload: it is a stored message.
    const thread = await testApp.app.inject({ method: 'GET', url: `/api/conversations/${ana.user._id}/messages`, headers: bearer(ben.token) });
    expect(thread.json<{ messages: Message[] }>().messages.map((message) => message.text)).toEqual(['Missed video call']);
    // A missed call is news for the callee.
    const list = await testApp.app.inject({ method: 'GET', url: '/api/conversations', headers: bearer(ben.token) });
    expect(list.json<{ conversations: Array<{ userId: string; unread: number }> }>().conversations).toContainEqual(expect.objectContaining({ userId: ana.user._id, unread: 1 }));
  });

  it('sweeps up a call left ringing by a process that died with its timer', async () => {
    const [ana, ben] = await matchedPair(testApp.app);
    const anaTab = await tabs.tab(ana.token);
    const callId = randomUUID();
    // As another process would have stored it, a while ago, with no timer here.
    await testApp.db.insert(calls).values({ id: callId, callerId: ana.user._id, calleeId: ben.user._id, state: 'ringing', createdAt: new Date(Date.now() - RING_MS - 500) });
    expect(await callEvent<CallEndedEvent>(anaTab, 'call:ended', callId, RING_MS + SWEEP_MS * 5)).toEqual({ callId, reason: 'no-answer', seconds: null });
  });
});
