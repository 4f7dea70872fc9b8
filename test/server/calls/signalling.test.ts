import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { CALL_ALREADY_ANSWERED_MESSAGE, CALL_NOT_MATCHED_MESSAGE, CALL_RATE_MAX, CALL_SDP_MAX, CALL_SELF_MESSAGE } from '../../../contract/calls';
import type { Message } from '../../../contract/messaging';
import type { CallEndedEvent, CallIncomingEvent, CallSignalEvent, MessageEvent } from '../../../contract/realtime';
import { calls, users } from '../../../server/db/schema';
import { bearer, loginAdmin, registerUser, type RegisteredUser } from '../helpers/accounts';
import { listeningTestApp } from '../helpers/listening-app';
import { eventAfter, matchedPair, nextEvent, send } from '../messaging/messaging-helpers';
import { callEvent, command, expectOk, invite, silence, storedCall } from './call-helpers';
import { CALLER_IN_CALL_MESSAGE } from '../../../server/calls/service';

const LEG_GRACE_MS = 500;

const listening = listeningTestApp({ callTimings: { legGraceMs: LEG_GRACE_MS, sweepIntervalMs: 200 } });
const { tabs } = listening;

const app = () => listening.testApp.app;

async function like(from: RegisteredUser, to: RegisteredUser): Promise<void> {
  const response = await app().inject({ method: 'POST', url: '/api/users/like', headers: bearer(from.token), payload: { targetId: to.user._id, type: 'like' } });
  expect(response.statusCode, response.body).toBe(200);
}

/** The member's unread count in their conversation with the peer, as GET /conversations reports it. */
async function unreadFrom(member: RegisteredUser, peer: RegisteredUser): Promise<number | undefined> {
  const response = await app().inject({ method: 'GET', url: '/api/conversations', headers: bearer(member.token) });
  const { conversations } = response.json<{ conversations: Array<{ userId: string; unread: number }> }>();
  return conversations.find((conversation) => conversation.userId === peer.user._id)?.unread;
}

async function chat(member: RegisteredUser, peer: RegisteredUser): Promise<Message[]> {
  const response = await app().inject({ method: 'GET', url: `/api/conversations/${peer.user._id}/messages`, headers: bearer(member.token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ messages: Message[] }>().messages;
}

/** Ana calls Ben, Ben's tab answers: both tabs hold the call. */
async function connectedCall() {
  const [ana, ben] = await matchedPair(app());
  const anaTab = await tabs.tab(ana.token);
  const benTab = await tabs.tab(ben.token);
  const incoming = nextEvent<CallIncomingEvent>(benTab, 'call:incoming');
  const { callId, answer } = await invite(anaTab, ben.user._id);
  expectOk(answer);
  await incoming;
  const answered = callEvent(anaTab, 'call:answered', callId);
  expectOk(await command(benTab, 'call:answer', { callId }));
  await answered;
  return { ana, ben, anaTab, benTab, callId };
}

describe('who may call', () => {
  it('lets only the two members of a live match invite', async () => {
    const [ana, ben] = await matchedPair(app());
    const stranger = await registerUser(app());
    const anaTab = await tabs.tab(ana.token);
    await tabs.tab(ben.token);
    await tabs.tab(stranger.token);

    expect((await invite(anaTab, stranger.user._id)).answer).toEqual({ ok: false, status: 403, message: CALL_NOT_MATCHED_MESSAGE });
    expect((await invite(anaTab, randomUUID())).answer).toMatchObject({ ok: false, status: 404 });
    expect((await invite(anaTab, ana.user._id)).answer).toEqual({ ok: false, status: 400, message: CALL_SELF_MESSAGE });
    expect(await listening.testApp.db.select().from(calls).where(eq(calls.callerId, ana.user._id))).toEqual([]);

    // Once Ben blocked her, Ana cannot reach him at all: he reads as unknown.
    await app().inject({ method: 'POST', url: `/api/users/${ana.user._id}/block`, headers: bearer(ben.token) });
    expect((await invite(anaTab, ben.user._id)).answer).toMatchObject({ ok: false, status: 404 });
  });

  it('refuses a call to a demo person: the browser simulates those', async () => {
    const ana = await registerUser(app());
    const anaTab = await tabs.tab(ana.token);
    const [demo] = await listening.testApp.db
      .insert(users)
      .values({ username: `demo_${randomUUID().slice(0, 8)}`, email: `${randomUUID()}@demo.example.com`, passwordHash: 'x', isDemo: true })
      .returning({ id: users.id });
    expect((await invite(anaTab, demo?.id ?? '')).answer).toMatchObject({ ok: false, status: 403 });
  });

  it(`allows ${CALL_RATE_MAX} calls per window, counted from the stored calls, then answers 429`, async () => {
    const [ana, ben] = await matchedPair(app());
    const anaTab = await tabs.tab(ana.token);
    // Ben is offline: each call ends "unavailable" at once, and still counts.
    for (let index = 0; index < CALL_RATE_MAX; index += 1) expectOk((await invite(anaTab, ben.user._id)).answer);
    expect((await invite(anaTab, ben.user._id)).answer).toMatchObject({ ok: false, status: 429 });
    const stored = await listening.testApp.db.select().from(calls).where(eq(calls.callerId, ana.user._id));
    expect(stored).toHaveLength(CALL_RATE_MAX);
  });

  it('takes the same invite twice as one call, and refuses a second call of the pair while one rings', async () => {
    const [ana, ben] = await matchedPair(app());
    const anaTab = await tabs.tab(ana.token);
    const benTab = await tabs.tab(ben.token);
    const heard: CallIncomingEvent[] = [];
    benTab.on('call:incoming', (event: CallIncomingEvent) => heard.push(event));
    const { callId } = await invite(anaTab, ben.user._id);
    expectOk((await invite(anaTab, ben.user._id, callId)).answer);
    expect((await invite(anaTab, ben.user._id)).answer).toMatchObject({ ok: false, status: 409 });
    // Ben cannot ring Ana back over it either.
    expect((await invite(benTab, ana.user._id)).answer).toMatchObject({ ok: false, status: 409 });
    await vi.waitFor(() => expect(heard.length).toBeGreaterThan(0), { timeout: 10_000 });
    // The refused invites were answered before this: had they rung, Ben would have heard it by now.
    expect(heard).toEqual([{ callId, peer: { id: ana.user._id, name: ana.body.username, avatar: expect.any(String) as unknown } }]);
    expect(await listening.testApp.db.select().from(calls).where(eq(calls.callerId, ana.user._id))).toHaveLength(1);
  });
});

describe('a call that cannot ring', () => {
  it('is busy when the callee is in another call, and leaves a missed call in the chat', async () => {
    const { ben } = await connectedCall();
    const cleo = await registerUser(app());
    await like(cleo, ben);
    await like(ben, cleo);
    const cleoTab = await tabs.tab(cleo.token);
    const callId = randomUUID();
    const ended = callEvent<CallEndedEvent>(cleoTab, 'call:ended', callId);
    const entry = nextEvent<MessageEvent>(cleoTab, 'message:new');
    expectOk((await invite(cleoTab, ben.user._id, callId)).answer);
    expect(await ended).toEqual({ callId, reason: 'busy', seconds: null });
    expect((await entry).message).toMatchObject({ id: callId, senderId: cleo.user._id, kind: 'missed-call', text: 'Missed video call' });
    expect((await storedCall(listening.testApp.db, callId))?.endReason).toBe('busy');
  });

  it('refuses a second call from someone already in one, and places nothing', async () => {
    const { ben } = await connectedCall();
    const cleo = await registerUser(app());
    await like(cleo, ben);
    await like(ben, cleo);
    await tabs.tab(cleo.token);
    const benTab = await tabs.tab(ben.token);
    expect((await invite(benTab, cleo.user._id)).answer).toMatchObject({ ok: false, status: 409, message: CALLER_IN_CALL_MESSAGE });
    expect(await listening.testApp.db.select().from(calls).where(eq(calls.calleeId, cleo.user._id))).toHaveLength(0);
  });

  it('is unavailable when the callee has no Orbit open', async () => {
    const [ana, ben] = await matchedPair(app());
    const anaTab = await tabs.tab(ana.token);
    const callId = randomUUID();
    const ended = callEvent<CallEndedEvent>(anaTab, 'call:ended', callId);
    expectOk((await invite(anaTab, ben.user._id, callId)).answer);
    expect(await ended).toEqual({ callId, reason: 'unavailable', seconds: null });
    expect((await chat(ben, ana)).map((message) => [message.kind, message.text])).toEqual([['missed-call', 'Missed video call']]);
  });
});

describe('ringing and answering', () => {
  it("tells the caller's tabs once the callee's Orbit rings", async () => {
    const [ana, ben] = await matchedPair(app());
    const anaTab = await tabs.tab(ana.token);
    const anaOtherTab = await tabs.tab(ana.token);
    const benTab = await tabs.tab(ben.token);
    const incoming = nextEvent<CallIncomingEvent>(benTab, 'call:incoming');
    const { callId } = await invite(anaTab, ben.user._id);
    expect((await incoming).callId).toBe(callId);
    const ringing = callEvent(anaTab, 'call:ringing', callId);
    const ringingElsewhere = callEvent(anaOtherTab, 'call:ringing', callId);
    expectOk(await command(benTab, 'call:ringing', { callId }));
    expect(await ringing).toEqual({ callId });
    expect(await ringingElsewhere).toEqual({ callId });
    expect((await storedCall(listening.testApp.db, callId))?.ringingAt).toBeInstanceOf(Date);
    // Only the callee's tabs ring for it.
    expect(await command(anaTab, 'call:ringing', { callId })).toMatchObject({ ok: false, status: 404 });
  });

  it('gives the call to the first tab that answers; the second gets 409 and every tab hears it was answered', async () => {
    const [ana, ben] = await matchedPair(app());
    const anaTab = await tabs.tab(ana.token);
    const benFirst = await tabs.tab(ben.token);
    const benSecond = await tabs.tab(ben.token);
    const { callId } = await invite(anaTab, ben.user._id);
    const heardBySecond = callEvent(benSecond, 'call:answered', callId);
    const heardByCaller = callEvent(anaTab, 'call:answered', callId);
    expectOk(await command(benFirst, 'call:answer', { callId }));
    expect(await command(benSecond, 'call:answer', { callId })).toEqual({ ok: false, status: 409, message: CALL_ALREADY_ANSWERED_MESSAGE });
    expect(await heardBySecond).toEqual({ callId });
    expect(await heardByCaller).toEqual({ callId });
    expect(await storedCall(listening.testApp.db, callId)).toMatchObject({ state: 'active', answeredAt: expect.any(Date) as unknown });
    // Ana's tab cannot answer her own call.
    expect(await command(anaTab, 'call:answer', { callId })).toMatchObject({ ok: false, status: 404 });
  });

  it("ends a declined call for the caller, and the chat says it was declined, not missed", async () => {
    const [ana, ben] = await matchedPair(app());
    const anaTab = await tabs.tab(ana.token);
    const benTab = await tabs.tab(ben.token);
    const { callId } = await invite(anaTab, ben.user._id);
    const ended = callEvent<CallEndedEvent>(anaTab, 'call:ended', callId);
    expectOk(await command(benTab, 'call:decline', { callId }));
    expect(await ended).toEqual({ callId, reason: 'declined', seconds: null });
    expect(await command(benTab, 'call:answer', { callId })).toMatchObject({ ok: false, status: 404 });
    expect((await chat(ana, ben)).at(-1)).toMatchObject({ id: callId, kind: 'missed-call', text: 'Declined video call' });
  });

  it("ends a cancelled call on the callee's tabs", async () => {
    const [ana, ben] = await matchedPair(app());
    const anaTab = await tabs.tab(ana.token);
    const benTab = await tabs.tab(ben.token);
    const { callId } = await invite(anaTab, ben.user._id);
    const ended = callEvent<CallEndedEvent>(benTab, 'call:ended', callId);
    expectOk(await command(anaTab, 'call:hangup', { callId }));
    expect(await ended).toEqual({ callId, reason: 'cancelled', seconds: null });
    expect((await chat(ana, ben)).at(-1)).toMatchObject({ id: callId, kind: 'missed-call', text: 'Missed video call' });
  });
});

describe('hanging up', () => {
  for (const side of ['caller', 'callee'] as const) {
    it(`ends a connected call for both when the ${side} hangs up`, async () => {
      const { anaTab, benTab, callId } = await connectedCall();
      const toAna = callEvent<CallEndedEvent>(anaTab, 'call:ended', callId);
      const toBen = callEvent<CallEndedEvent>(benTab, 'call:ended', callId);
      expectOk(await command(side === 'caller' ? anaTab : benTab, 'call:hangup', { callId }));
      expect(await toAna).toEqual({ callId, reason: 'hung-up', seconds: 0 });
      expect(await toBen).toEqual({ callId, reason: 'hung-up', seconds: 0 });
      // Ended once: a second hang-up finds nothing.
      expect(await command(anaTab, 'call:hangup', { callId })).toMatchObject({ ok: false, status: 404 });
    });
  }

  it("writes the call's length into the chat: 'Video call · m:ss'", async () => {
    const { ana, ben, benTab, callId } = await connectedCall();
    // As if they had talked for 3 minutes 12 seconds.
    await listening.testApp.db.update(calls).set({ answeredAt: new Date(Date.now() - 192_500) }).where(eq(calls.id, callId));
    const entry = nextEvent<MessageEvent>(benTab, 'message:new');
    const ended = callEvent<CallEndedEvent>(benTab, 'call:ended', callId);
    expectOk(await command(benTab, 'call:hangup', { callId }));
    expect((await ended).seconds).toBe(192);
    expect(await entry).toEqual({ peerId: ana.user._id, message: expect.objectContaining({ id: callId, senderId: ana.user._id, kind: 'call', text: 'Video call · 3:12' }) as unknown });
    expect((await chat(ben, ana)).map((message) => message.text)).toEqual(['Video call · 3:12']);
    // Both were in the call: its entry is nobody's unread news.
    expect(await unreadFrom(ben, ana)).toBe(0);
  });
  it("ends a call whose id the caller's browser already used for a message, leaving that message as the only entry", async () => {
    const [ana, ben] = await matchedPair(app());
    const anaTab = await tabs.tab(ana.token);
    const benTab = await tabs.tab(ben.token);
    const reusedId = randomUUID();
    expect((await send(app(), ana, ben, 'hello', reusedId)).statusCode).toBe(201);
    const incoming = nextEvent<CallIncomingEvent>(benTab, 'call:incoming');
    expectOk((await invite(anaTab, ben.user._id, reusedId)).answer);
    await incoming;
    const ended = callEvent<CallEndedEvent>(benTab, 'call:ended', reusedId);
    expectOk(await command(anaTab, 'call:hangup', { callId: reusedId }));
    expect(await ended).toMatchObject({ callId: reusedId, reason: 'cancelled' });
    expect((await storedCall(listening.testApp.db, reusedId))?.endedAt).toBeInstanceOf(Date);
    expect((await chat(ben, ana)).map((message) => ({ id: message.id, text: message.text }))).toEqual([{ id: reusedId, text: 'hello' }]);
    // A missed call's entry would have counted too: only the message does.
    expect(await unreadFrom(ben, ana)).toBe(1);
  });
});

describe('signalling', () => {
  const offer = { kind: 'description', description: { type: 'offer', sdp: 'v=0\r\n' } } as const;

  it('relays between the two tabs of the call only, and refuses everyone else with 403', async () => {
    const { ana, ben, anaTab, benTab, callId } = await connectedCall();
    const benOtherTab = await tabs.tab(ben.token);
    const anaOtherTab = await tabs.tab(ana.token);
    const stranger = await registerUser(app());
    const strangerTab = await tabs.tab(stranger.token);

    const toBen = callEvent<CallSignalEvent>(benTab, 'call:signal', callId);
    const toBenOtherTab = silence(benOtherTab, 'call:signal', callId);
    const echo = silence(anaTab, 'call:signal', callId);
    expectOk(await command(anaTab, 'call:signal', { callId, signal: offer }));
    expect(await toBen).toEqual({ callId, signal: offer });
    expect(await toBenOtherTab).toBe('quiet');
    expect(await echo).toBe('quiet');

    // A full-size session description fits through the channel.
    const bigOffer = { kind: 'description', description: { type: 'offer', sdp: 'a'.repeat(CALL_SDP_MAX) } } as const;
    const bigToBen = callEvent<CallSignalEvent>(benTab, 'call:signal', callId);
    expectOk(await command(anaTab, 'call:signal', { callId, signal: bigOffer }));
    expect((await bigToBen).signal).toEqual(bigOffer);

    const candidate = { kind: 'candidate', candidate: { candidate: 'candidate:1 1 udp 2122260223 127.0.0.1 50000 typ host', sdpMid: '0', sdpMLineIndex: 0 } } as const;
    const toAna = callEvent<CallSignalEvent>(anaTab, 'call:signal', callId);
    expectOk(await command(benTab, 'call:signal', { callId, signal: candidate }));
    expect(await toAna).toEqual({ callId, signal: candidate });

    for (const outsider of [benOtherTab, anaOtherTab, strangerTab]) {
      expect(await command(outsider, 'call:signal', { callId, signal: offer })).toMatchObject({ ok: false, status: 403 });
    }
  });

  it('answers malformed commands with 400 and keeps working', async () => {
    const { anaTab, benTab, callId } = await connectedCall();
    const malformed: Array<[string, unknown]> = [
      ['call:invite', { callId: 'not-a-uuid', calleeId: randomUUID() }],
      ['call:invite', 'garbage'],
      ['call:answer', {}],
      ['call:hangup', { callId, reason: 'bored' }],
      ['call:signal', { callId, signal: { kind: 'description', description: { type: 'offer', sdp: 'x'.repeat(CALL_SDP_MAX + 1) } } }],
      ['call:signal', { callId, signal: { kind: 'telepathy' } }],
      ['call:signal', null],
      ['call:rejoin', [callId]],
    ];
    for (const [name, payload] of malformed) expect(await command(anaTab, name, payload), name).toMatchObject({ ok: false, status: 400 });
    expect(anaTab.connected).toBe(true);
    const relayed = callEvent<CallSignalEvent>(benTab, 'call:signal', callId);
    expectOk(await command(anaTab, 'call:signal', { callId, signal: { kind: 'media', muted: true, cameraOff: false } }));
    expect((await relayed).signal).toEqual({ kind: 'media', muted: true, cameraOff: false });
  });

  it('gives signals an allowance of their own, which leaves other commands theirs', async () => {
    const { ben, anaTab, callId } = await connectedCall();
    const media = { kind: 'media', muted: false, cameraOff: false } as const;
    const answers = await Promise.all(Array.from({ length: 305 }, () => command(anaTab, 'call:signal', { callId, signal: media })));
    expect(answers.filter((answer) => answer.ok)).toHaveLength(300);
    expect(answers.at(-1)).toMatchObject({ ok: false, status: 429 });
    expectOk(await command(anaTab, 'typing', { peerId: ben.user._id }));
  });
});

describe('calls ended from elsewhere', () => {
  it('ends a call at once for both when one blocks the other, with no entry in the closed chat', async () => {
    const { ana, ben, anaTab, benTab, callId } = await connectedCall();
    const toAna = callEvent<CallEndedEvent>(anaTab, 'call:ended', callId);
    const toBen = callEvent<CallEndedEvent>(benTab, 'call:ended', callId);
    const block = await app().inject({ method: 'POST', url: `/api/users/${ana.user._id}/block`, headers: bearer(ben.token) });
    expect(block.statusCode, block.body).toBe(200);
    expect((await toAna).reason).toBe('blocked');
    expect((await toBen).reason).toBe('blocked');
    expect(await storedCall(listening.testApp.db, callId)).toMatchObject({ state: 'ended', endReason: 'blocked' });
    // Signalling stops with it: the room is gone.
    expect(await command(anaTab, 'call:signal', { callId, signal: { kind: 'media', muted: false, cameraOff: false } })).toMatchObject({ ok: false, status: 403 });
  });

  it('ends a ringing call at an unmatch', async () => {
    const [ana, ben] = await matchedPair(app());
    const anaTab = await tabs.tab(ana.token);
    const benTab = await tabs.tab(ben.token);
    const { callId } = await invite(anaTab, ben.user._id);
    const toBen = callEvent<CallEndedEvent>(benTab, 'call:ended', callId);
    await app().inject({ method: 'DELETE', url: `/api/matches/${ben.user._id}`, headers: bearer(ana.token) });
    expect((await toBen).reason).toBe('blocked');
  });

  it("ends a banned member's call, telling the other side", async () => {
    const { ben, anaTab, callId } = await connectedCall();
    const toAna = callEvent<CallEndedEvent>(anaTab, 'call:ended', callId);
    const admin = await loginAdmin(app());
    const ban = await app().inject({ method: 'POST', url: `/api/admin/user/${ben.user._id}/ban`, headers: bearer(admin), payload: { reason: 'spam' } });
    expect(ban.statusCode, ban.body).toBe(200);
    expect((await toAna).reason).toBe('blocked');
  });

  it("tells the other side when a member deletes their account mid-call", async () => {
    const { ben, anaTab, callId } = await connectedCall();
    const deletion = await eventAfter(
      anaTab,
      'call:ended',
      () => app().inject({ method: 'DELETE', url: '/api/auth/account', headers: bearer(ben.token), payload: { password: ben.body.password } }),
      (ended: CallEndedEvent) => ended.callId === callId,
    );
    expect(deletion.answer.statusCode, deletion.answer.body).toBe(200);
    expect((await deletion.event).reason).toBe('blocked');
  });
});

describe('a lost socket', () => {
  it("ends the call 'lost' once the caller's socket has been gone for the grace", async () => {
    const { anaTab, benTab, callId } = await connectedCall();
    const ended = callEvent<CallEndedEvent>(benTab, 'call:ended', callId);
    const goneAt = Date.now();
    anaTab.disconnect();
    expect((await ended).reason).toBe('lost');
    expect(Date.now() - goneAt).toBeGreaterThanOrEqual(LEG_GRACE_MS - 50);
  });

  it('keeps the call when a new tab of the caller sends call:rejoin within the grace, and signals reach it', async () => {
    const { ana, anaTab, benTab, callId } = await connectedCall();
    const ended = silence(benTab, 'call:ended', callId, LEG_GRACE_MS * 3);
    anaTab.disconnect();
    const anaBack = await tabs.tab(ana.token);
    expectOk(await command(anaBack, 'call:rejoin', { callId }));
    expect(await ended).toBe('quiet');
    expect((await storedCall(listening.testApp.db, callId))?.state).toBe('active');
    const relayed = callEvent<CallSignalEvent>(anaBack, 'call:signal', callId);
    expectOk(await command(benTab, 'call:signal', { callId, signal: { kind: 'media', muted: false, cameraOff: true } }));
    expect((await relayed).signal).toMatchObject({ cameraOff: true });
  });

  it("cancels a ringing call whose caller's socket stays gone past the grace", async () => {
    const [ana, ben] = await matchedPair(app());
    const anaTab = await tabs.tab(ana.token);
    const benTab = await tabs.tab(ben.token);
    const { callId } = await invite(anaTab, ben.user._id);
    const ended = callEvent<CallEndedEvent>(benTab, 'call:ended', callId);
    anaTab.disconnect();
    expect(await ended).toEqual({ callId, reason: 'cancelled', seconds: null });
  });

  it('refuses call:rejoin from anyone outside the call', async () => {
    const { callId } = await connectedCall();
    const stranger = await registerUser(app());
    const strangerTab = await tabs.tab(stranger.token);
    expect(await command(strangerTab, 'call:rejoin', { callId })).toMatchObject({ ok: false, status: 404 });
  });
});
