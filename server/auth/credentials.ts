import { INVALID_CREDENTIALS } from '../../contract/auth/sign-in';
import type { Role } from '../../contract/common';
import type { UserRow } from '../db/schema';
import type { OrbitDatabase } from '../db/types';
import { bannedMessage } from '../plugins/auth';
import { HttpError } from '../plugins/errors';
import { verifyAgainstDummyHash, verifyPassword } from './passwords';
import { findAccountByUsername } from './queries/accounts';

/** The account a sign-in names, if any (usernames are stored in lower case). */
export function accountNamed(db: OrbitDatabase, username: string): Promise<UserRow | undefined> {
  return findAccountByUsername(db, username.toLowerCase());
}

/**
 * Returns the account (`user`, as `accountNamed` found it) these credentials
 * open for the given role, or throws.
 * Every "no" before the password is known to be right reads and costs the same
 * (unknown user, wrong password, wrong role, demo profile), so neither the
 * message nor the timing tells which usernames exist. Only the rightful owner
 * learns that the account is banned.
 */
export async function checkCredentials(user: UserRow | undefined, password: string, role: Role): Promise<UserRow> {
  if (!user) {
    await verifyAgainstDummyHash(password);
    throw new HttpError(401, INVALID_CREDENTIALS);
  }
  const passwordMatches = await verifyPassword(user.passwordHash, password);
  if (!passwordMatches || user.role !== role || user.isDemo) throw new HttpError(401, INVALID_CREDENTIALS);
  if (user.isBanned) throw new HttpError(403, bannedMessage(user.banReason));
  return user;
}
