import type { OutboxEntry } from '../../../machines/outbox';

/**
 * The outbox in localStorage, one per signed-in member: messages written but
 * not yet stored by the server survive a reload, and go out once connected
 * again (sent by the Messages screen while it is open, by the courier elsewhere).
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
    (entry.status === 'pending' || entry.status === 'failed')
  );
}

function storedEntries(userId: string): OutboxEntry[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(keyFor(userId)) ?? '[]');
    return Array.isArray(stored) ? stored.filter(isEntry) : [];
  } catch {
    return [];
  }
}

/** The outbox as the Messages screen opens it: a reload is a fresh start for what had stopped trying, so it tries again. */
export function readOutbox(userId: string): OutboxEntry[] {
  return storedEntries(userId).map((entry) => ({ ...entry, attempts: 0, status: 'pending' as const }));
}

/** What is still trying, oldest first (a message showing "Not sent · Retry" waits for the member). */
export function pendingOutbox(userId: string): OutboxEntry[] {
  return storedEntries(userId).filter((entry) => entry.status === 'pending');
}

/** Takes one message out (stored by the server, or its conversation ended); the rest stay as they are. */
export function removeFromOutbox(userId: string, id: string): void {
  writeOutbox(
    userId,
    storedEntries(userId).filter((entry) => entry.id !== id),
  );
}

export function writeOutbox(userId: string, outbox: readonly OutboxEntry[]): void {
  try {
    if (outbox.length === 0) localStorage.removeItem(keyFor(userId));
    else localStorage.setItem(keyFor(userId), JSON.stringify(outbox));
  } catch {
    // Storage full or unavailable: the outbox still lives in memory for this visit.
  }
}
