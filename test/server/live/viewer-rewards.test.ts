import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CoinBalanceEvent } from '../../../contract/coins/ledger';
import { LIVE_VIEWER_EARNING } from '../../../contract/constants';
import { earnForLiveViewer } from '../../../server/coins/earning';
import { balancesOffTheLedger } from '../../../server/coins/queries/ledger';
import { balancesOffTheLots } from '../../../server/coins/queries/lots';
import { coinLedger, users } from '../../../server/db/schema';
import { command, expectOk } from '../calls/call-helpers';
import { bearer, registerUser, type RegisteredUser } from '../helpers/accounts';
import { listeningTestApp } from '../helpers/listening-app';
import { nextEvent } from '../messaging/messaging-helpers';
import { FakeForwarder } from './fake-forwarder';
import { hostedStream, pause, viewersReach, watchingTab } from './live-helpers';
import { ARRIVAL_MS } from '../helpers/waits';

// Going live earns the host coins (issue 48): +10 for each member who watches
// a minute without a break, once per member a stream, capped per stream. The
// minute is shortened here; everything else runs as in production.

const WATCH_MS = 400;

const forwarder = new FakeForwarder();
const listening = listeningTestApp({ live: { forwarder, hostGraceMs: 5_000, sweepIntervalMs: 200, viewerRewardMs: WATCH_MS } });
const { tabs } = listening;

const app = () => listening.testApp.app;

async function earnedBy(member: RegisteredUser): Promise<number[]> {
  const rows = await listening.testApp.db
    .select({ amount: coinLedger.amount })
    .from(coinLedger)
    .where(and(eq(coinLedger.userId, member.user._id), eq(coinLedger.reference, LIVE_VIEWER_EARNING.reference)));
  return rows.map((row) => row.amount);
}

async function balanceOf(member: RegisteredUser): Promise<number> {
  const [row] = await listening.testApp.db.select({ coins: users.coins }).from(users).where(eq(users.id, member.user._id));
  return row?.coins ?? Number.NaN;
}

describe('coins for going live', () => {
  it('pays the host once for a member who watched a minute, told live on the host’s tab, however often they come back', async () => {
    const [host, viewer] = await Promise.all([registerUser(app()), registerUser(app())]);
    const { streamId, hostTab } = await hostedStream(app(), tabs, host);
    const before = await balanceOf(host);
    const told = nextEvent<CoinBalanceEvent>(hostTab, 'coins:balance', WATCH_MS + ARRIVAL_MS);
    const { tab } = await watchingTab(tabs, viewer, streamId);
    const event = await told;
    expect(event.entry).toMatchObject({ amount: LIVE_VIEWER_EARNING.coins, kind: 'earned', reference: LIVE_VIEWER_EARNING.reference });
    expect(event.balance).toBe(before + LIVE_VIEWER_EARNING.coins);

    // Leaving and watching another full minute earns nothing more.
    expectOk(await command(tab, 'live:leave', { streamId }));
    await watchingTab(tabs, viewer, streamId);
    await pause(WATCH_MS * 2);
    expect(await earnedBy(host)).toEqual([LIVE_VIEWER_EARNING.coins]);
    expect(await balancesOffTheLedger(listening.testApp.db)).toEqual([]);
    expect(await balancesOffTheLots(listening.testApp.db)).toEqual([]);
  });

  it('pays nothing for a member who left before the minute, or whose stream ended first', async () => {
    const [host, leaver, stayer] = await Promise.all([registerUser(app()), registerUser(app()), registerUser(app())]);
    const { streamId, hostTab } = await hostedStream(app(), tabs, host);
    const { tab } = await watchingTab(tabs, leaver, streamId);
    expectOk(await command(tab, 'live:leave', { streamId }));
    await pause(WATCH_MS * 2);
    expect(await earnedBy(host)).toEqual([]);

    const watching = viewersReach(hostTab, streamId, 1);
    await watchingTab(tabs, stayer, streamId);
    await watching;
    const ended = await app().inject({ method: 'POST', url: `/api/live/streams/${streamId}/end`, headers: bearer(host.token) });
    expect(ended.statusCode, ended.body).toBe(200);
    await pause(WATCH_MS * 2);
    expect(await earnedBy(host)).toEqual([]);
  });

  it('pays at most the cap a stream, however many members watch', async () => {
    const host = await registerUser(app());
    const streamId = crypto.randomUUID();
    const viewers = LIVE_VIEWER_EARNING.perStream / LIVE_VIEWER_EARNING.coins + 5;
    for (let index = 0; index < viewers; index += 1) await earnForLiveViewer(listening.testApp.db, host.user._id, streamId, crypto.randomUUID());
    const earned = await earnedBy(host);
    expect(earned.reduce((sum, amount) => sum + amount, 0)).toBe(LIVE_VIEWER_EARNING.perStream);
    // Another stream starts a new count.
    expect(await earnForLiveViewer(listening.testApp.db, host.user._id, crypto.randomUUID(), crypto.randomUUID())).toMatchObject({ amount: LIVE_VIEWER_EARNING.coins });
  });
});
