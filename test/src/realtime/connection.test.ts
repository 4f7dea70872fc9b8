import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import type { ConversationSummary, ConversationsResponse, Message, MessagesResponse } from '../../../contract/messaging';
import { memberKeys } from '../../../src/api/member-keys';
import { messagingKeys, type MessagesData } from '../../../src/api/messaging';
import { openConnection, TOO_MANY_TABS_RETRY_MS, type OrbitSocket } from '../../../src/realtime/connection';
import { CONNECTION_WAIT_MS, createRealtimeHub, type HubSignal } from '../../../src/realtime/hub';
import { FakeSocket } from '../../support/fake-socket-io';
import { json, mockApi } from '../support/render-app';

const ME = 'me-1';
const PRIYA = 'priya-1';

const message = (seq: number, senderId = PRIYA, text = `Message ${seq}`): Message => ({
  id: `m-${seq}`,
  seq,
  senderId,
  text,
  sentAt: new Date(2026, 10, 26, 12, seq).toISOString(),
});

const summary: ConversationSummary = {
  userId: PRIYA,
  name: 'Priya Shah',
  avatar: '/api/media/avatar/priya',
  isOnline: false,
  isDemo: false,
  matchedAt: new Date(2026, 10, 1).toISOString(),
  lastMessage: message(2),
  lastSeq: 2,
  unread: 0,
  receipts: { deliveredSeq: 0, readSeq: 0 },
};

function setUp() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData<ConversationsResponse>(messagingKeys.conversations(), { conversations: [summary] });
  const page: MessagesResponse = { messages: [message(1), message(2, ME)], hasOlder: false, lastSeq: 2, receipts: { deliveredSeq: 0, readSeq: 0 } };
  queryClient.setQueryData<MessagesData>(messagingKeys.messages(PRIYA), { pages: [page], pageParams: [null] });
  const hub = createRealtimeHub();
  const signals: HubSignal[] = [];
  hub.subscribe((signal) => signals.push(signal));
  let socket: FakeSocket | undefined;
  const close = openConnection({
    token: 'user-token',
    queryClient,
    hub,
    connect: () => {
      socket = new FakeSocket({});
      return socket as unknown as OrbitSocket;
    },
  });
  if (!socket) throw new Error('no socket');
  return { queryClient, hub, signals, socket, close };
}

const held = (queryClient: QueryClient) =>
  queryClient.getQueryData<MessagesData>(messagingKeys.messages(PRIYA))?.pages.flatMap((page) => page.messages.map((entry) => entry.seq));
const listEntry = (queryClient: QueryClient) =>
  queryClient.getQueryData<ConversationsResponse>(messagingKeys.conversations())?.conversations.find((entry) => entry.userId === PRIYA);

beforeEach(() => {
  // Catch-up reads the tests leave unanswered say so on the console.
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('the realtime connection', () => {
  it('puts a new message in the thread and the list, and tells the screens', () => {
    const { queryClient, signals, socket } = setUp();
    socket.serverSends('connect');
    socket.serverSends('message:new', { peerId: PRIYA, message: message(3) });
    expect(held(queryClient)).toEqual([1, 2, 3]);
    expect(listEntry(queryClient)).toMatchObject({ lastSeq: 3, unread: 1, lastMessage: { text: 'Message 3' } });
    expect(signals).toContainEqual({ type: 'message', peerId: PRIYA, message: message(3) });
    // The browser has it: delivered.
    expect(socket.commands).toContainEqual(expect.objectContaining({ name: 'receipts:mark', payload: { peerId: PRIYA, deliveredSeq: 3 } }));
  });

  it('drops malformed events', () => {
    const { queryClient, signals, socket } = setUp();
    socket.serverSends('message:new', { peerId: PRIYA, message: { seq: 'three' } });
    socket.serverSends('typing', { who: PRIYA });
    expect(held(queryClient)).toEqual([1, 2]);
    expect(signals.filter((signal) => signal.type !== 'status')).toEqual([]);
  });

  it('fetches what it missed after a gap, and after every (re)connect', async () => {
    const { calls } = mockApi({
      'GET /api/conversations/priya-1/messages': (url) => {
        const after = Number(url.searchParams.get('after'));
        const messages = [3, 4, 5].filter((seq) => seq > after).map((seq) => message(seq));
        return json(200, { messages, hasOlder: false, lastSeq: 5, receipts: { deliveredSeq: 2, readSeq: 0 } });
      },
      'GET /api/conversations': () => json(200, { conversations: [summary] }),
    });
    const { queryClient, socket } = setUp();
    socket.serverSends('message:new', { peerId: PRIYA, message: message(5) });
    await vi.waitFor(() => expect(held(queryClient)).toEqual([1, 2, 3, 4, 5]));
    expect(calls.some((call) => call.path === '/api/conversations/priya-1/messages')).toBe(true);

    socket.serverSends('connect');
    await vi.waitFor(() => expect(calls.filter((call) => call.path === '/api/conversations/priya-1/messages')).toHaveLength(2));
    expect(held(queryClient)).toEqual([1, 2, 3, 4, 5]);
  });

  it('keeps receipts that arrived while a catch-up was on its way: its older snapshot does not turn Read back to Sent', async () => {
    let answer: (response: Response) => void = () => {};
    const { calls } = mockApi({
      // Taken before Priya read message 2, answered after her receipts:update.
      'GET /api/conversations/priya-1/messages': () => new Promise<Response>((resolve) => (answer = resolve)),
      'GET /api/conversations': () => json(200, { conversations: [summary] }),
    });
    const { queryClient, socket } = setUp();
    const receipts = () => queryClient.getQueryData<MessagesData>(messagingKeys.messages(PRIYA))?.pages.at(-1)?.receipts;
    socket.serverSends('connect');
    await vi.waitFor(() => expect(calls.some((call) => call.path === '/api/conversations/priya-1/messages')).toBe(true));
    socket.serverSends('receipts:update', { peerId: PRIYA, receipts: { deliveredSeq: 2, readSeq: 2 } });
    answer(json(200, { messages: [message(3)], hasOlder: false, lastSeq: 3, receipts: { deliveredSeq: 2, readSeq: 0 } }));
    await vi.waitFor(() => expect(held(queryClient)).toEqual([1, 2, 3]));
    expect(receipts()).toEqual({ deliveredSeq: 2, readSeq: 2 });

    // A later snapshot still moves them forward.
    socket.serverSends('connect');
    await vi.waitFor(() => expect(calls.filter((call) => call.path === '/api/conversations/priya-1/messages')).toHaveLength(2));
    answer(json(200, { messages: [], hasOlder: false, lastSeq: 3, receipts: { deliveredSeq: 3, readSeq: 3 } }));
    await vi.waitFor(() => expect(receipts()).toEqual({ deliveredSeq: 3, readSeq: 3 }));
  });

  it('passes on typing, receipts, presence and ended conversations', () => {
    const { queryClient, signals, socket } = setUp();
    socket.serverSends('typing', { peerId: PRIYA });
    socket.serverSends('receipts:update', { peerId: PRIYA, receipts: { deliveredSeq: 2, readSeq: 2 } });
    socket.serverSends('presence', { userId: PRIYA, isOnline: true });
    socket.serverSends('conversation:ended', { peerId: PRIYA });
    expect(signals).toContainEqual({ type: 'typing', peerId: PRIYA });
    expect(signals).toContainEqual({ type: 'ended', peerId: PRIYA });
    expect(listEntry(queryClient)).toMatchObject({ isOnline: true, receipts: { deliveredSeq: 2, readSeq: 2 } });
    expect(queryClient.getQueryData<MessagesData>(messagingKeys.messages(PRIYA))?.pages[0]?.receipts).toEqual({ deliveredSeq: 2, readSeq: 2 });
  });

  it('passes every call event to the hub as it came, and drops malformed ones', () => {
    const { signals, socket } = setUp();
    const callId = '6f1c2a7e-3b4d-4e5f-8a9b-0c1d2e3f4a5b';
    const peer = { id: PRIYA, name: 'Priya Shah', avatar: '/api/media/avatar/priya' };
    const offer = { kind: 'description', description: { type: 'offer', sdp: 'v=0' } };
    socket.serverSends('call:incoming', { callId, peer });
    socket.serverSends('call:ringing', { callId });
    socket.serverSends('call:answered', { callId });
    socket.serverSends('call:signal', { callId, signal: offer });
    socket.serverSends('call:ended', { callId, reason: 'hung-up', seconds: 192 });
    // Malformed: no peer, an unknown reason, a signal of no known kind, negative seconds.
    socket.serverSends('call:incoming', { callId });
    socket.serverSends('call:ended', { callId, reason: 'exploded', seconds: null });
    socket.serverSends('call:signal', { callId, signal: { kind: 'telepathy' } });
    socket.serverSends('call:ended', { callId, reason: 'lost', seconds: -1 });
    expect(signals.filter((signal) => signal.type === 'call')).toEqual([
      { type: 'call', event: { name: 'call:incoming', payload: { callId, peer } } },
      { type: 'call', event: { name: 'call:ringing', payload: { callId } } },
      { type: 'call', event: { name: 'call:answered', payload: { callId } } },
      { type: 'call', event: { name: 'call:signal', payload: { callId, signal: offer } } },
      { type: 'call', event: { name: 'call:ended', payload: { callId, reason: 'hung-up', seconds: 192 } } },
    ]);
  });

  it('sends call commands with their answer', async () => {
    const { hub, socket } = setUp();
    socket.serverSends('connect');
    const callId = '6f1c2a7e-3b4d-4e5f-8a9b-0c1d2e3f4a5b';
    await expect(hub.command('call:invite', { callId, calleeId: PRIYA })).resolves.toEqual({ ok: true });
    expect(socket.commands).toContainEqual(expect.objectContaining({ name: 'call:invite', payload: { callId, calleeId: PRIYA } }));
  });

  it("refetches the account when the member's coin balance changed, and drops a malformed announcement", async () => {
    const { queryClient, socket } = setUp();
    const fetchMe = vi.fn(() => Promise.resolve({ coins: 42 }));
    queryClient.setQueryData(memberKeys.me(), { coins: 0 });
    const observer = new QueryObserver(queryClient, { queryKey: memberKeys.me(), queryFn: fetchMe, staleTime: Infinity });
    const unsubscribe = observer.subscribe(() => {});
    socket.serverSends('coins:balance', { balance: 'lots' });
    expect(fetchMe).not.toHaveBeenCalled();
    const entry = { _id: 'e-1', amount: 42, kind: 'granted', reference: 'Contest prize', balanceAfter: 42, createdAt: new Date().toISOString() };
    socket.serverSends('coins:balance', { balance: 42, entry });
    await vi.waitFor(() => expect(queryClient.getQueryData(memberKeys.me())).toEqual({ coins: 42 }));
    expect(fetchMe).toHaveBeenCalledTimes(1);
    unsubscribe();
  });

  it("passes a purchase's new state to the screens and refetches the account, and drops a malformed one", async () => {
    const { queryClient, signals, socket } = setUp();
    const fetchMe = vi.fn(() => Promise.resolve({ coins: 500 }));
    queryClient.setQueryData(memberKeys.me(), { coins: 0 });
    const observer = new QueryObserver(queryClient, { queryKey: memberKeys.me(), queryFn: fetchMe, staleTime: Infinity });
    const unsubscribe = observer.subscribe(() => {});
    socket.serverSends('purchase:updated', { purchase: { _id: 'p-1', status: 'paid' } });
    expect(fetchMe).not.toHaveBeenCalled();
    expect(signals.filter((signal) => signal.type === 'purchase')).toEqual([]);
    const purchase = {
      _id: 'p-1',
      receiptNumber: 'OR-P1',
      kind: 'coinPack',
      itemName: 'Value Pack',
      coins: 500,
      billingMonths: null,
      amount: { amountMinor: 499, currency: 'USD' },
      status: 'paid',
      provider: 'local',
      testPayment: true,
      withdrawalWaived: true,
      createdAt: new Date().toISOString(),
      paidAt: new Date().toISOString(),
      refunded: null,
      refundStatus: null,
      refundableUntil: null,
    };
    socket.serverSends('purchase:updated', { purchase });
    expect(signals).toContainEqual({ type: 'purchase', purchase });
    await vi.waitFor(() => expect(queryClient.getQueryData(memberKeys.me())).toEqual({ coins: 500 }));
    expect(fetchMe).toHaveBeenCalledTimes(1);
    unsubscribe();
  });

  it("refetches the account (VIP status and subscription) when the subscription changes, and drops a malformed event", async () => {
    const { queryClient, socket } = setUp();
    const fetchSubscription = vi.fn(() => Promise.resolve({ status: 'ended' }));
    queryClient.setQueryData([...memberKeys.me(), 'subscription'], { status: 'active' });
    const observer = new QueryObserver(queryClient, { queryKey: [...memberKeys.me(), 'subscription'], queryFn: fetchSubscription, staleTime: Infinity });
    const unsubscribe = observer.subscribe(() => {});
    socket.serverSends('subscription:updated', { subscription: { _id: 's-1' } });
    expect(fetchSubscription).not.toHaveBeenCalled();
    const subscription = {
      _id: 's-1',
      planId: null,
      planName: 'Gold',
      price: { amountMinor: 999, currency: 'USD' },
      billingMonths: 1,
      status: 'ended',
      cancelAtPeriodEnd: false,
      currentPeriodEnd: new Date().toISOString(),
      vipUntil: new Date().toISOString(),
      testPayment: true,
      withdrawal: null,
    };
    socket.serverSends('subscription:updated', { subscription });
    await vi.waitFor(() => expect(queryClient.getQueryData([...memberKeys.me(), 'subscription'])).toEqual({ status: 'ended' }));
    expect(fetchSubscription).toHaveBeenCalledTimes(1);
    unsubscribe();
  });

  it('asks the API about the session when the server drops the connection', async () => {
    localStorage.setItem('user_token', 'user-token');
    const { calls } = mockApi({ 'GET /api/user/me': () => json(401, { success: false, message: 'Your session has ended' }) });
    const { socket, signals } = setUp();
    socket.serverSends('connect');
    socket.serverSends('disconnect', 'io server disconnect');
    await vi.waitFor(() => expect(calls.some((call) => call.path === '/api/user/me')).toBe(true));
    expect(signals.at(-1)).toEqual({ type: 'status', status: 'disconnected' });
    localStorage.removeItem('user_token');
  });

  it('waits TOO_MANY_TABS_RETRY_MS before trying again when refused as one tab too many, asking the API nothing', async () => {
    vi.useFakeTimers();
    try {
      localStorage.setItem('user_token', 'user-token');
      const { calls } = mockApi({});
      const { socket, signals } = setUp();
      const connect = vi.spyOn(socket, 'connect');
      socket.active = false;
      socket.serverSends('connect_error', Object.assign(new Error('Too many open Orbit tabs for this sign-in; close some and try again'), { data: { status: 429 } }));
      expect(signals.at(-1)).toEqual({ type: 'status', status: 'disconnected' });
      await vi.advanceTimersByTimeAsync(TOO_MANY_TABS_RETRY_MS - 1);
      expect(connect).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(connect).toHaveBeenCalledTimes(1);
      expect(calls.filter((call) => call.path === '/api/user/me')).toEqual([]);
    } finally {
      vi.useRealTimers();
      localStorage.removeItem('user_token');
    }
  });

  it('asks nothing when the session of the tab already ended (its token left storage): asking without one would read as a sign-out', async () => {
    localStorage.removeItem('user_token');
    const { calls } = mockApi({});
    const { socket } = setUp();
    socket.serverSends('connect');
    socket.serverSends('disconnect', 'io server disconnect');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.filter((call) => call.path === '/api/user/me')).toEqual([]);
  });

  it('holds a command (not typing) until the connection is up: a call link opened directly invites before the socket connects', async () => {
    const { hub, socket } = setUp();
    const invite = hub.command('call:invite', { callId: '0b7c9c84-3a53-4f4e-9a39-4d7f2c1d0e11', calleeId: PRIYA });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(socket.commands.map(({ name }) => name)).not.toContain('call:invite');
    socket.serverSends('connect');
    await expect(invite).resolves.toEqual({ ok: true });
    expect(socket.commands.map(({ name }) => name)).toContain('call:invite');
  });

  it('gives up on a held command when no connection comes within CONNECTION_WAIT_MS', async () => {
    vi.useFakeTimers();
    try {
      const hub = createRealtimeHub();
      const answer = hub.command('receipts:mark', { peerId: PRIYA, readSeq: 1 });
      await vi.advanceTimersByTimeAsync(CONNECTION_WAIT_MS);
      await expect(answer).resolves.toEqual({ ok: false, status: 0, message: 'Not connected' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('sends commands only while connected, and stops on close', async () => {
    const { hub, socket, close } = setUp();
    await expect(hub.command('typing', { peerId: PRIYA })).resolves.toEqual({ ok: false, status: 0, message: 'Not connected' });
    socket.serverSends('connect');
    await expect(hub.command('typing', { peerId: PRIYA })).resolves.toEqual({ ok: true });
    close();
    expect(socket.active).toBe(false);
    await expect(hub.command('typing', { peerId: PRIYA })).resolves.toMatchObject({ ok: false });
  });
});
