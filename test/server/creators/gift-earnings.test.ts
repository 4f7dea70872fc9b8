import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { CREATOR_FIRST_PENDING_DAYS, CREATOR_SHARE_PERCENT, CREATOR_TERMS_REQUIRED_MESSAGE, CREATOR_UNDER_AGE_MESSAGE, type CreatorStatusResponse } from '../../../contract/creators';
import type { GiftOffersResponse } from '../../../contract/gifts';
import type { DataExport } from '../../../contract/members/data-export';
import { postCoinChange } from '../../../server/coins/ledger';
import { creatorStatus } from '../../../server/creators/service';
import { users } from '../../../server/db/schema';
import { command, expectOk } from '../calls/call-helpers';
import { bearer, registerUser, type RegisteredUser } from '../helpers/accounts';
import { coinPackOfAtLeast } from '../helpers/catalogue';
import { listeningTestApp } from '../helpers/listening-app';
import { packBoughtOnTestProvider } from '../helpers/local-checkout';
import { FakeForwarder } from '../live/fake-forwarder';
import { hostedStream, watchingTab } from '../live/live-helpers';

// What gifts earn a creator (issue 49): a share of the money behind the
// bought coins gifted to them in their stream, recorded at send time, in
// the gift's transaction; test payments earn test money; nothing else earns.

const DAY_MS = 24 * 60 * 60_000;
const listening = listeningTestApp({ live: { forwarder: new FakeForwarder(), hostGraceMs: 5_000, sweepIntervalMs: 1_000 } });
const { tabs } = listening;
const app = () => listening.testApp.app;
const db = () => listening.testApp.db;

async function enrol(member: RegisteredUser, body: unknown = { acceptTerms: true }) {
  return app().inject({ method: 'POST', url: '/api/creators/me', headers: bearer(member.token), payload: body as Record<string, unknown> });
}

async function statusOf(member: RegisteredUser): Promise<CreatorStatusResponse> {
  const response = await app().inject({ method: 'GET', url: '/api/creators/me', headers: bearer(member.token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CreatorStatusResponse>();
}

async function giftId(member: RegisteredUser, name: string): Promise<string> {
  const offers = (await app().inject({ method: 'GET', url: '/api/gifts', headers: bearer(member.token) })).json<GiftOffersResponse>().gifts;
  const gift = offers.find((offer) => offer.name === name);
  if (!gift) throw new Error(`no gift named ${name}`);
  return gift._id;
}

async function gift(tab: Socket, streamId: string, giftIdToSend: string, sendId: string = randomUUID()): Promise<void> {
  expectOk(await command(tab, 'live:gift', { streamId, giftId: giftIdToSend, sendId }));
}

describe('enrolling as a creator', () => {
  it('needs the terms accepted and the member 18 or over, and shows the published terms', async () => {
    const member = await registerUser(app());
    expect((await statusOf(member)).enrolled).toBe(false);
    const refused = await enrol(member, {});
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toContain(CREATOR_TERMS_REQUIRED_MESSAGE);

    const enrolled = await enrol(member);
    expect(enrolled.statusCode, enrolled.body).toBe(200);
    const status = enrolled.json<CreatorStatusResponse>();
    expect(status).toMatchObject({ enrolled: true, sharePercent: CREATOR_SHARE_PERCENT, balances: [], earnings: [] });
    expect(status.terms.join(' ')).toContain(`You earn ${CREATOR_SHARE_PERCENT}% of the money`);

    const young = await registerUser(app());
    await db().update(users).set({ age: 17 }).where(eq(users.id, young.user._id));
    const underAge = await enrol(young);
    expect(underAge.statusCode).toBe(403);
    expect(underAge.json<{ message: string }>().message).toBe(CREATOR_UNDER_AGE_MESSAGE);
  });
});

describe('earnings from gifts', () => {
  it('pays a creator their share of the money behind bought coins, once per send, pending until the wait is over; granted coins and non-creators earn nothing', async () => {
    const [creator, plainHost, viewer] = await Promise.all([registerUser(app()), registerUser(app()), registerUser(app())]);
    expect((await enrol(creator)).statusCode).toBe(200);
    const pack = await coinPackOfAtLeast(app(), 100);
    await packBoughtOnTestProvider(app(), db(), viewer, pack._id);
    const heart = await giftId(viewer, 'Heart');

    const { streamId } = await hostedStream(app(), tabs, creator);
    const { tab } = await watchingTab(tabs, viewer, streamId);
    const sendId = randomUUID();
    const sentAt = Date.now();
    await gift(tab, streamId, heart, sendId);
    // The same send again (a retry) earns nothing more.
    await gift(tab, streamId, heart, sendId);

    const expected = Math.floor((30 * pack.price.amountMinor * CREATOR_SHARE_PERCENT) / (pack.coins * 100));
    expect(expected).toBeGreaterThan(0);
    const status = await statusOf(creator);
    expect(status.balances).toEqual([{ currency: pack.price.currency, pendingMinor: expected, withdrawableMinor: 0, owedMinor: 0, test: true }]);
    expect(status.earnings).toHaveLength(1);
    const [earning] = status.earnings;
    expect(earning).toMatchObject({ amount: { amountMinor: expected, currency: pack.price.currency }, test: true, giftName: 'Heart', coins: 30, streamId, streamTitle: 'Sunset over the bay' });
    // Before a first payout, earnings wait the longer time.
    const waitMs = Date.parse(earning?.availableAt ?? '') - sentAt;
    expect(waitMs).toBeGreaterThanOrEqual(CREATOR_FIRST_PENDING_DAYS * DAY_MS - 60_000);
    expect(waitMs).toBeLessThanOrEqual(CREATOR_FIRST_PENDING_DAYS * DAY_MS + 60_000);
    const later = await creatorStatus(db(), { id: creator.user._id }, new Date(sentAt + (CREATOR_FIRST_PENDING_DAYS + 1) * DAY_MS));
    expect(later.balances).toEqual([{ currency: pack.price.currency, pendingMinor: 0, withdrawableMinor: expected, owedMinor: 0, test: true }]);

    // A host who is not a creator earns nothing from the same kind of gift.
    const plain = await hostedStream(app(), tabs, plainHost, 'Plain stream');
    const plainTab = (await watchingTab(tabs, viewer, plain.streamId)).tab;
    await gift(plainTab, plain.streamId, heart);
    expect((await statusOf(plainHost)).earnings).toEqual([]);

    // Granted coins earn nothing: a member with only those gifts the creator.
    const granted = await registerUser(app());
    await db().transaction((tx) => postCoinChange(tx, { userId: granted.user._id, amount: 100, kind: 'granted', reference: 'Test coins', idempotencyKey: randomUUID() }));
    const grantedTab = (await watchingTab(tabs, granted, streamId)).tab;
    await gift(grantedTab, streamId, heart);
    expect((await statusOf(creator)).earnings).toHaveLength(1);

    // Both members' data exports carry the gift, and the creator's its earning.
    const exportOf = async (member: RegisteredUser) => (await app().inject({ method: 'GET', url: '/api/user/me/export', headers: bearer(member.token) })).json<DataExport>();
    const creatorData = await exportOf(creator);
    const viewerName = { username: viewer.user.username, name: viewer.user.username };
    expect(creatorData.gifts.filter((row) => row.with?.username === viewer.user.username)).toEqual([
      { direction: 'received', gift: 'Heart', coins: 30, with: viewerName, stream: 'Sunset over the bay', at: expect.any(String) as unknown },
    ]);
    expect(creatorData.creatorEarnings).toEqual([{ amount: { amountMinor: expected, currency: pack.price.currency }, test: true, gift: 'Heart', earnedAt: earning?.earnedAt, availableAt: earning?.availableAt }]);
    const viewerData = await exportOf(viewer);
    expect(viewerData.gifts.map((row) => [row.direction, row.gift, row.with?.username, row.stream])).toEqual([
      ['sent', 'Heart', plainHost.user.username, 'Plain stream'],
      ['sent', 'Heart', creator.user.username, 'Sunset over the bay'],
    ]);
    expect(viewerData.creatorEarnings).toEqual([]);
  });
});
