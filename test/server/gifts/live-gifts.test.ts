import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import type { CoinBalanceEvent } from '../../../contract/coins/ledger';
import {
  GIFT_NOT_FOUND_MESSAGE,
  GIFT_RATE_MAX,
  GIFT_RATE_MESSAGE,
  GIFT_RETIRED_MESSAGE,
  GIFT_SEND_REUSED_MESSAGE,
  GIFT_TO_SELF_MESSAGE,
  type GiftOffersResponse,
  type LiveGiftEvent,
  type StreamGiftsResponse,
} from '../../../contract/gifts';
import { LIVE_NOT_WATCHING_MESSAGE, LIVE_STREAM_ENDED_MESSAGE, LIVE_STREAM_NOT_FOUND_MESSAGE } from '../../../contract/live';
import type { CommandAnswer } from '../../../contract/realtime';
import { postCoinChange } from '../../../server/coins/ledger';
import { balancesOffTheLedger } from '../../../server/coins/queries/ledger';
import { balancesOffTheLots } from '../../../server/coins/queries/lots';
import { giftSends, gifts } from '../../../server/db/schema';
import { SERVICE_UNAVAILABLE_MESSAGE } from '../../../server/plugins/errors';
import { command, expectOk } from '../calls/call-helpers';
import { bearer, loginAdmin, registerUser, type RegisteredUser } from '../helpers/accounts';
import { coinHistoryOf } from '../helpers/coins';
import { listeningTestApp } from '../helpers/listening-app';
import { nextEvent } from '../messaging/messaging-helpers';
import { FakeForwarder } from '../live/fake-forwarder';
import { hostedStream, liveEvent, liveSilence, watchingTab } from '../live/live-helpers';

// Gifts to a live stream's host (issue 49): sent on the realtime channel by a
// member watching, paid once per sendId from the ledger, heard by the host
// and the whole audience with the stream's totals.

const forwarder = new FakeForwarder();
const listening = listeningTestApp({ live: { forwarder, hostGraceMs: 5_000, sweepIntervalMs: 1_000 } });
const { tabs } = listening;

const app = () => listening.testApp.app;

async function offers(member: RegisteredUser): Promise<GiftOffersResponse['gifts']> {
  const response = await app().inject({ method: 'GET', url: '/api/gifts', headers: bearer(member.token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<GiftOffersResponse>().gifts;
}

async function giftNamed(member: RegisteredUser, name: string) {
  const gift = (await offers(member)).find((offer) => offer.name === name);
  if (!gift) throw new Error(`no gift named ${name}`);
  return gift;
}

async function grant(member: RegisteredUser, coins: number): Promise<void> {
  await listening.testApp.db.transaction((tx) => postCoinChange(tx, { userId: member.user._id, amount: coins, kind: 'granted', reference: 'Test coins', idempotencyKey: randomUUID() }));
}

function sendGift(tab: Socket, streamId: string, giftId: string, sendId: string = randomUUID()): Promise<CommandAnswer> {
  return command(tab, 'live:gift', { streamId, giftId, sendId });
}

async function streamGifts(member: RegisteredUser, streamId: string): Promise<StreamGiftsResponse> {
  const response = await app().inject({ method: 'GET', url: `/api/live/streams/${streamId}/gifts`, headers: bearer(member.token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<StreamGiftsResponse>();
}

const balanceOf = async (member: RegisteredUser) => (await coinHistoryOf(app(), member)).balance;

async function expectLedgerWhole(): Promise<void> {
  expect(await balancesOffTheLedger(listening.testApp.db)).toEqual([]);
  expect(await balancesOffTheLots(listening.testApp.db)).toEqual([]);
}

describe('sending a gift to a live host', () => {
  it('lists the gifts on offer with their price in coins and in money', async () => {
    const member = await registerUser(app());
    const list = await offers(member);
    expect(list.map((gift) => gift.name)).toEqual(['Rose', 'Coffee', 'Heart', 'Teddy Bear', 'Chocolate Box', 'Bouquet', 'Diamond Ring', 'Rocket']);
    const rose = list[0];
    expect(rose).toMatchObject({ icon: '🌹', price: 10 });
    expect(rose?.value?.amountMinor).toBeGreaterThan(0);
    expect(Number.isInteger(rose?.value?.amountMinor)).toBe(true);
  });

  it('takes the coins once and tells the host and every viewer who sent what, with the totals', async () => {
    const [host, viewer, other] = await Promise.all([registerUser(app()), registerUser(app()), registerUser(app())]);
    await grant(viewer, 100);
    const before = await balanceOf(viewer);
    const { streamId, hostTab } = await hostedStream(app(), tabs, host);
    const { tab } = await watchingTab(tabs, viewer, streamId);
    const { tab: otherTab } = await watchingTab(tabs, other, streamId);
    const heart = await giftNamed(viewer, 'Heart');

    const hostHears = liveEvent<LiveGiftEvent>(hostTab, 'live:gift', streamId);
    const otherHears = liveEvent<LiveGiftEvent>(otherTab, 'live:gift', streamId);
    const balanceTold = nextEvent<CoinBalanceEvent>(tab, 'coins:balance');
    const sendId = randomUUID();
    expectOk(await sendGift(tab, streamId, heart._id, sendId));

    const [atHost, atOther, balance] = await Promise.all([hostHears, otherHears, balanceTold]);
    expect(atHost).toEqual(atOther);
    expect(atHost.gift).toMatchObject({ sendId, gift: { _id: heart._id, name: 'Heart', icon: '💖' }, coins: 30, sender: { _id: viewer.user._id, username: viewer.user.username } });
    expect(atHost.totals).toEqual({ coins: 30, gifts: 1, topGifters: [{ _id: viewer.user._id, username: viewer.user.username, name: viewer.user.username, coins: 30 }] });
    expect(balance).toMatchObject({ balance: before - 30, entry: { amount: -30, kind: 'spent', reference: 'Gift: Heart' } });

    // A retry of the same send (its answer lost): announced again, paid once.
    const again = liveEvent<LiveGiftEvent>(hostTab, 'live:gift', streamId);
    expectOk(await sendGift(tab, streamId, heart._id, sendId));
    expect((await again).gift.sendId).toBe(sendId);
    expect(await balanceOf(viewer)).toBe(before - 30);
    // The same sendId for another gift is refused.
    const rose = await giftNamed(viewer, 'Rose');
    expect(await sendGift(tab, streamId, rose._id, sendId)).toEqual({ ok: false, status: 409, message: GIFT_SEND_REUSED_MESSAGE });

    const stored = await streamGifts(other, streamId);
    expect(stored.totals).toEqual(atHost.totals);
    expect(stored.recent).toEqual([atHost.gift]);
    await expectLedgerWhole();
  });

  it('refuses a gift the sender cannot pay for, taking nothing and telling nobody', async () => {
    const [host, viewer] = await Promise.all([registerUser(app()), registerUser(app())]);
    const { streamId, hostTab } = await hostedStream(app(), tabs, host);
    const { tab } = await watchingTab(tabs, viewer, streamId);
    const before = await balanceOf(viewer);
    const rocket = await giftNamed(viewer, 'Rocket');
    expect(before).toBeLessThan(rocket.price);
    const heard = liveSilence(hostTab, 'live:gift', streamId);
    expect(await sendGift(tab, streamId, rocket._id)).toEqual({ ok: false, status: 409, message: 'Not enough coins' });
    expect(await heard).toBe('quiet');
    expect(await balanceOf(viewer)).toBe(before);
    expect((await streamGifts(host, streamId)).totals).toEqual({ coins: 0, gifts: 0, topGifters: [] });
  });

  it('answers each wrong send with its status and message', async () => {
    const [host, viewer, stranger] = await Promise.all([registerUser(app()), registerUser(app()), registerUser(app())]);
    await grant(viewer, 100);
    const { streamId, hostTab } = await hostedStream(app(), tabs, host);
    const { tab } = await watchingTab(tabs, viewer, streamId);
    const strangerTab = await tabs.tab(stranger.token);
    const rose = await giftNamed(viewer, 'Rose');

    expect(await sendGift(tab, streamId, randomUUID())).toEqual({ ok: false, status: 404, message: GIFT_NOT_FOUND_MESSAGE });
    expect(await sendGift(tab, randomUUID(), rose._id)).toEqual({ ok: false, status: 404, message: LIVE_STREAM_NOT_FOUND_MESSAGE });
    expect(await sendGift(hostTab, streamId, rose._id)).toEqual({ ok: false, status: 400, message: GIFT_TO_SELF_MESSAGE });
    expect(await sendGift(strangerTab, streamId, rose._id)).toEqual({ ok: false, status: 403, message: LIVE_NOT_WATCHING_MESSAGE });
    const malformed = await command(tab, 'live:gift', { streamId, giftId: rose._id, sendId: 'again' });
    expect(malformed.ok ? '' : `${malformed.status} ${malformed.message}`).toContain('400');
    expect(malformed.ok ? '' : malformed.message).toContain('sendId must be a UUID');

    const blocked = await app().inject({ method: 'POST', url: `/api/users/${viewer.user._id}/block`, headers: bearer(host.token) });
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(await sendGift(tab, streamId, rose._id)).toEqual({ ok: false, status: 404, message: LIVE_STREAM_NOT_FOUND_MESSAGE });
  });

  it('refuses a retired gift and a stream that ended', async () => {
    const [host, viewer] = await Promise.all([registerUser(app()), registerUser(app())]);
    await grant(viewer, 100);
    const { streamId } = await hostedStream(app(), tabs, host);
    const { tab } = await watchingTab(tabs, viewer, streamId);
    const [retired] = await listening.testApp.db.insert(gifts).values({ name: 'Old Kite', icon: '🪁', priceCoins: 10, active: false }).returning();
    expect(await sendGift(tab, streamId, retired?.id ?? '')).toEqual({ ok: false, status: 409, message: GIFT_RETIRED_MESSAGE });

    const rose = await giftNamed(viewer, 'Rose');
    const ended = await app().inject({ method: 'POST', url: `/api/live/streams/${streamId}/end`, headers: bearer(host.token) });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(await sendGift(tab, streamId, rose._id)).toEqual({ ok: false, status: 409, message: LIVE_STREAM_ENDED_MESSAGE });
    expect(await balanceOf(viewer)).toBe((await coinHistoryOf(app(), viewer)).balance);
  });

  it(`sends at most ${GIFT_RATE_MAX} gifts in the window, even all at once`, async () => {
    const [host, viewer] = await Promise.all([registerUser(app()), registerUser(app())]);
    await grant(viewer, 1000);
    const { streamId } = await hostedStream(app(), tabs, host);
    const { tab } = await watchingTab(tabs, viewer, streamId);
    const rose = await giftNamed(viewer, 'Rose');
    const before = await balanceOf(viewer);
    const answers = await Promise.all(Array.from({ length: GIFT_RATE_MAX + 3 }, () => sendGift(tab, streamId, rose._id)));
    expect(answers.filter((answer) => answer.ok)).toHaveLength(GIFT_RATE_MAX);
    expect(answers.filter((answer) => !answer.ok)).toEqual(Array.from({ length: 3 }, () => ({ ok: false, status: 429, message: GIFT_RATE_MESSAGE })));
    expect(await balanceOf(viewer)).toBe(before - GIFT_RATE_MAX * rose.price);
  });

  // Correctness under a crowd, not speed (the gifts bench judges that): on a loaded machine 100 transactions
  // queued on one database take seconds, so the set-up goes in batches and each answer may take its time.
  it('counts every gift once when a crowd gifts one host at once', { timeout: 120_000 }, async () => {
    const host = await registerUser(app());
    // Ten at a time, as many as the pool has connections: a hundred registrations at once on a reniced
    // PostgreSQL waited past the pool's 5 s and one was answered 503 (CI, beside the browser tests).
    const crowd: RegisteredUser[] = [];
    for (let start = 0; start < 100; start += 10) crowd.push(...(await Promise.all(Array.from({ length: 10 }, () => registerUser(app())))));
    for (let start = 0; start < crowd.length; start += 10) await Promise.all(crowd.slice(start, start + 10).map((viewer) => grant(viewer, 100)));
    const { streamId, hostTab } = await hostedStream(app(), tabs, host);
    const watching: Array<{ tab: Socket }> = [];
    for (let start = 0; start < crowd.length; start += 10) watching.push(...(await Promise.all(crowd.slice(start, start + 10).map((viewer) => watchingTab(tabs, viewer, streamId)))));
    const coffee = await giftNamed(host, 'Coffee');
    const heard: LiveGiftEvent[] = [];
    hostTab.on('live:gift', (event: LiveGiftEvent) => heard.push(event));
    // A server too busy to take a connection within its wait answers 503 (under CI's load, 100 transactions on
    // 10 connections can): the member's Try again sends the same sendId, so that is what happens here.
    const sendUntilTaken = async (tab: Socket, sendId: string): Promise<CommandAnswer> => {
      const answer = (await tab.timeout(60_000).emitWithAck('live:gift', { streamId, giftId: coffee._id, sendId })) as CommandAnswer;
      if (answer.ok || answer.status !== 503) return answer;
      expect(answer.message).toBe(SERVICE_UNAVAILABLE_MESSAGE);
      return sendUntilTaken(tab, sendId);
    };
    const answers = await Promise.all(watching.map(({ tab }) => sendUntilTaken(tab, randomUUID())));
    const refused = answers.filter((answer) => !answer.ok);
    expect(refused, JSON.stringify(refused.slice(0, 3))).toEqual([]);

    const { totals } = await streamGifts(host, streamId);
    expect(totals).toMatchObject({ coins: crowd.length * coffee.price, gifts: crowd.length });
    await expect.poll(() => heard.length, { timeout: 30_000 }).toBe(crowd.length);
    // Each event's totals were read after its gift: the latest names every gift.
    expect(Math.max(...heard.map((event) => event.totals.gifts))).toBe(crowd.length);
    const rows = await listening.testApp.db.select().from(giftSends).where(and(eq(giftSends.streamId, streamId), eq(giftSends.recipientId, host.user._id)));
    expect(rows).toHaveLength(crowd.length);
    await expectLedgerWhole();
  });
});

describe("the admin's gift catalogue", () => {
  it('retires a gift members have sent instead of deleting it, and deletes one nobody sent', async () => {
    const [host, viewer] = await Promise.all([registerUser(app()), registerUser(app())]);
    await grant(viewer, 100);
    const admin = await loginAdmin(app());
    const created = await app().inject({ method: 'POST', url: '/api/admin/gifts', headers: bearer(admin), payload: { gift: { name: 'Comet', icon: '☄️', price: 10, active: true } } });
    expect(created.statusCode, created.body).toBe(201);
    const comet = created.json<{ gift: { _id: string } }>().gift;
    const { streamId } = await hostedStream(app(), tabs, host);
    const { tab } = await watchingTab(tabs, viewer, streamId);
    expectOk(await sendGift(tab, streamId, comet._id));

    const removed = await app().inject({ method: 'DELETE', url: `/api/admin/gifts/${comet._id}`, headers: bearer(admin) });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json<{ message: string }>().message).toBe('Gift "Comet" retired: members have sent it, so it stays in their history');
    expect((await offers(viewer)).some((gift) => gift._id === comet._id)).toBe(false);
    expect((await streamGifts(host, streamId)).recent.map((sent) => sent.gift.name)).toEqual(['Comet']);

    const unsent = await app().inject({ method: 'POST', url: '/api/admin/gifts', headers: bearer(admin), payload: { gift: { name: 'Meteor', icon: '🌠', price: 10, active: true } } });
    const meteor = unsent.json<{ gift: { _id: string } }>().gift;
    const deleted = await app().inject({ method: 'DELETE', url: `/api/admin/gifts/${meteor._id}`, headers: bearer(admin) });
    expect(deleted.json<{ message: string }>().message).toBe('Gift "Meteor" deleted');
    expect(await listening.testApp.db.select().from(gifts).where(eq(gifts.id, meteor._id))).toEqual([]);
  });
});
