import { errorChain } from './error-chain';

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
  for (const current of errorChain(error)) if ('code' in current && current.code === FOREIGN_KEY_VIOLATION) return true;
  return false;
}
