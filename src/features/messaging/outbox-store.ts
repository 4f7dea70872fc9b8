import { QueryObserver, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { OutboxEntry } from '../../../machines/messaging/outbox';
import { messagingKeys } from '../../api/messaging';

/**
 * The member's outbox, in one place: an entry of the tab's query cache that
 * the thread reads and the courier sends from, seeded from localStorage once
 * per page load and written back to it on every change (changeOutbox), so
 * messages written but not yet stored by the server survive a reload.
 */

const keyFor = (userId: string) => `orbit.outbox.${userId}`;

function isEntry(value: unknown): value is OutboxEntry {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (
    typeof entry.id === 'string' &&
    typeof entry.peerId === 'string' &&
    typeof entry.text === 'string' &&
    typeof entry.createdAt === 'string' &&
    typeof entry.attempts === 'number' &&
    (entry.status === 'pending' || entry.status === 'failed' || entry.status === 'refused')
  );
}

/** Every message tries afresh: what had stopped trying, or was refused, is sent again (the server may take it now). */
const freshStart = (outbox: readonly OutboxEntry[]): OutboxEntry[] => outbox.map(({ refusal: _refusal, ...entry }) => ({ ...entry, attempts: 0, status: 'pending' as const }));

function storedEntries(userId: string): OutboxEntry[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(keyFor(userId)) ?? '[]');
    return Array.isArray(stored) ? stored.filter(isEntry) : [];
  } catch {
    return [];
  }
}

function store(userId: string, outbox: readonly OutboxEntry[]): void {
  try {
    if (outbox.length === 0) localStorage.removeItem(keyFor(userId));
    else localStorage.setItem(keyFor(userId), JSON.stringify(outbox));
  } catch {
    // Storage full or unavailable: the outbox still lives in the tab for this visit.
  }
}

/** The outbox, read by the thread; a reload is a fresh start for what had stopped trying. */
export const outboxQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: messagingKeys.outbox(userId),
    queryFn: () => freshStart(storedEntries(userId)),
    initialData: () => freshStart(storedEntries(userId)),
    // Nothing on a server to refetch: it changes only through changeOutbox, and lives as long as the tab.
    staleTime: Infinity,
    gcTime: Infinity,
  });

/** The outbox as the tab holds it now. */
function heldOutbox(queryClient: QueryClient, userId: string): OutboxEntry[] {
  const { queryKey } = outboxQueryOptions(userId);
  const held = queryClient.getQueryData(queryKey);
  if (held) return held;
  const seeded = freshStart(storedEntries(userId));
  queryClient.setQueryData(queryKey, seeded);
  return seeded;
}

/** The one way the outbox changes: in the tab, and in storage for the next page load. */
function changeOutbox(queryClient: QueryClient, userId: string, change: (outbox: readonly OutboxEntry[]) => OutboxEntry[]): void {
  const next = change(heldOutbox(queryClient, userId));
  queryClient.setQueryData(outboxQueryOptions(userId).queryKey, next);
  store(userId, next);
}

const changeEntry = (id: string, change: (entry: OutboxEntry) => OutboxEntry) => (outbox: readonly OutboxEntry[]) =>
  outbox.map((entry) => (entry.id === id ? change(entry) : entry));

/** A message that had stopped trying ("Not sent · Retry") gets three tries again. */
const tryAgain = (entry: OutboxEntry): OutboxEntry => (entry.status === 'failed' ? { ...entry, status: 'pending', attempts: 0 } : entry);

/** What the outbox's owner can do with it: the courier, and the Messages screen that writes into it. */
export function outboxOf(queryClient: QueryClient, userId: string) {
  const change = (update: (outbox: readonly OutboxEntry[]) => OutboxEntry[]) => changeOutbox(queryClient, userId, update);
  return {
    held: () => heldOutbox(queryClient, userId),
    /** The oldest message still trying. */
    next: () => heldOutbox(queryClient, userId).find((entry) => entry.status === 'pending'),
    add: (entry: OutboxEntry) => change((outbox) => [...outbox, entry]),
    /** "Not sent · Retry": three tries again. */
    retry: (id: string) => change(changeEntry(id, tryAgain)),
    /** The connection is back: what had stopped trying ("Not sent · Retry") gets three tries again. */
    retryStopped: () => change((outbox) => outbox.map(tryAgain)),
    /** The Messages screen opens: every message tries afresh, as after a reload. */
    restart: () => change(freshStart),
    /** Stored, or handed back to the member. */
    remove: (id: string) => change((outbox) => outbox.filter((entry) => entry.id !== id)),
    /** The conversation ended: nothing more can go to them. */
    dropConversation: (peerId: string) => change((outbox) => outbox.filter((entry) => entry.peerId !== peerId)),
    countAttempt: (id: string) => change(changeEntry(id, (entry) => ({ ...entry, attempts: entry.attempts + 1 }))),
    markFailed: (id: string) => change(changeEntry(id, (entry) => ({ ...entry, attempts: entry.attempts + 1, status: 'failed' }))),
    markRefused: (id: string, refusal: string) => change(changeEntry(id, (entry) => ({ ...entry, status: 'refused', refusal }))),
    /** Calls `listener` with the outbox whenever it changes; returns the unsubscribe. */
    watch: (listener: (outbox: readonly OutboxEntry[], previous: readonly OutboxEntry[]) => void) => {
      let previous = heldOutbox(queryClient, userId);
      return new QueryObserver(queryClient, outboxQueryOptions(userId)).subscribe(({ data }) => {
        if (!data || data === previous) return;
        const before = previous;
        previous = data;
        listener(data, before);
      });
    },
  };
}

export type Outbox = ReturnType<typeof outboxOf>;
