import { errorChain } from './error-chain';

// Telling "the database cannot be reached right now" apart from every other
// failure: the first is the service being briefly down (503, try again), the
// rest are faults in the request or the code (500).

/** The embedded database has failed and is being opened again (or cannot be). */
export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError';
}

/**
 * Socket failures while reaching a PostgreSQL server. Only errors naming the
 * system call count: a browser that hangs up while sending its request also
 * ends in ECONNRESET ("aborted"), with no system call, and that is not an outage.
 */
const UNREACHABLE_SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

/**
 * SQLSTATEs a server sends when it is going away or cannot take the
 * connection: admin_shutdown, crash_shutdown, cannot_connect_now and
 * too_many_connections. Class 08 (connection exception) is matched whole.
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

/**
 * node-postgres reports a lost or unobtainable connection with a plain Error
 * and no code; these are the messages it uses (pg and pg-pool 8.x).
 */
const LOST_CONNECTION_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
];

/**
 * Whether `error`, or any error it wraps (Drizzle wraps the driver's error as
 * `cause`), says the database cannot be reached, as opposed to a query that
 * failed on a working database.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const current of errorChain(error)) {
    if (current instanceof DatabaseUnavailableError) return true;
    const code = 'code' in current && typeof current.code === 'string' ? current.code : undefined;
    const fromSystemCall = 'syscall' in current && typeof current.syscall === 'string';
    if (code && fromSystemCall && UNREACHABLE_SOCKET_CODES.has(code)) return true;
    if (code && (UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
    if (!code && LOST_CONNECTION_MESSAGES.some((message) => current.message.startsWith(message))) return true;
  }
  return false;
}
