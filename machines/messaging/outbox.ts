/**
 * The member's outbox, which the outbox courier sends from on every page:
 * what a message waiting in it looks like, and how often and how fast it is tried.
 */

/**
 * A message the member wrote that the server has not stored yet. Its id is
 * made in the browser before the first try and sent again on every retry, so
 * the server keeps it once however often it goes out.
 */
export interface OutboxEntry {
  id: string;
  /** The person the conversation is with. */
  peerId: string;
  text: string;
  /** ISO date-time it was written. */
  createdAt: string;
  /** Failed tries so far. */
  attempts: number;
  /**
   * `failed`: it stopped trying ("Not sent · Retry"). `refused`: the server will not take it as it is (too long,
   * too fast); it waits for the Messages screen to put its text back and say why (`refusal`).
   */
  status: 'pending' | 'failed' | 'refused';
  /** The server's words for a refused message. */
  refusal?: string;
}

/** Tries a message gets (the first and the retries) before it shows "Not sent · Retry". */
export const MAX_SEND_ATTEMPTS = 3;
/** The pause between two tries. */
export const SEND_RETRY_DELAY_MS = 3000;

/** A refused send's HTTP status, or 0 when the server was not reached. */
export function statusOf(error: unknown): number {
  if (typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number') return error.status;
  return 0;
}
