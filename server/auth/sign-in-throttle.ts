import { and, desc, eq, gt, isNull, like, lte, ne, or } from 'drizzle-orm';
import { signInFailures } from '../db/schema';
import type { OrbitDatabase } from '../db/types';
import { HttpError } from '../plugins/errors';
import type { RateLimitRule } from '../plugins/rate-limit';

/** Member sign-in (and the member's password checks) or admin sign-in: each has its own failures and limits. */
export type SignInDoor = 'user' | 'admin';

/** The `sign_in_failures.account_key` of an account at a door; a username that names no account has one too, so the answer does not tell. */
export function accountKeyFor(door: SignInDoor, username: string): string {
  return `${door}:${username.trim().toLowerCase()}`;
}

/** How many failures one door tolerates in a window. Successes never count. */
export interface DoorFailureLimits {
  /** Failures from every device without a valid device cookie for the account, together: what a guesser spends. */
  unknownDevices: RateLimitRule;
  /** Failures from one device with a valid device cookie: the owner's browser is judged by its own mistakes only. */
  knownDevice: RateLimitRule;
}

export type SignInFailureLimits = Record<SignInDoor, DoorFailureLimits>;

export interface PasswordAttempt {
  door: SignInDoor;
  /** The username tried (sign-in) or the signed-in account's (password change, account deletion). */
  username: string;
  /** From a valid device cookie for this account; null for an unknown device. */
  deviceId: string | null;
}

/** A refused attempt: 429, and how long until one more failure would be allowed. */
export class TooManyFailuresError extends HttpError {
  override name = 'TooManyFailuresError';
  constructor(readonly retryAfterSeconds: number) {
    super(429, tooManyFailuresMessage(retryAfterSeconds));
  }
}

export function tooManyFailuresMessage(seconds: number): string {
  const wait = seconds < 60 ? `${seconds} second${seconds === 1 ? '' : 's'}` : `${Math.ceil(seconds / 60)} minute${Math.ceil(seconds / 60) === 1 ? '' : 's'}`;
  return `Too many wrong passwords for this account, please try again in ${wait}`;
}

/** Rows of these doors only: other keys in the table (a second factor's) keep their own windows. */
const OWN_KEYS = or(like(signInFailures.accountKey, 'user:%'), like(signInFailures.accountKey, 'admin:%'));

export interface SignInThrottle {
  /**
   * Runs `checkPassword` unless the attempt's failures already
   * reached its limit (then TooManyFailuresError, and the password is not
   * even checked). The attempt is written down as a failure before `checkPassword`
   * runs and struck out again unless `isWrongPassword` says it failed on the
   * password, so attempts made at the same moment see one another and cannot
   * all slip under the limit together.
   */
  check<T>(attempt: PasswordAttempt, isWrongPassword: (error: unknown) => boolean, checkPassword: () => Promise<T>): Promise<T>;
}

/**
 * Failures are kept in the database, so every process of the server sees the
 * same counts and a restart forgets none. Each write drops the account's rows
 * older than its door's longest window; usernames tried once and never again
 * are swept by a whole-table pass at most once per that window.
 */
export function createSignInThrottle(db: OrbitDatabase, limits: SignInFailureLimits, clock: () => Date = () => new Date()): SignInThrottle {
  const longestWindowMs = (door: SignInDoor) => Math.max(limits[door].unknownDevices.windowMs, limits[door].knownDevice.windowMs);
  const sweepEveryMs = Math.max(longestWindowMs('user'), longestWindowMs('admin'));
  let nextSweepAt = 0;

  async function sweep(now: Date): Promise<void> {
    if (now.getTime() < nextSweepAt) return;
    nextSweepAt = now.getTime() + sweepEveryMs;
    await db.delete(signInFailures).where(and(OWN_KEYS, lte(signInFailures.failedAt, new Date(now.getTime() - sweepEveryMs))));
  }

  return {
    async check<T>(attempt: PasswordAttempt, isWrongPassword: (error: unknown) => boolean, checkPassword: () => Promise<T>): Promise<T> {
      const now = clock();
      const accountKey = accountKeyFor(attempt.door, attempt.username);
      const rule = attempt.deviceId === null ? limits[attempt.door].unknownDevices : limits[attempt.door].knownDevice;
      await db
        .delete(signInFailures)
        .where(and(eq(signInFailures.accountKey, accountKey), lte(signInFailures.failedAt, new Date(now.getTime() - longestWindowMs(attempt.door)))));
      await sweep(now);
      const [pending] = await db.insert(signInFailures).values({ accountKey, deviceId: attempt.deviceId, failedAt: now }).returning({ id: signInFailures.id });
      if (!pending) throw new Error('sign_in_failures insert returned no row');
      const strikeOut = () => db.delete(signInFailures).where(eq(signInFailures.id, pending.id));

      // The most recent failures of this device (or of all unknown devices) in the window, newest first.
      const counted = await db
        .select({ failedAt: signInFailures.failedAt })
        .from(signInFailures)
        .where(
          and(
            eq(signInFailures.accountKey, accountKey),
            attempt.deviceId === null ? isNull(signInFailures.deviceId) : eq(signInFailures.deviceId, attempt.deviceId),
            gt(signInFailures.failedAt, new Date(now.getTime() - rule.windowMs)),
            ne(signInFailures.id, pending.id),
          ),
        )
        .orderBy(desc(signInFailures.failedAt))
        .limit(rule.max);
      const oldestCounted = counted[rule.max - 1];
      if (oldestCounted) {
        // Refused attempts are not failures: the wait is until the oldest counted one leaves the window.
        await strikeOut();
        throw new TooManyFailuresError(Math.max(1, Math.ceil((oldestCounted.failedAt.getTime() + rule.windowMs - now.getTime()) / 1000)));
      }

      let result: T;
      try {
        result = await checkPassword();
      } catch (error) {
        if (!isWrongPassword(error)) await strikeOut();
        throw error;
      }
      await strikeOut();
      return result;
    },
  };
}
