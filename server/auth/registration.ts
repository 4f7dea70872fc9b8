import type { RegisterBody } from '../../contract/auth/sign-in';
import type { UserRow } from '../db/schema';
import type { OrbitDatabase } from '../db/types';
import { HttpError } from '../plugins/errors';
import { defaultAvatarUrl } from '../members/views';
import { hashPassword } from './passwords';
import { assertAcceptablePassword } from './password-policy';
import { findAccountClash, insertAccount } from './queries/accounts';

export const USERNAME_TAKEN_MESSAGE = 'Username is already taken';
export const EMAIL_TAKEN_MESSAGE = 'Email is already registered';

/**
 * Creates a user account; throws 400 when the password is refused by the
 * password policy and 409 when the username or email is in use.
 */
export async function registerAccount(db: OrbitDatabase, body: RegisterBody, now: Date): Promise<UserRow> {
  const username = body.username.toLowerCase();
  assertAcceptablePassword(body.password, { username, email: body.email });
  const existing = await findAccountClash(db, username, body.email);
  if (existing) throw new HttpError(409, existing.username === username ? USERNAME_TAKEN_MESSAGE : EMAIL_TAKEN_MESSAGE);

  const passwordHash = await hashPassword(body.password);
  try {
    return await insertAccount(db, {
      username,
      email: body.email,
      passwordHash,
      role: 'user',
      name: body.name ?? username,
      avatar: defaultAvatarUrl(username, body.gender),
      age: body.age,
      gender: body.gender,
      lastSeenAt: now,
      isOnline: true,
      // The schema accepts only acceptTerms: true, so reaching here is the consent being given now.
      termsAcceptedAt: now,
    });
  } catch (error) {
    // Two sign-ups racing for the same name both pass the check above; the
    // unique constraint decides, and the loser still gets a clear 409.
    const constraint = uniqueViolationConstraint(error);
    if (constraint !== undefined) throw new HttpError(409, constraint.includes('email') ? EMAIL_TAKEN_MESSAGE : USERNAME_TAKEN_MESSAGE);
    throw error;
  }
}

/** The violated constraint's name when `error` (or a cause) is a PostgreSQL unique violation. */
export function uniqueViolationConstraint(error: unknown): string | undefined {
  for (let current: unknown = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth += 1) {
    if ('code' in current && current.code === '23505') {
      const constraint = 'constraint' in current && typeof current.constraint === 'string' ? current.constraint : '';
      const detail = 'detail' in current && typeof current.detail === 'string' ? current.detail : '';
      return `${constraint} ${detail}`;
    }
  }
  return undefined;
}
