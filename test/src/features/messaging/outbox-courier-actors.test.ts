import { afterEach, describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { createActor, setup, toPromise, type AnyEventObject } from 'xstate';
import type { OutboxEntry } from '../../../../machines/messaging/outbox';
import type { Delivery } from '../../../../machines/messaging/outbox-courier.machine';
import { createOutboxCourierImplementations } from '../../../../src/features/messaging/outbox-courier-actors';
import { outboxOf } from '../../../../src/features/messaging/outbox-store';
import { createRealtimeHub, type HubSignal } from '../../../../src/realtime/hub';
import { json, mockApi } from '../../support/render-app';

/**
 * The courier's real actors and actions against the member's outbox (the
 * tab's query cache, written through to localStorage) and a stand-in API:
 * the oldest message still trying goes with its own id, what the server made
 * of it changes the outbox, a reload starts every message afresh, and the
 * courier hears of every change.
 */

const ME = 'me-1';
const entry = (id: string, peerId: string, status: OutboxEntry['status'] = 'pending', attempts = 0): OutboxEntry => ({
  id,
  peerId,
  text: `text of ${id}`,
  createdAt: '2026-11-26T10:00:00.000Z',
  attempts,
  status,
});
const storedAnswer = (id: string, peerId: string, seq: number) =>
  json(201, { message: { id, seq, senderId: ME, text: `text of ${id}`, sentAt: '2026-11-26T10:00:01.000Z' } });
const sentBody = (init: RequestInit | undefined) => JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as { id: string };
const inStorage = () => JSON.parse(localStorage.getItem(`orbit.outbox.${ME}`) ?? '[]') as OutboxEntry[];

afterEach(() => localStorage.clear());

function courier(held: OutboxEntry[] = []) {
  localStorage.setItem(`orbit.outbox.${ME}`, JSON.stringify(held));
  const queryClient = new QueryClient();
  const hub = createRealtimeHub();
  const signals: HubSignal[] = [];
  hub.subscribe((signal) => signals.push(signal));
  const implementations = createOutboxCourierImplementations(ME, queryClient, hub);
  const outbox = outboxOf(queryClient, ME);
  const sendNext = () => toPromise(createActor(implementations.actors.sendNext).start());
  return { implementations, outbox, signals, sendNext, queryClient };
}

/** What an action does when the machine runs it (it is only ever given its params). */
const run = <Params,>(action: (args: unknown, params: Params) => void, params: Params) => action({}, params);

describe('the outbox courier, sending', () => {
  it('sends the oldest message still trying, with its own id, and says the server stored it', async () => {
    const { sendNext, outbox } = courier([entry('a', 'p-ok'), entry('b', 'p-ok'), entry('c', 'p-ok')]);
    // The oldest stopped trying ("Not sent · Retry"): it waits for the member.
    outbox.markFailed('a');
    const api = mockApi({ 'POST /api/conversations/p-ok/messages': (_url, init) => storedAnswer(sentBody(init).id, 'p-ok', 1) });
    const delivery = await sendNext();
    expect(delivery).toEqual({ entry: entry('b', 'p-ok'), stored: true });
    expect(api.calls.map((call) => [call.path, call.body])).toEqual([['/api/conversations/p-ok/messages', { id: 'b', text: 'text of b' }]]);
  });

  it('brings back what the server answered when it did not store it, and nothing when nothing is trying', async () => {
    const { sendNext, outbox } = courier([entry('a', 'p-fast')]);
    mockApi({ 'POST /api/conversations/p-fast/messages': () => json(429, { success: false, message: 'You are sending messages too fast.' }) });
    const delivery: Delivery | null = await sendNext();
    expect(delivery).toMatchObject({ entry: { id: 'a' }, stored: false, error: { status: 429, message: 'You are sending messages too fast.' } });
    outbox.markFailed('a');
    expect(await sendNext()).toBeNull();
  });
});

describe("the outbox courier's changes to the outbox", () => {
  it('takes out what was stored, counts tries, stops a message that ran out of them, and marks a refused one for the Messages screen', () => {
    const { implementations, outbox } = courier([entry('a', 'p-1'), entry('b', 'p-1'), entry('c', 'p-2'), entry('d', 'p-2')]);
    const { actions } = implementations;
    run(actions.forget, { id: 'a' });
    run(actions.countAttempt, { id: 'b' });
    run(actions.markFailed, { id: 'c' });
    run(actions.handBack, { id: 'd', message: 'Too fast' });
    const expected = [entry('b', 'p-1', 'pending', 1), entry('c', 'p-2', 'failed', 1), { ...entry('d', 'p-2', 'refused'), refusal: 'Too fast' }];
    expect(outbox.held()).toEqual(expected);
    // Written through for the next page load.
    expect(inStorage()).toEqual(expected);
  });

  it('drops an ended conversation\'s messages and tells the tab the conversation ended', () => {
    const { implementations, outbox, signals } = courier([entry('a', 'p-1'), entry('b', 'p-2'), entry('c', 'p-1')]);
    run(implementations.actions.endConversation, { peerId: 'p-1' });
    expect(outbox.held().map((kept) => kept.id)).toEqual(['b']);
    expect(signals).toEqual([{ type: 'ended', peerId: 'p-1' }]);
  });

  it('empties storage when the last message is out', () => {
    const { implementations } = courier([entry('a', 'p-1')]);
    run(implementations.actions.forget, { id: 'a' });
    expect(localStorage.getItem(`orbit.outbox.${ME}`)).toBeNull();
  });

  it('gives what stopped trying three tries again when the connection is back, and leaves the rest as they are', () => {
    const { implementations, outbox } = courier([entry('a', 'p-1'), entry('b', 'p-1'), entry('c', 'p-1')]);
    outbox.markFailed('a');
    run(implementations.actions.countAttempt, { id: 'b' });
    outbox.markRefused('c', 'Too fast');
    run(implementations.actions.retryStopped, undefined);
    expect(outbox.held()).toEqual([entry('a', 'p-1'), entry('b', 'p-1', 'pending', 1), { ...entry('c', 'p-1', 'refused'), refusal: 'Too fast' }]);
    expect(inStorage()).toEqual(outbox.held());
  });

  it('starts every message afresh on the next page load, and when the Messages screen opens', () => {
    const { outbox } = courier([entry('a', 'p-1', 'failed', 3), { ...entry('b', 'p-1', 'refused'), refusal: 'Too fast' }, entry('c', 'p-1', 'pending', 2)]);
    const fresh = [entry('a', 'p-1'), entry('b', 'p-1'), entry('c', 'p-1')];
    expect(outbox.held()).toEqual(fresh);
    outbox.markFailed('a');
    outbox.restart();
    expect(outbox.held()).toEqual(fresh);
  });
});

describe('what the outbox tells the courier', () => {
  it('says when it changed, and when a message that had stopped trying tries again', () => {
    const { implementations, outbox } = courier([entry('a', 'p-1', 'pending', 2)]);
    const heard: AnyEventObject[] = [];
    const listener = setup({ actors: { watchOutbox: implementations.actors.watchOutbox } }).createMachine({
      invoke: { src: 'watchOutbox' },
      on: { '*': { actions: ({ event }) => void heard.push(event) } },
    });
    const actor = createActor(listener).start();
    outbox.add(entry('b', 'p-1'));
    outbox.markFailed('a');
    outbox.retry('a');
    // Retrying one still trying changes nothing.
    outbox.retry('b');
    actor.stop();
    outbox.add(entry('c', 'p-1'));
    expect(heard.map((event) => event.type)).toEqual(['OUTBOX.CHANGED', 'OUTBOX.CHANGED', 'OUTBOX.RETRIED']);
  });

  it('comes from the hub as the connection goes and comes back', () => {
    const hub = createRealtimeHub();
    const { actors } = createOutboxCourierImplementations(ME, new QueryClient(), hub);
    const heard: string[] = [];
    const listener = setup({ actors: { watchConnection: actors.watchConnection } }).createMachine({
      invoke: { src: 'watchConnection' },
      on: { '*': { actions: ({ event }) => void heard.push(event.type) } },
    });
    const actor = createActor(listener).start();
    hub.publish({ type: 'status', status: 'connected' });
    hub.publish({ type: 'typing', peerId: 'p-1' });
    hub.publish({ type: 'status', status: 'disconnected' });
    actor.stop();
    expect(heard).toEqual(['CONNECTION.BACK', 'CONNECTION.LOST']);
  });

  it('says the connection is up when it came up before the courier started listening', () => {
    // The courier reads the status as it renders and starts in an effect: a connection made in between is heard here.
    const hub = createRealtimeHub();
    const { actors } = createOutboxCourierImplementations(ME, new QueryClient(), hub);
    hub.publish({ type: 'status', status: 'connected' });
    const heard: string[] = [];
    const listener = setup({ actors: { watchConnection: actors.watchConnection } }).createMachine({
      invoke: { src: 'watchConnection' },
      on: { '*': { actions: ({ event }) => void heard.push(event.type) } },
    });
    const actor = createActor(listener).start();
    actor.stop();
    expect(heard).toEqual(['CONNECTION.BACK']);
  });
});
