import { INVALID_CREDENTIALS } from '../../contract/auth/sign-in';
import type { Role } from '../../contract/common';
import type { UserRow } from '../db/schema';
import type { OrbitDatabase } from '../db/types';
import { bannedMessage } from '../plugins/auth';
import { HttpError } from '../plugins/errors';
import { verifyAgainstDummyHash, verifyPassword } from './passwords';
import { findAccountByEmail, findAccountByUsername } from './queries/accounts';

/**
 * The account a sign-in names by its username or its email address, if any
 * (both are stored in lower case; a username never holds an @).
 */
export function accountNamed(db: OrbitDatabase, usernameOrEmail: string): Promise<UserRow | undefined> {
  const given = usernameOrEmail.trim().toLowerCase();
  return given.includes('@') ? findAccountByEmail(db, given) : findAccountByUsername(db, given);
}

/**
 * What the sign-in throttle counts a sign-in under: the account's username
 * when the name opens one, so wrong passwords typed with the email address
 * and with the username share one count; the name as given otherwise.
 */
export const throttledName = (given: string, named: UserRow | undefined): string => named?.username ?? given;

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
