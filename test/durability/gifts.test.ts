import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CoinHistoryResponse } from '../../contract/coins/ledger';
import type { GiftOffersResponse } from '../../contract/gifts';
import { REALTIME_PATH, type CommandAnswer } from '../../contract/realtime';
import { asRecord, callApi, SourceAddresses } from './http';
import { createMatchedPairs, readWholeConversation, type Chatter, type Pair } from './message-stream';
import { ServerProcess } from './server-process';
import { durabilityTargets, type DurabilityTarget } from './targets';

/**
 * Issue 49, "SIGKILL mid-gift": matched members send each other chat gifts
 * over the realtime channel, each with a send id made before the first try
 * (the gift's ledger key), and the server is killed with gifts in flight. After
 * the restart every gift is sent again with its id, answered or not: each
 * lands exactly once (one chat entry, one spend), and every sender's balance
 * is what they were granted less one price per gift stored.
 */

const PAIRS = 4;
const GRANT = 5_000;
/** An answer this late means the server is gone. */
const ANSWER_TIMEOUT_MS = 5_000;
const ADMIN_PASSWORD = 'durability-gifts-admin-password-2026';

const targets = durabilityTargets('gifts', [5151, 5152]);

interface GiftSend {
  sendId: string;
  sender: Chatter;
  receiver: Chatter;
}

function online(port: number, token: string): Promise<Socket> {
  const socket = connect(`http://127.0.0.1:${port}`, { path: REALTIME_PATH, auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** The server's answer to one gift, or null when none came (the server was killed). */
async function sendGift(socket: Socket, send: GiftSend, giftId: string): Promise<CommandAnswer | null> {
  try {
    return (await socket.timeout(ANSWER_TIMEOUT_MS).emitWithAck('message:gift', { peerId: send.receiver.id, giftId, sendId: send.sendId })) as CommandAnswer;
  } catch {
    return null;
  }
}

async function adminToken(port: number, from: string): Promise<string> {
  const answer = await callApi(port, { method: 'POST', path: '/api/admin/login', from, body: { username: 'admin', password: ADMIN_PASSWORD } });
  const token = asRecord(answer.json).token;
  if (answer.status !== 200 || typeof token !== 'string') throw new Error(`admin sign-in failed: ${answer.status}`);
  return token;
}

/** The member's balance and how many gift spends their ledger holds (every page of it). */
async function coinsOf(port: number, member: Chatter): Promise<{ balance: number; spends: number[] }> {
  const spends: number[] = [];
  let balance = 0;
  for (let page = 1; ; page += 1) {
    const answer = await callApi(port, { method: 'GET', path: `/api/coins/history?page=${page}`, token: member.token });
    if (answer.status !== 200) throw new Error(`${member.username}'s coins: ${answer.status} ${JSON.stringify(answer.json)}`);
    const body = answer.json as CoinHistoryResponse;
    if (page === 1) balance = body.balance;
    spends.push(...body.entries.filter((entry) => entry.kind === 'spent').map((entry) => entry.amount));
    if (page >= body.totalPages) return { balance, spends };
  }
}

describe.each(targets)('$name: SIGKILL in the middle of chat gifts', (target) => {
  const addresses = new SourceAddresses();
  let server: ServerProcess;
  let prepared: Awaited<ReturnType<DurabilityTarget['prepare']>>;
  let pairs: Pair[];
  let gift: { id: string; price: number };
  const sockets: Socket[] = [];

  beforeAll(async () => {
    prepared = await target.prepare();
    server = new ServerProcess({ port: target.port, dataDir: prepared.dataDir, databaseUrl: prepared.databaseUrl, adminPassword: ADMIN_PASSWORD });
    await server.start();
    pairs = await createMatchedPairs(target.port, addresses, PAIRS, `gift${randomBytes(3).toString('hex')}`);
    const admin = await adminToken(target.port, addresses.take());
    for (const member of pairs.flatMap((pair) => [pair.first, pair.second])) {
      const granted = await callApi(target.port, {
        method: 'POST',
        path: `/api/admin/user/${member.id}/coins`,
        token: admin,
        body: { amount: GRANT, reason: 'durability: coins to gift with', requestId: randomUUID() },
      });
      if (granted.status !== 200) throw new Error(`grant to ${member.username}: ${granted.status} ${JSON.stringify(granted.json)}`);
    }
    const offers = await callApi(target.port, { method: 'GET', path: '/api/gifts', token: pairs[0]?.first.token });
    const cheapest = [...(offers.json as GiftOffersResponse).gifts].sort((a, b) => a.price - b.price)[0];
    if (!cheapest) throw new Error(`no gift on offer: ${offers.status} ${JSON.stringify(offers.json)}`);
    gift = { id: cheapest._id, price: cheapest.price };
  }, 120_000);

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await server?.kill();
    await prepared?.dispose();
  });

  it('every gift sent again after the restart lands once: one chat entry and one spend each, balances exact', async () => {
    const members = pairs.flatMap((pair) => [pair.first, pair.second]);
    const startingBalances = new Map<string, number>();
    for (const member of members) startingBalances.set(member.id, (await coinsOf(target.port, member)).balance);

    // Both members of every pair send gifts to each other, one after the other, all at once, until the kill.
    const sends: GiftSend[] = [];
    const answered = new Set<string>();
    const unexpected: string[] = [];
    const killAfterAnswers = 10 + randomInt(6);
    let stopping = false;
    let inFlight = 0;
    let inFlightAtKill = -1;
    let kill: Promise<void> | undefined;
    const lane = async (sender: Chatter, receiver: Chatter) => {
      const socket = await online(target.port, sender.token);
      sockets.push(socket);
      while (!stopping) {
        const send = { sendId: randomUUID(), sender, receiver };
        sends.push(send);
        inFlight += 1;
        const answer = await sendGift(socket, send, gift.id);
        inFlight -= 1;
        if (answer === null) return;
        if (answer.ok) answered.add(send.sendId);
        else unexpected.push(`${send.sendId}: ${answer.status} ${answer.message}`);
        if (!kill && answered.size >= killAfterAnswers) {
          stopping = true;
          inFlightAtKill = inFlight;
          kill = server.kill();
        }
      }
      socket.disconnect();
    };
    await Promise.all(pairs.flatMap((pair) => [lane(pair.first, pair.second), lane(pair.second, pair.first)]));
    await kill;
    expect(unexpected, 'every gift before the kill was accepted').toEqual([]);
    expect(inFlightAtKill, 'the kill landed while gifts were in flight').toBeGreaterThan(0);

    // After the restart, each member's own browser sends every gift again with its id.
    await server.start();
    const retried: string[] = [];
    for (const member of members) {
      const socket = await online(target.port, member.token);
      sockets.push(socket);
      for (const send of sends.filter((candidate) => candidate.sender.id === member.id)) {
        const answer = await sendGift(socket, send, gift.id);
        if (answer?.ok !== true) retried.push(`${send.sendId} from ${member.username}: ${JSON.stringify(answer)}`);
      }
      socket.disconnect();
    }
    expect(retried, 'every retry is accepted').toEqual([]);
    console.info(
      `${target.name} gifts: SIGKILL after ${answered.size} answered gifts with ${inFlightAtKill} in flight; ` +
        `${sends.length} gifts sent again with their ids after the restart`,
    );

    // Once each: the conversations hold exactly the gifts sent, and each sender paid exactly once per gift.
    const problems: string[] = [];
    for (const pair of pairs) {
      const { messages } = await readWholeConversation(target.port, pair.first, pair.second.id);
      const giftIds = messages.filter((message) => message.kind === 'gift').map((message) => message.id);
      const expected = sends.filter((send) => send.sender.id === pair.first.id || send.sender.id === pair.second.id).map((send) => send.sendId);
      if (giftIds.length !== new Set(giftIds).size) problems.push(`${pair.first.username}: a gift is stored twice`);
      if ([...giftIds].sort().join() !== [...expected].sort().join()) problems.push(`${pair.first.username}: ${giftIds.length} gifts stored, ${expected.length} sent`);
    }
    for (const member of members) {
      const gifts = sends.filter((send) => send.sender.id === member.id).length;
      const { balance, spends } = await coinsOf(target.port, member);
      if (spends.length !== gifts || spends.some((amount) => amount !== -gift.price)) problems.push(`${member.username}: ${gifts} gifts, spends ${JSON.stringify(spends)}`);
      if (balance !== (startingBalances.get(member.id) ?? NaN) - gifts * gift.price) problems.push(`${member.username}: balance ${balance} after ${gifts} gifts`);
    }
    expect(problems).toEqual([]);
    expect(await server.stopGracefully()).toBe(0);
  });
});
