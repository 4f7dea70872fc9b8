import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { emailTokens, users, withdrawals, type UserRow } from '../../db/schema';
import type { OrbitDatabase } from '../../db/types';
import { liveLinkToken } from './link-tokens';

export async function findAccountByUsername(db: OrbitDatabase, username: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.username, username)).limit(1);
  return user;
}

export async function findAccountByEmail(db: OrbitDatabase, email: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return user;
}

export async function findAccountById(db: OrbitDatabase, userId: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return user;
}

/** Marks a successful sign-in; returns the refreshed row. */
export async function recordSignIn(db: OrbitDatabase, user: UserRow, now: Date): Promise<UserRow> {
  const [updated] = await db.update(users).set({ lastSeenAt: now, isOnline: true }).where(eq(users.id, user.id)).returning();
  return updated ?? user;
}

/** An account already holding this username or this email, if any. */
export async function findAccountClash(db: OrbitDatabase, username: string, email: string): Promise<{ username: string; email: string } | undefined> {
  const [existing] = await db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(or(eq(users.username, username), eq(users.email, email)))
    .limit(1);
  return existing;
}

export async function insertAccount(db: OrbitDatabase, account: typeof users.$inferInsert): Promise<UserRow> {
  const [created] = await db.insert(users).values(account).returning();
  if (!created) throw new Error('insert returned no row');
  return created;
}

export async function setPasswordHash(db: OrbitDatabase, userId: string, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

export async function hasPendingWithdrawal(db: OrbitDatabase, userId: string): Promise<boolean> {
  const [pending] = await db
    .select({ id: withdrawals.id })
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, userId), eq(withdrawals.status, 'pending')))
    .limit(1);
  return pending !== undefined;
}

/** The row lock every photo change takes first (photos/queries.ts). */
export async function lockAccountRow(db: OrbitDatabase, userId: string): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

export async function deleteAccountRow(db: OrbitDatabase, userId: string): Promise<void> {
  await db.delete(users).where(eq(users.id, userId));
}

export async function findAccountEmail(db: OrbitDatabase, userId: string): Promise<string | undefined> {
  const [account] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  return account?.email;
}

/** Marks the address verified, if it is still the account's and not verified yet. */
export async function markEmailVerified(db: OrbitDatabase, userId: string, email: string, now: Date): Promise<void> {
  await db
    .update(users)
    .set({ emailVerifiedAt: now })
    .where(and(eq(users.id, userId), eq(users.email, email), isNull(users.emailVerifiedAt)));
}

/** The member (never an admin) whose address this is. */
export async function findMemberByEmail(db: OrbitDatabase, email: string): Promise<Pick<UserRow, 'id' | 'email' | 'username'> | undefined> {
  const [account] = await db
    .select({ id: users.id, email: users.email, username: users.username })
    .from(users)
    .where(and(eq(users.email, email), eq(users.role, 'user')))
    .limit(1);
  return account;
}

/** Username and email of the account a live reset link belongs to. */
export async function findResetLinkOwner(
  db: OrbitDatabase,
  token: string,
  now: Date,
): Promise<Pick<UserRow, 'username' | 'email' | 'totpEnabledAt'> | undefined> {
  const [pending] = await db
    .select({ username: users.username, email: users.email, totpEnabledAt: users.totpEnabledAt })
    .from(emailTokens)
    .innerJoin(users, eq(users.id, emailTokens.userId))
    .where(liveLinkToken(token, 'password_reset', now))
    .limit(1);
  return pending;
}

/**
 * A reset link's new password: the token version moves on, and opening the
 * link proved the address, as long as it is still the account's. Returns the
 * member's id, or undefined when the account is not a member's any more.
 */
export async function setPasswordFromResetLink(db: OrbitDatabase, userId: string, linkEmail: string, passwordHash: string, now: Date): Promise<string | undefined> {
  const [account] = await db
    .update(users)
    .set({
      passwordHash,
      tokenVersion: sql`${users.tokenVersion} + 1`,
      emailVerifiedAt: sql`case when ${users.email} = ${linkEmail} then coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz) else ${users.emailVerifiedAt} end`,
    })
    .where(and(eq(users.id, userId), eq(users.role, 'user')))
    .returning({ id: users.id });
  return account?.id;
}

/** A fresh authenticator secret, unused until a first code confirms it. */
export async function storeTotpSecret(db: OrbitDatabase, userId: string, secret: string): Promise<void> {
  await db.update(users).set({ totpSecret: secret, totpEnabledAt: null, totpLastStep: null, totpRecoveryCodeHashes: [] }).where(eq(users.id, userId));
}

/** Claims a TOTP step in one conditional update, so two requests racing with the same code cannot both win. */
export async function claimTotpStep(db: OrbitDatabase, userId: string, step: number): Promise<boolean> {
  const claimed = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return claimed.length > 0;
}

/** Uses up a recovery code: its hash leaves the account's list in the same statement that finds it. */
export async function removeRecoveryCodeHash(db: OrbitDatabase, userId: string, hash: string): Promise<boolean> {
  const used = await db
    .update(users)
    .set({ totpRecoveryCodeHashes: sql`array_remove(${users.totpRecoveryCodeHashes}, ${hash})` })
    .where(and(eq(users.id, userId), sql`${hash} = any(${users.totpRecoveryCodeHashes})`))
    .returning({ id: users.id });
  return used.length > 0;
}

export async function enableTotp(db: OrbitDatabase, userId: string, recoveryCodeHashes: string[], now: Date): Promise<void> {
  await db.update(users).set({ totpEnabledAt: now, totpRecoveryCodeHashes: recoveryCodeHashes }).where(eq(users.id, userId));
}

export async function setRecoveryCodeHashes(db: OrbitDatabase, userId: string, recoveryCodeHashes: string[]): Promise<void> {
  await db.update(users).set({ totpRecoveryCodeHashes: recoveryCodeHashes }).where(eq(users.id, userId));
}

export type UnsealedMfaRecord = Pick<UserRow, 'id' | 'totpSecret' | 'totpRecoveryCodeHashes'>;

/** Accounts whose secret or recovery codes an earlier version stored unsealed (without the `v1.` and `k1:` forms). */
export async function findUnsealedMfaRecords(db: OrbitDatabase): Promise<UnsealedMfaRecord[]> {
  return db
    .select({ id: users.id, totpSecret: users.totpSecret, totpRecoveryCodeHashes: users.totpRecoveryCodeHashes })
    .from(users)
    .where(
      or(
        and(sql`${users.totpSecret} is not null`, sql`${users.totpSecret} not like 'v1.%'`),
        sql`exists (select 1 from unnest(${users.totpRecoveryCodeHashes}) as code_hash where code_hash not like 'k1:%')`,
      ),
    );
}

/** Replaces an unsealed record with its sealed form, only if it still holds what was read (a code used meanwhile is not brought back). */
export async function replaceUnsealedMfaRecord(db: OrbitDatabase, read: UnsealedMfaRecord, sealed: Pick<UserRow, 'totpSecret' | 'totpRecoveryCodeHashes'>): Promise<void> {
  await db
    .update(users)
    .set(sealed)
    .where(
      and(
        eq(users.id, read.id),
        read.totpSecret === null ? isNull(users.totpSecret) : eq(users.totpSecret, read.totpSecret),
        eq(users.totpRecoveryCodeHashes, read.totpRecoveryCodeHashes),
      ),
    );
}

/**
 * A reset link's turning off of two-step verification: only if it was turned
 * on after `onSince` (the window a reset may undo); false when it was not.
 */
const TOTP_OFF = { totpSecret: null, totpEnabledAt: null, totpLastStep: null, totpRecoveryCodeHashes: [] };

export async function disableRecentTotp(db: OrbitDatabase, userId: string, onSince: Date): Promise<boolean> {
  const turnedOff = await db
    .update(users)
    .set(TOTP_OFF)
    .where(and(eq(users.id, userId), gt(users.totpEnabledAt, onSince)))
    .returning({ id: users.id });
  return turnedOff.length > 0;
}

/** Turns the second factor off and forgets the secret and codes. */
export async function disableTotp(db: OrbitDatabase, userId: string): Promise<void> {
  await db.update(users).set(TOTP_OFF).where(eq(users.id, userId));
}
