import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import type { CoinBalanceEvent } from '../../../contract/coins/ledger';
import { GIFT_NOT_FOUND_MESSAGE, GIFT_SEND_REUSED_MESSAGE, GIFT_TO_SELF_MESSAGE, type GiftOffersResponse } from '../../../contract/gifts';
import { CONVERSATION_ENDED_MESSAGE, CONVERSATION_NOT_FOUND_MESSAGE, type ConversationsResponse, type Message, type MessagesResponse } from '../../../contract/messaging';
import type { CommandAnswer, MessageEvent } from '../../../contract/realtime';
import { NOT_ENOUGH_COINS_MESSAGE, postCoinChange } from '../../../server/coins/ledger';
import { balancesOffTheLedger } from '../../../server/coins/queries/ledger';
import { creatorEarnings, giftSends } from '../../../server/db/schema';
import { command, expectOk } from '../calls/call-helpers';
import { bearer, registerUser, type RegisteredUser } from '../helpers/accounts';
import { coinHistoryOf } from '../helpers/coins';
import { listeningTestApp } from '../helpers/listening-app';
import { matchedPair, nextEvent } from '../messaging/messaging-helpers';

// Symbolic gifts between matches (issue 49): paid from the sender's coins,
// arriving as a `gift` entry in the pair's chat, earning nobody anything.

const listening = listeningTestApp({});
const { tabs } = listening;
const app = () => listening.testApp.app;

async function giftNamed(member: RegisteredUser, name: string) {
  const response = await app().inject({ method: 'GET', url: '/api/gifts', headers: bearer(member.token) });
  const gift = response.json<GiftOffersResponse>().gifts.find((offer) => offer.name === name);
  if (!gift) throw new Error(`no gift named ${name}`);
  return gift;
}

async function grant(member: RegisteredUser, coins: number): Promise<void> {
  await listening.testApp.db.transaction((tx) => postCoinChange(tx, { userId: member.user._id, amount: coins, kind: 'granted', reference: 'Test coins', idempotencyKey: randomUUID() }));
}

function giftTo(tab: Socket, peer: RegisteredUser, giftId: string, sendId: string = randomUUID()): Promise<CommandAnswer> {
  return command(tab, 'message:gift', { peerId: peer.user._id, giftId, sendId });
}

async function thread(member: RegisteredUser, peer: RegisteredUser): Promise<Message[]> {
  const response = await app().inject({ method: 'GET', url: `/api/conversations/${peer.user._id}/messages`, headers: bearer(member.token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<MessagesResponse>().messages;
}

const balanceOf = async (member: RegisteredUser) => (await coinHistoryOf(app(), member)).balance;

function refusedWith(answer: CommandAnswer, status: number, message: string): void {
  expect(answer).toEqual({ ok: false, status, message });
}

describe('a gift in a chat between matches', () => {
  it('takes the coins once and arrives in both tabs as a gift entry, unread for the receiver', async () => {
    const [sender, receiver] = await matchedPair(app());
    await grant(sender, 100);
    // Being liked earned each of the pair a few coins already.
    const before = await balanceOf(sender);
    const rose = await giftNamed(sender, 'Rose');
    const [senderTab, receiverTab] = await Promise.all([tabs.tab(sender.token), tabs.tab(receiver.token)]);
    const arrived = nextEvent<MessageEvent>(receiverTab, 'message:new');
    const echoed = nextEvent<MessageEvent>(senderTab, 'message:new');
    const balance = nextEvent<CoinBalanceEvent>(senderTab, 'coins:balance');
    const sendId = randomUUID();

    expectOk(await giftTo(senderTab, receiver, rose._id, sendId));

    const event = await arrived;
    expect(event.peerId).toBe(sender.user._id);
    expect(event.message).toMatchObject({ id: sendId, senderId: sender.user._id, kind: 'gift', text: '🌹 Rose', seq: 1 });
    expect((await echoed).peerId).toBe(receiver.user._id);
    expect((await balance).balance).toBe(before - 10);
    expect(await balanceOf(sender)).toBe(before - 10);
    expect(await thread(receiver, sender)).toEqual([event.message]);
    const list = await app().inject({ method: 'GET', url: '/api/conversations', headers: bearer(receiver.token) });
    expect(list.json<ConversationsResponse>().conversations[0]).toMatchObject({ userId: sender.user._id, unread: 1, lastMessage: { kind: 'gift' } });

    // The answer was lost, the browser sends again: announced again, stored and paid once.
    const again = nextEvent<MessageEvent>(receiverTab, 'message:new');
    expectOk(await giftTo(senderTab, receiver, rose._id, sendId));
    expect((await again).message).toEqual(event.message);
    expect(await balanceOf(sender)).toBe(before - 10);
    expect(await thread(sender, receiver)).toHaveLength(1);
    expect(await balancesOffTheLedger(listening.testApp.db)).toEqual([]);
  });

  it('earns nothing, not even when the receiver is an enrolled creator', async () => {
    const [sender, creator] = await matchedPair(app());
    const enrolled = await app().inject({ method: 'POST', url: '/api/creators/me', headers: bearer(creator.token), payload: { acceptTerms: true } });
    expect(enrolled.statusCode, enrolled.body).toBe(200);
    await grant(sender, 100);
    const tab = await tabs.tab(sender.token);
    expectOk(await giftTo(tab, creator, (await giftNamed(sender, 'Heart'))._id));

    const [send] = await listening.testApp.db.select().from(giftSends).where(eq(giftSends.senderId, sender.user._id));
    expect(send).toMatchObject({ recipientId: creator.user._id, streamId: null });
    expect(await listening.testApp.db.select().from(creatorEarnings).where(eq(creatorEarnings.creatorId, creator.user._id))).toEqual([]);
  });

  it('is refused without taking coins: short of coins, to oneself, an unknown gift, a sendId reused for another gift', async () => {
    const [sender, receiver] = await matchedPair(app());
    await grant(sender, 15);
    const before = await balanceOf(sender);
    const [rose, rocket] = await Promise.all([giftNamed(sender, 'Rose'), giftNamed(sender, 'Rocket')]);
    const tab = await tabs.tab(sender.token);

    refusedWith(await giftTo(tab, receiver, rocket._id), 409, NOT_ENOUGH_COINS_MESSAGE);
    refusedWith(await giftTo(tab, sender, rose._id), 400, GIFT_TO_SELF_MESSAGE);
    refusedWith(await giftTo(tab, receiver, randomUUID()), 404, GIFT_NOT_FOUND_MESSAGE);
    const sendId = randomUUID();
    expectOk(await giftTo(tab, receiver, rose._id, sendId));
    refusedWith(await giftTo(tab, receiver, rocket._id, sendId), 409, GIFT_SEND_REUSED_MESSAGE);
    expect(await balanceOf(sender)).toBe(before - rose.price);
    expect(await thread(sender, receiver)).toHaveLength(1);
  });

  it('is refused, nothing taken, between members who are not matched, who unmatched, or after a block', async () => {
    const [sender, stranger] = [await registerUser(app()), await registerUser(app())];
    const [unmatcher, unmatched] = await matchedPair(app());
    const [blocker, blocked] = await matchedPair(app());
    await Promise.all([grant(sender, 50), grant(unmatched, 50), grant(blocked, 50)]);
    const before = await Promise.all([balanceOf(sender), balanceOf(unmatched), balanceOf(blocked)]);
    const rose = await giftNamed(sender, 'Rose');

    refusedWith(await giftTo(await tabs.tab(sender.token), stranger, rose._id), 404, CONVERSATION_NOT_FOUND_MESSAGE);

    const ended = await app().inject({ method: 'DELETE', url: `/api/matches/${unmatched.user._id}`, headers: bearer(unmatcher.token) });
    expect(ended.statusCode, ended.body).toBe(200);
    refusedWith(await giftTo(await tabs.tab(unmatched.token), unmatcher, rose._id), 404, CONVERSATION_NOT_FOUND_MESSAGE);

    const block = await app().inject({ method: 'POST', url: `/api/users/${blocked.user._id}/block`, headers: bearer(blocker.token) });
    expect(block.statusCode, block.body).toBe(200);
    const answer = await giftTo(await tabs.tab(blocked.token), blocker, rose._id);
    expect(answer.ok).toBe(false);
    if (!answer.ok) expect([CONVERSATION_NOT_FOUND_MESSAGE, CONVERSATION_ENDED_MESSAGE]).toContain(answer.message);

    expect(await Promise.all([balanceOf(sender), balanceOf(unmatched), balanceOf(blocked)])).toEqual(before);
  });
});
