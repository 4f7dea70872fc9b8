import { afterEach, describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { createActor, toPromise } from 'xstate';
import type { OutboxEntry } from '../../../../machines/outbox';
import { createOutboxCourierActors } from '../../../../src/features/messages/outbox-courier-actors';
import { pendingOutbox, readOutbox, writeOutbox } from '../../../../src/features/messages/outbox-store';
import { createRealtimeHub } from '../../../../src/realtime/hub';
import { json, mockApi } from '../../support/render-app';

/**
 * The courier's real delivery round against the browser's storage and a
 * stand-in API: what the server stored or can never take leaves the outbox,
 * what it refused for now stays for the Messages screen, and an unreachable
 * server ends the round with the rest in place.
 */

const ME = 'me-1';
const entry = (id: string, peerId: string, status: OutboxEntry['status'] = 'pending'): OutboxEntry => ({
  id,
  peerId,
  text: `text of ${id}`,
  createdAt: '2026-11-26T10:00:00.000Z',
  attempts: 0,
  status,
});
const stored = (id: string, peerId: string, seq: number) =>
  json(201, { message: { id, seq, senderId: ME, text: `text of ${id}`, sentAt: '2026-11-26T10:00:01.000Z' } });

afterEach(() => localStorage.clear());

const sentBody = (init: RequestInit | undefined) => JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as { id: string };

function deliver(signal?: AbortSignal) {
  const { deliverOutbox } = createOutboxCourierActors(ME, new QueryClient(), createRealtimeHub());
  const actor = createActor(deliverOutbox);
  if (signal) signal.addEventListener('abort', () => actor.stop());
  actor.start();
  return toPromise(actor);
}

describe('a delivery round of the outbox courier', () => {
  it('sends the pending messages oldest first and keeps what could not be stored yet', async () => {
    writeOutbox(ME, [entry('a', 'p-ok'), entry('b', 'p-ended'), entry('c', 'p-ok', 'failed'), entry('d', 'p-fast'), entry('e', 'p-ok')]);
    let sends = 0;
    const api = mockApi({
      'POST /api/conversations/p-ok/messages': (_url, init) => {
        sends += 1;
        const { id } = sentBody(init);
        return sends === 1 ? stored(id, 'p-ok', 1) : json(503, { success: false, message: 'Service unavailable' });
      },
      'POST /api/conversations/p-ended/messages': () => json(403, { success: false, message: 'This conversation has ended.' }),
      'POST /api/conversations/p-fast/messages': () => json(429, { success: false, message: 'You are sending messages too fast.' }),
    });

    await expect(deliver()).rejects.toThrow();

    // Each went with its own id; the one showing "Not sent · Retry" waits for the member.
    expect(api.calls.map((call) => [call.path, (call.body as { id: string }).id])).toEqual([
      ['/api/conversations/p-ok/messages', 'a'],
      ['/api/conversations/p-ended/messages', 'b'],
      ['/api/conversations/p-fast/messages', 'd'],
      ['/api/conversations/p-ok/messages', 'e'],
    ]);
    // Stored (a) and ended (b) are gone; the refused one (d) and the unreached one (e) stay, as they were.
    expect(readOutbox(ME).map((kept) => kept.id)).toEqual(['c', 'd', 'e']);
    expect(pendingOutbox(ME).map((kept) => kept.id)).toEqual(['d', 'e']);
  });

  it('ends with an empty outbox when everything was stored', async () => {
    writeOutbox(ME, [entry('a', 'p-ok'), entry('b', 'p-ok')]);
    mockApi({
      'POST /api/conversations/p-ok/messages': (_url, init) => {
        const { id } = sentBody(init);
        return stored(id, 'p-ok', id === 'a' ? 1 : 2);
      },
    });
    await deliver();
    expect(localStorage.getItem(`orbit.outbox.${ME}`)).toBeNull();
  });

  it('stops between two messages when stopped (Messages opened, or the connection went)', async () => {
    writeOutbox(ME, [entry('a', 'p-ok'), entry('b', 'p-ok')]);
    const stop = new AbortController();
    const api = mockApi({
      'POST /api/conversations/p-ok/messages': (_url, init) => {
        const { id } = sentBody(init);
        stop.abort();
        return stored(id, 'p-ok', 1);
      },
    });
    const round = deliver(stop.signal);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.calls).toHaveLength(1);
    // The answered one is out; the other waits for whoever sends next.
    expect(readOutbox(ME).map((kept) => kept.id)).toEqual(['b']);
    void round.catch(() => undefined);
  });
});
