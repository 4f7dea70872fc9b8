// What the main thread and the PGlite worker thread say to each other, and
// the framing of PostgreSQL wire-protocol messages the worker needs: PGlite
// takes whole messages only, and a chunk may hold several or a part of one.

export interface PgliteWorkerData {
  /** PGlite's directory; unset for a throwaway database in memory. */
  dataDir: string | undefined;
}

export type WorkerRequest =
  /** Bytes a connection wrote. */
  | { type: 'data'; bytes: Uint8Array }
  /** The connection closed; the next one starts a fresh session. */
  | { type: 'disconnect' }
  | { type: 'close' };

export type WorkerReply =
  | { type: 'ready' }
  /** Bytes PostgreSQL answered. */
  | { type: 'data'; bytes: Uint8Array }
  /** PGlite itself failed (not a query error, which travels as bytes): the database is unusable. */
  | { type: 'broken'; reason: string };

/** 'X': the client ends its session. */
export const TERMINATE_MESSAGE_TYPE = 0x58;
/** The protocol version in a StartupMessage (3.0), which has no type byte. */
const PROTOCOL_VERSION_3 = 196_608;

/**
 * The parts joined in a new buffer of its own, so it may be transferred to
 * the other thread: the small Buffers node-postgres writes share Node's
 * buffer pool, which must never be (Node 20 then copies silently; later
 * versions refuse the message).
 */
export function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  const joined = new Uint8Array(parts.reduce((size, part) => size + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.length;
  }
  return joined;
}

/** Length of the whole message at the start of `bytes`, or undefined while its header is incomplete. */
function messageLength(bytes: Uint8Array, first: boolean): number | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // Only a connection's first message is untyped: Int32 length, Int32 protocol version.
  if (first) {
    if (bytes.length < 8) return undefined;
    if (view.getInt32(4) === PROTOCOL_VERSION_3) return view.getInt32(0);
  }
  if (bytes.length < 5) return undefined;
  return 1 + view.getInt32(1);
}

/**
 * Whole messages from what was left over plus a new chunk, and the bytes of
 * a message still incomplete. `startup` says the connection has not yet sent
 * its StartupMessage.
 */
export function splitMessages(rest: Uint8Array, chunk: Uint8Array, startup = false): { messages: Uint8Array[]; rest: Uint8Array } {
  const bytes = rest.length > 0 ? concatBytes([rest, chunk]) : chunk;
  const messages: Uint8Array[] = [];
  let offset = 0;
  let first = startup;
  for (;;) {
    const remaining = bytes.subarray(offset);
    const length = messageLength(remaining, first);
    if (length === undefined || length > remaining.length) break;
    if (length < 4) throw new Error(`malformed wire-protocol message length ${length}`);
    messages.push(remaining.subarray(0, length));
    offset += length;
    first = false;
  }
  return { messages, rest: bytes.slice(offset) };
}
