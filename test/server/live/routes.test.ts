import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  LIVE_ALREADY_LIVE_MESSAGE,
  LIVE_MEDIA_UNAVAILABLE_MESSAGE,
  LIVE_NOT_HOST_MESSAGE,
  LIVE_START_MAX,
  LIVE_STREAM_ENDED_MESSAGE,
  LIVE_STREAM_NOT_FOUND_MESSAGE,
  LIVE_TITLE_BLANK_MESSAGE,
  LIVE_TITLE_MAX,
  type AdminStreamsResponse,
  type GoLiveResponse,
  type LiveChatResponse,
  type LiveNowResponse,
  type LiveStreamResponse,
} from '../../../contract/live';
import { adminAuditLog, streams } from '../../../server/db/schema';
import { MediaForwarderError } from '../../../server/live/media/forwarder';
import { bearer, loginAdmin, loginUser, registerUser } from '../helpers/accounts';
import { claimsOf } from '../helpers/forged-tokens';
import { listeningTestApp } from '../helpers/listening-app';
import { FakeForwarder, fakeDescription, UNREADABLE_OFFER } from './fake-forwarder';
import { goLive, HOST_OFFER, hostedStream, storedStream } from './live-helpers';
import { ARRIVAL_MS } from '../helpers/waits';

// Long enough that no stream here ends on its own: these tests go live over HTTP without a host socket.
const HOST_GRACE_MS = 60_000;

const forwarder = new FakeForwarder();
const listening = listeningTestApp({ live: { forwarder, hostGraceMs: HOST_GRACE_MS, sweepIntervalMs: 1000 } });
const { tabs } = listening;

const app = () => listening.testApp.app;

async function startedStream(token: string, title = 'Morning coffee') {
  const response = await app().inject({ method: 'POST', url: '/api/live/streams', headers: bearer(token), payload: { title, offer: HOST_OFFER } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<GoLiveResponse>();
}

function endAsHost(token: string, streamId: string) {
  return app().inject({ method: 'POST', url: `/api/live/streams/${streamId}/end`, headers: bearer(token) });
}

describe('going live', () => {
  it('stores the stream with its host session, publishes the offer and answers with the forwarder\'s answer', async () => {
    const host = await registerUser(app());
    const response = await goLive(app(), host, { title: '  Sunset over the bay  ', offer: HOST_OFFER });
    expect(response.statusCode, response.body).toBe(201);
    const { stream, answer } = response.json<GoLiveResponse>();
    expect(stream).toEqual({
      id: expect.any(String) as unknown,
      host: { id: host.user._id, name: host.body.username, avatar: expect.stringMatching(/\S/) as unknown },
      title: 'Sunset over the bay',
      startedAt: expect.any(String) as unknown,
      state: 'live',
      viewers: 0,
      peakViewers: 0,
      endedAt: null,
      endReason: null,
    });
    expect(answer).toBe(fakeDescription(`answer-${stream.id}`));
    expect(forwarder.sources.get(stream.id)).toBe(HOST_OFFER);
    expect((await storedStream(listening.testApp.db, stream.id))?.hostSessionId).toBe(claimsOf(host.token).jti);
  });

  it('refuses a blank or long title and a description that is not one, with 400 and nothing stored or published', async () => {
    const host = await registerUser(app());
    const sourcesBefore = forwarder.sources.size;
    const blank = await goLive(app(), host, { title: '   ', offer: HOST_OFFER });
    expect(blank.statusCode).toBe(400);
    expect(blank.json<{ message: string }>().message).toContain(LIVE_TITLE_BLANK_MESSAGE);
    expect((await goLive(app(), host, { title: 'x'.repeat(LIVE_TITLE_MAX + 1), offer: HOST_OFFER })).statusCode).toBe(400);
    const reversed = await goLive(app(), host, { title: 'Free coins \u202eknil ym', offer: HOST_OFFER });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json<{ message: string }>().message).toContain('Title must not contain invisible or text-direction characters');
    expect((await goLive(app(), host, { title: 'Hi' })).statusCode).toBe(400);
    expect((await goLive(app(), host, { title: 'Hi', offer: 'not a session description' })).statusCode).toBe(400);
    expect((await goLive(app(), host, { title: 'Hi', offer: 42 })).statusCode).toBe(400);
    // Well formed on its face, refused by the forwarder.
    const unreadable = await goLive(app(), host, { title: 'Hi', offer: UNREADABLE_OFFER });
    expect(unreadable.statusCode).toBe(400);
    expect(forwarder.sources.size).toBe(sourcesBefore);
    expect(await listening.testApp.db.select().from(streams).where(eq(streams.hostId, host.user._id))).toEqual([]);
  });

  it('answers 503 when the media forwarder fails, and stores nothing', async () => {
    const host = await registerUser(app());
    forwarder.failNextPublish = new Error('the forwarder fell over');
    const unexpected = await goLive(app(), host);
    expect(unexpected.statusCode).toBe(503);
    expect(unexpected.json<{ message: string }>().message).toBe(LIVE_MEDIA_UNAVAILABLE_MESSAGE);
    forwarder.failNextPublish = new MediaForwarderError('unavailable', 'Janus is down');
    expect((await goLive(app(), host)).statusCode).toBe(503);
    expect(await listening.testApp.db.select().from(streams).where(eq(streams.hostId, host.user._id))).toEqual([]);
    // And works again once the forwarder does.
    expect((await goLive(app(), host)).statusCode).toBe(201);
  });

  it('keeps one live stream per host: 409 while a tab hosts it or from another session, replaced after a reload of the same session', async () => {
    const host = await registerUser(app());
    const first = await startedStream(host.token);
    // The same session with no tab hosting the stream (the page was reloaded): the old stream ends and the new one replaces it.
    const second = await startedStream(host.token);
    expect((await storedStream(listening.testApp.db, first.stream.id))?.endReason).toBe('ended');
    expect(forwarder.unpublished).toContain(first.stream.id);

    // Another session (another device) is refused.
    const otherDevice = await loginUser(app(), host.body.username, host.body.password);
    const fromOtherDevice = await app().inject({ method: 'POST', url: '/api/live/streams', headers: bearer(otherDevice), payload: { title: 'Again', offer: HOST_OFFER } });
    expect(fromOtherDevice.statusCode).toBe(409);
    expect(fromOtherDevice.json<{ message: string }>().message).toBe(LIVE_ALREADY_LIVE_MESSAGE);

    // While a tab hosts it, the same session is refused too.
    const hostTab = await tabs.tab(host.token);
    expect(await hostTab.timeout(ARRIVAL_MS).emitWithAck('live:host', { streamId: second.stream.id })).toEqual({ ok: true });
    const again = await goLive(app(), host);
    expect(again.statusCode).toBe(409);
    const live = await listening.testApp.db.select().from(streams).where(and(eq(streams.hostId, host.user._id)));
    expect(live.filter((row) => row.endedAt === null).map((row) => row.id)).toEqual([second.stream.id]);
  });

  it(`allows ${LIVE_START_MAX} starts per window, counted from the stored streams, then answers 429`, async () => {
    const host = await registerUser(app());
    const now = new Date();
    await listening.testApp.db.insert(streams).values(
      Array.from({ length: LIVE_START_MAX }, (_, index) => ({ hostId: host.user._id, title: `Earlier ${index}`, startedAt: now, endedAt: now, endReason: 'ended' as const })),
    );
    const response = await goLive(app(), host);
    expect(response.statusCode).toBe(429);
  });

  it('is for signed-in members: visitors get 401, admins 403', async () => {
    expect((await app().inject({ method: 'POST', url: '/api/live/streams', payload: { title: 'Hi', offer: HOST_OFFER } })).statusCode).toBe(401);
    const admin = await loginAdmin(app());
    expect((await app().inject({ method: 'POST', url: '/api/live/streams', headers: bearer(admin), payload: { title: 'Hi', offer: HOST_OFFER } })).statusCode).toBe(403);
  });
});

describe('reading streams', () => {
  it('lets visitors list who is live and open a stream, but not its chat', async () => {
    const host = await registerUser(app());
    const { stream } = await startedStream(host.token, 'Visible to all');
    const list = await app().inject({ method: 'GET', url: '/api/live/streams' });
    expect(list.statusCode).toBe(200);
    expect(list.json<LiveNowResponse>().streams.map((entry) => entry.id)).toContain(stream.id);
    const one = await app().inject({ method: 'GET', url: `/api/live/streams/${stream.id}` });
    expect(one.json<LiveStreamResponse>().stream).toMatchObject({ id: stream.id, title: 'Visible to all', state: 'live' });
    expect((await app().inject({ method: 'GET', url: `/api/live/streams/${stream.id}/chat` })).statusCode).toBe(401);
    expect((await app().inject({ method: 'GET', url: `/api/live/streams/${randomUUID()}` })).statusCode).toBe(404);
    expect((await app().inject({ method: 'GET', url: '/api/live/streams/not-a-uuid' })).statusCode).toBe(400);
  });

  it('gives members the chat and their mute, and hides it (404) from someone the host blocked', async () => {
    const [host, viewer, blocked] = await Promise.all([registerUser(app()), registerUser(app()), registerUser(app())]);
    const { stream } = await startedStream(host.token);
    const response = await app().inject({ method: 'GET', url: `/api/live/streams/${stream.id}/chat`, headers: bearer(viewer.token) });
    expect(response.statusCode).toBe(200);
    expect(response.json<LiveChatResponse>()).toEqual({ messages: [], mutedUntil: null });
    await app().inject({ method: 'POST', url: `/api/users/${blocked.user._id}/block`, headers: bearer(host.token) });
    const hidden = await app().inject({ method: 'GET', url: `/api/live/streams/${stream.id}/chat`, headers: bearer(blocked.token) });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json<{ message: string }>().message).toBe(LIVE_STREAM_NOT_FOUND_MESSAGE);
  });
});

describe('ending and republishing', () => {
  it('lets only the host end the stream (403 for anyone else), and ending again answers it as it is', async () => {
    const [host, other] = await Promise.all([registerUser(app()), registerUser(app())]);
    const { stream } = await startedStream(host.token);
    const refused = await endAsHost(other.token, stream.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ message: string }>().message).toBe(LIVE_NOT_HOST_MESSAGE);
    expect((await storedStream(listening.testApp.db, stream.id))?.endedAt).toBeNull();
    expect((await endAsHost(other.token, randomUUID())).statusCode).toBe(404);
    expect((await app().inject({ method: 'POST', url: `/api/live/streams/${stream.id}/end` })).statusCode).toBe(401);

    const ended = await endAsHost(host.token, stream.id);
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json<LiveStreamResponse>().stream).toMatchObject({ state: 'ended', endReason: 'ended', viewers: 0 });
    expect(forwarder.unpublished).toContain(stream.id);
    const again = await endAsHost(host.token, stream.id);
    expect(again.json<LiveStreamResponse>().stream).toMatchObject({ state: 'ended', endReason: 'ended' });
    const list = await app().inject({ method: 'GET', url: '/api/live/streams' });
    expect(list.json<LiveNowResponse>().streams.map((entry) => entry.id)).not.toContain(stream.id);
  });

  it('lets only the host publish again, while the stream is live', async () => {
    const [host, other] = await Promise.all([registerUser(app()), registerUser(app())]);
    const { stream } = await startedStream(host.token);
    const republish = (token: string) =>
      app().inject({ method: 'POST', url: `/api/live/streams/${stream.id}/publish`, headers: bearer(token), payload: { offer: fakeDescription('second-offer') } });
    expect((await republish(other.token)).statusCode).toBe(403);
    const again = await republish(host.token);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<{ answer: string }>().answer).toBe(fakeDescription(`answer-${stream.id}`));
    expect(forwarder.sources.get(stream.id)).toBe(fakeDescription('second-offer'));
    await endAsHost(host.token, stream.id);
    const late = await republish(host.token);
    expect(late.statusCode).toBe(410);
    expect(late.json<{ message: string }>().message).toBe(LIVE_STREAM_ENDED_MESSAGE);
  });
});

describe('admin', () => {
  it('lists live streams (and all with state=all), only for admins', async () => {
    const host = await registerUser(app());
    const { stream: live } = await startedStream(host.token, 'Still on');
    const other = await registerUser(app());
    const { stream: over } = await startedStream(other.token, 'Over now');
    await endAsHost(other.token, over.id);
    const admin = await loginAdmin(app());

    expect((await app().inject({ method: 'GET', url: '/api/admin/streams', headers: bearer(host.token) })).statusCode).toBe(403);
    expect((await app().inject({ method: 'GET', url: '/api/admin/streams' })).statusCode).toBe(401);
    const liveOnly = (await app().inject({ method: 'GET', url: '/api/admin/streams', headers: bearer(admin) })).json<AdminStreamsResponse>();
    expect(liveOnly.streams.every((entry) => entry.state === 'live')).toBe(true);
    expect(liveOnly.streams.map((entry) => entry.id)).toContain(live.id);
    expect(liveOnly.streams.map((entry) => entry.id)).not.toContain(over.id);
    const all = (await app().inject({ method: 'GET', url: '/api/admin/streams?state=all', headers: bearer(admin) })).json<AdminStreamsResponse>();
    expect(all.streams.find((entry) => entry.id === over.id)).toMatchObject({ state: 'ended', endReason: 'ended', totalViewers: 0 });
    // Live ones come first.
    const firstEnded = all.streams.findIndex((entry) => entry.state === 'ended');
    expect(all.streams.slice(firstEnded).every((entry) => entry.state === 'ended')).toBe(true);
    expect(all).toMatchObject({ page: 1, pageSize: expect.any(Number) as unknown, total: expect.any(Number) as unknown });
    expect((await app().inject({ method: 'GET', url: '/api/admin/streams?page=0', headers: bearer(admin) })).statusCode).toBe(400);
    expect((await app().inject({ method: 'GET', url: '/api/admin/streams?state=some', headers: bearer(admin) })).statusCode).toBe(400);
  });

  it('ends a stream with reason admin, writes the audit log, and answers 409 once it is over', async () => {
    const host = await registerUser(app());
    const { stream } = await startedStream(host.token, 'Against the rules');
    const admin = await loginAdmin(app());
    const byMember = await app().inject({ method: 'POST', url: `/api/admin/streams/${stream.id}/end`, headers: bearer(host.token) });
    expect(byMember.statusCode).toBe(403);
    const ended = await app().inject({ method: 'POST', url: `/api/admin/streams/${stream.id}/end`, headers: bearer(admin) });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json<LiveStreamResponse>().stream).toMatchObject({ state: 'ended', endReason: 'admin' });
    expect(forwarder.unpublished).toContain(stream.id);
    const entries = await listening.testApp.db.select().from(adminAuditLog).where(and(eq(adminAuditLog.action, 'end-stream'), eq(adminAuditLog.targetId, host.user._id)));
    expect(entries).toHaveLength(1);
    expect(entries[0]?.details).toContain('Against the rules');
    expect((await app().inject({ method: 'POST', url: `/api/admin/streams/${stream.id}/end`, headers: bearer(admin) })).statusCode).toBe(409);
    expect((await app().inject({ method: 'POST', url: `/api/admin/streams/${randomUUID()}/end`, headers: bearer(admin) })).statusCode).toBe(404);
  });
});

describe('the host tab', () => {
  it('is refused live:host for a stream of someone else (403) or an unknown one (404)', async () => {
    const [host, other] = await Promise.all([registerUser(app()), registerUser(app())]);
    const { streamId } = await hostedStream(app(), tabs, host);
    const otherTab = await tabs.tab(other.token);
    expect(await otherTab.timeout(ARRIVAL_MS).emitWithAck('live:host', { streamId })).toEqual({ ok: false, status: 403, message: LIVE_NOT_HOST_MESSAGE });
    expect(await otherTab.timeout(ARRIVAL_MS).emitWithAck('live:host', { streamId: randomUUID() })).toMatchObject({ ok: false, status: 404 });
  });
});
