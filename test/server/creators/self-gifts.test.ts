import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { WithdrawalListResponse } from '../../../contract/admin/console';
import type { GoLiveResponse } from '../../../contract/live';
import type { GiftOffersResponse } from '../../../contract/gifts';
import { postCoinChange } from '../../../server/coins/ledger';
import { insertEarningEntry } from '../../../server/creators/queries/withdrawals';
import { command, expectOk } from '../calls/call-helpers';
import { bearer, loginAdmin, registerUser, type RegisteredUser } from '../helpers/accounts';
import { listeningTestApp } from '../helpers/listening-app';
import { enrolCreator, identityGiven } from '../helpers/creators';
import { FakeForwarder } from '../live/fake-forwarder';
import { HOST_OFFER, watchingTab } from '../live/live-helpers';

// Self-gifting (issue 49): a gift sent from the address the host went live
// from is flagged, and the admin sees how many on the creator's withdrawals.
// The test's sockets all come from 127.0.0.1; a host going live from
// another address is the control.

const DAY_MS = 24 * 60 * 60_000;
const listening = listeningTestApp({ live: { forwarder: new FakeForwarder(), hostGraceMs: 5_000, sweepIntervalMs: 1_000 } });
const { tabs } = listening;
const app = () => listening.testApp.app;

async function liveFrom(host: RegisteredUser, remoteAddress: string): Promise<string> {
  const hostTab = await tabs.tab(host.token);
  const response = await app().inject({ method: 'POST', url: '/api/live/streams', headers: bearer(host.token), payload: { title: 'Studio', offer: HOST_OFFER }, remoteAddress });
  expect(response.statusCode, response.body).toBe(201);
  const streamId = response.json<GoLiveResponse>().stream.id;
  expectOk(await command(hostTab, 'live:host', { streamId }));
  return streamId;
}

/** An enrolled creator who gets one Rose from a viewer's socket (at 127.0.0.1) and asks to withdraw. */
async function giftedCreatorLiveFrom(remoteAddress: string): Promise<{ creator: RegisteredUser; withdrawalId: string }> {
  const [creator, viewer] = await Promise.all([registerUser(app()), registerUser(app())]);
  await enrolCreator(app(), creator);
  await identityGiven(app(), creator);
  await listening.testApp.db.transaction((tx) => postCoinChange(tx, { userId: viewer.user._id, amount: 100, kind: 'granted', reference: 'Test coins', idempotencyKey: randomUUID() }));
  const streamId = await liveFrom(creator, remoteAddress);
  const { tab } = await watchingTab(tabs, viewer, streamId);
  const rose = (await app().inject({ method: 'GET', url: '/api/gifts', headers: bearer(viewer.token) })).json<GiftOffersResponse>().gifts.find((gift) => gift.name === 'Rose');
  expectOk(await command(tab, 'live:gift', { streamId, giftId: rose?._id ?? '', sendId: randomUUID() }));
  await insertEarningEntry(listening.testApp.db, {
    creatorId: creator.user._id,
    kind: 'gift',
    amountMinor: 2000,
    currency: 'USD',
    test: false,
    idempotencyKey: randomUUID(),
    availableAt: new Date(Date.now() - DAY_MS),
    createdAt: new Date(),
  });
  const requested = await app().inject({
    method: 'POST',
    url: '/api/creators/me/withdrawals',
    headers: bearer(creator.token),
    payload: { requestId: randomUUID(), amountMinor: 2000, currency: 'USD', test: false, method: 'paypal', account: 'creator@example.com' },
  });
  expect(requested.statusCode, requested.body).toBe(201);
  return { creator, withdrawalId: requested.json<{ withdrawal: { _id: string } }>().withdrawal._id };
}

describe('self-gifting flags', () => {
  it("shows the admin how many of a creator's gifts came from the address they went live from", async () => {
    const flagged = await giftedCreatorLiveFrom('127.0.0.1');
    const control = await giftedCreatorLiveFrom('203.0.113.9');
    const admin = await loginAdmin(app());
    const listed = (await app().inject({ method: 'GET', url: '/api/admin/withdrawals/all?status=pending&limit=100', headers: bearer(admin) })).json<WithdrawalListResponse>();
    const byId = new Map(listed.withdrawals.map((item) => [item._id, item.giftsFromOwnAddress]));
    expect(byId.get(flagged.withdrawalId)).toBe(1);
    expect(byId.get(control.withdrawalId)).toBe(0);
  });
});
