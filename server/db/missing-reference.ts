// Every foreign key in server/db/schema.ts points at users.id, so a write that
// breaks one names an account deleted while the request was under way (a
// member deleting their account while one of their own requests, or a like
// aimed at them, is still running). That is a conflict the client can act on,
// not a fault in the server.

/** PostgreSQL's foreign_key_violation. */
const FOREIGN_KEY_VIOLATION = '23503';

export const ACCOUNT_GONE_MESSAGE = 'That account no longer exists';

/** Whether `error`, or an error it wraps (Drizzle wraps the driver's as `cause`), is a foreign key violation. */
export function isMissingReference(error: unknown): boolean {
  // A bound on the walk: causes are a short chain, and a cycle must not hang the error handler.
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current instanceof Error; depth += 1) {
    if ('code' in current && current.code === FOREIGN_KEY_VIOLATION) return true;
    current = current.cause;
  }
  return false;
}
