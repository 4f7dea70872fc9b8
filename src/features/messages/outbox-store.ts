import type { OutboxEntry } from '../../../machines/messaging.machine';

/**
 * The outbox in localStorage, one per signed-in member: messages written but
 * not yet stored by the server survive a reload and go out when the Messages
 * screen is open and connected again.
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

export function readOutbox(userId: string): OutboxEntry[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(keyFor(userId)) ?? '[]');
    // A reload is a fresh start for what had stopped trying: it tries again.
    return Array.isArray(stored) ? stored.filter(isEntry).map((entry) => ({ ...entry, attempts: 0, status: 'pending' as const })) : [];
  } catch {
    return [];
  }
}

export function writeOutbox(userId: string, outbox: readonly OutboxEntry[]): void {
  try {
    if (outbox.length === 0) localStorage.removeItem(keyFor(userId));
    else localStorage.setItem(keyFor(userId), JSON.stringify(outbox));
  } catch {
    // Storage full or unavailable: the outbox still lives in memory for this visit.
  }
}
