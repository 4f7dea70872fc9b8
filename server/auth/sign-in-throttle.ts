import type { ErrorCode } from '../../contract/common';
import type { OrbitDatabase } from '../db/types';
import { HttpError } from '../plugins/errors';
import type { RateLimitRule } from '../plugins/rate-limit';
import { deleteFailure, dropFailuresBefore, insertFailure, recentFailures, sweepPasswordFailures } from './queries/sign-in-failures';

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
  constructor(
    readonly retryAfterSeconds: number,
    /** What the screen may offer instead of waiting (the sign-in link, to a browser the account does not know). */
    code?: ErrorCode,
  ) {
    super(429, tooManyFailuresMessage(retryAfterSeconds), code ? { code } : {});
  }
}

export function tooManyFailuresMessage(seconds: number): string {
  const wait = seconds < 60 ? `${seconds} second${seconds === 1 ? '' : 's'}` : `${Math.ceil(seconds / 60)} minute${Math.ceil(seconds / 60) === 1 ? '' : 's'}`;
  return `Too many wrong passwords for this account, please try again in ${wait}`;
}

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
    await sweepPasswordFailures(db, new Date(now.getTime() - sweepEveryMs));
  }

  return {
    async check<T>(attempt: PasswordAttempt, isWrongPassword: (error: unknown) => boolean, checkPassword: () => Promise<T>): Promise<T> {
      const now = clock();
      const accountKey = accountKeyFor(attempt.door, attempt.username);
      const rule = attempt.deviceId === null ? limits[attempt.door].unknownDevices : limits[attempt.door].knownDevice;
      await dropFailuresBefore(db, accountKey, new Date(now.getTime() - longestWindowMs(attempt.door)));
      await sweep(now);
      const pendingId = await insertFailure(db, accountKey, attempt.deviceId, now);
      const strikeOut = () => deleteFailure(db, pendingId);

      // The most recent failures of this device (or of all unknown devices) in the window, newest first.
      const counted = await recentFailures(db, accountKey, attempt.deviceId, new Date(now.getTime() - rule.windowMs), pendingId, rule.max);
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
