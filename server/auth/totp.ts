import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import {
  MFA_ALREADY_ON,
  MFA_CODE_INVALID,
  MFA_NOT_STARTED,
  MFA_TOO_MANY_CODES,
  RECOVERY_CODE_COUNT,
  type TotpSetup,
} from '../../contract/auth/mfa';
import type { UserRow } from '../db/schema';
import type { OrbitDatabase } from '../db/types';
import { HttpError } from '../plugins/errors';
import { claimTotpStep, enableTotp, removeRecoveryCodeHash, setRecoveryCodeHashes, storeTotpSecret } from './queries/accounts';
import { countFailuresSince, deleteFailure, dropFailuresBefore, forgetFailures, insertFailure } from './queries/sign-in-failures';

/** RFC 6238 defaults every authenticator app understands: SHA-1, six digits, 30 s steps. */
const TOTP_PERIOD_SECONDS = 30;
const TOTP_DIGITS = 6;
/** One step either side: a phone clock a little off still works, and a guess has three codes to hit, not more. */
const TOTP_WINDOW = 1;
const ISSUER = 'Orbit';

/** Wrong codes allowed per account in the window, then 429 until the oldest falls out (RFC 6238 section 5.2 asks for throttling). */
export const CODE_FAILURES_ALLOWED = 5;
export const CODE_FAILURE_WINDOW_MS = 15 * 60 * 1000;

/** What the two-step functions need of the app: the database, and the key that seals secrets and codes in it. */
export type MfaStore = Pick<FastifyInstance, 'db' | 'mfaSealing'>;

function totpFor(secret: string, label: string): TOTP {
  return new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS, secret: Secret.fromBase32(secret) });
}

/** The 30 s step `at` falls in. */
export function totpStep(at: Date): number {
  return Math.floor(at.getTime() / 1000 / TOTP_PERIOD_SECONDS);
}

/** A recovery code as typed: case, spaces and dashes do not matter. */
function normalizedRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '');
}

/** What versions before the keyed hash stored for a recovery code. */
const unkeyedCodeDigest = (code: string): string => createHash('sha256').update(normalizedRecoveryCode(code)).digest('hex');

/** The stored form of a recovery code: keyed, so a copy of the database alone cannot be searched for codes. */
export function recoveryCodeHash(store: MfaStore, code: string): string {
  return store.mfaSealing.keyedCodeHash(unkeyedCodeDigest(code));
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten random characters from an alphabet without look-alikes (about 49 bits each), shown as xxxxx-xxxxx. */
function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  const characters = [...bytes].map((byte) => RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length] ?? 'a').join('');
  return `${characters.slice(0, 5)}-${characters.slice(5)}`;
}

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
}

export const isTotpEnabled = (user: Pick<UserRow, 'totpEnabledAt' | 'totpSecret'>): boolean => user.totpEnabledAt !== null && user.totpSecret !== null;

/**
 * Starts (or starts over) enrolment: a fresh secret is kept on the account,
 * unused until a first code confirms it. Refused while one is already on, so a
 * stolen session cannot swap the owner's authenticator for its own.
 */
export async function beginEnrolment(store: MfaStore, user: UserRow): Promise<TotpSetup> {
  if (isTotpEnabled(user)) throw new HttpError(409, MFA_ALREADY_ON);
  const secret = new Secret({ size: 20 }).base32;
  await storeTotpSecret(store.db, user.id, store.mfaSealing.seal(user.id, secret));
  const otpauthUri = totpFor(secret, user.username).toString();
  const svg = await QRCode.toString(otpauthUri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secret, otpauthUri, qrCodeDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/** The `sign_in_failures.account_key` wrong codes of an account are counted under. */
export function codeFailuresKey(userId: string): string {
  return `totp:${userId}`;
}

/**
 * Writes an attempt at a code (or the password beside it) down as a failure
 * before anything is checked, then counts the window's failures with it: 429
 * past the allowance, the attempt taken back as never checked. Counted after
 * its own write, each of many parallel attempts sees every one written before
 * it, so no more than CODE_FAILURES_ALLOWED are ever checked (counting first
 * let 25 parallel wrong codes all be checked). The attempt's id: it stays a
 * failure unless the caller forgets it (the code was right).
 */
export async function beginCodeAttempt(db: OrbitDatabase, userId: string, now: Date): Promise<string> {
  const accountKey = codeFailuresKey(userId);
  const windowStart = new Date(now.getTime() - CODE_FAILURE_WINDOW_MS);
  // Rows older than the window count for nothing any more: dropped here so the table keeps only live ones.
  await dropFailuresBefore(db, accountKey, windowStart);
  const attemptId = await insertFailure(db, accountKey, null, now);
  if ((await countFailuresSince(db, accountKey, windowStart)) > CODE_FAILURES_ALLOWED) {
    await deleteFailure(db, attemptId);
    throw new HttpError(429, MFA_TOO_MANY_CODES);
  }
  return attemptId;
}

/** The attempt was right after all (the password beside a code): it counts for nothing. */
export async function withdrawCodeAttempt(db: OrbitDatabase, attemptId: string): Promise<void> {
  await deleteFailure(db, attemptId);
}

async function forgetWrongCodes(db: OrbitDatabase, userId: string): Promise<void> {
  await forgetFailures(db, [codeFailuresKey(userId)]);
}

/**
 * Takes a code from the authenticator if it is one of the window's and newer
 * than the last accepted (a code seen once, e.g. over a shoulder, never
 * opens a second sign-in). The step is claimed in one conditional update, so
 * two requests racing with the same code cannot both win.
 */
async function acceptTotpCode(db: OrbitDatabase, user: UserRow, secret: string, code: string, now: Date): Promise<boolean> {
  const delta = totpFor(secret, user.username).validate({ token: code, timestamp: now.getTime(), window: TOTP_WINDOW });
  if (delta === null) return false;
  const step = totpStep(now) + delta;
  return claimTotpStep(db, user.id, step);
}

/** Uses up a recovery code: its hash leaves the account's list in the same statement that finds it. */
async function acceptRecoveryCode(store: MfaStore, userId: string, code: string): Promise<boolean> {
  if (await removeRecoveryCodeHash(store.db, userId, recoveryCodeHash(store, code))) return true;
  // An earlier version's unkeyed hash, not keyed yet (the database was down at start).
  return removeRecoveryCodeHash(store.db, userId, unkeyedCodeDigest(code));
}

const SIX_DIGITS = /^\d{6}$/;

export interface CodeCheck {
  /** Recovery codes are for an account whose authenticator is on; a first confirming code must come from the app. */
  allowRecoveryCode: boolean;
  /** The answer when the code is wrong: 401 at sign-in, 400 for a signed-in caller (whose browser a 401 would sign out). */
  wrongCodeStatus: 400 | 401;
}

/**
 * Checks a code against the account's secret (confirmed or being confirmed),
 * counting wrong ones against the account; throws when it is not accepted.
 */
export async function checkCode(store: MfaStore, user: UserRow, rawCode: string, check: CodeCheck, now: Date): Promise<void> {
  if (user.totpSecret === null) throw new HttpError(409, MFA_NOT_STARTED);
  await beginCodeAttempt(store.db, user.id, now);
  const code = rawCode.replace(/\s/g, '');
  const accepted = SIX_DIGITS.test(code)
    ? await acceptTotpCode(store.db, user, store.mfaSealing.open(user.id, user.totpSecret), code, now)
    : check.allowRecoveryCode && (await acceptRecoveryCode(store, user.id, code));
  // Wrong: the attempt stays written down as a failure.
  if (!accepted) throw new HttpError(check.wrongCodeStatus, MFA_CODE_INVALID);
  await forgetWrongCodes(store.db, user.id);
}

/**
 * Confirms enrolment with a first code from the app: the second factor is on
 * from now, and the recovery codes are made (returned this once, kept only as hashes).
 */
export async function confirmEnrolment(store: MfaStore, user: UserRow, code: string, wrongCodeStatus: 400 | 401, now: Date): Promise<string[]> {
  if (isTotpEnabled(user)) throw new HttpError(409, MFA_ALREADY_ON);
  await checkCode(store, user, code, { allowRecoveryCode: false, wrongCodeStatus }, now);
  const recoveryCodes = newRecoveryCodes();
  await enableTotp(store.db, user.id, recoveryCodes.map((recoveryCode) => recoveryCodeHash(store, recoveryCode)), now);
  return recoveryCodes;
}

/** New recovery codes replace every old one (the old ones stop working). */
export async function replaceRecoveryCodes(store: MfaStore, userId: string): Promise<string[]> {
  const recoveryCodes = newRecoveryCodes();
  await setRecoveryCodeHashes(store.db, userId, recoveryCodes.map((recoveryCode) => recoveryCodeHash(store, recoveryCode)));
  return recoveryCodes;
}
