import { CURRENT_PASSWORD_INCORRECT, type ChangePasswordBody } from '../../contract/auth/sign-in';
import type { UserRow } from '../db/schema';
import type { OrbitDatabase } from '../db/types';
import { HttpError } from '../plugins/errors';
import { hashPassword, verifyPassword } from './passwords';
import { assertAcceptablePassword } from './password-policy';
import { setPasswordHash } from './queries/accounts';
import { revokeOtherSessions } from './queries/sessions';

/**
 * Sets a new password once the current one is proven, and ends every other
 * session of the account: whoever else held one (a stolen token, a forgotten
 * device) must now know the new password. The caller's session stays.
 */
export async function changePassword(db: OrbitDatabase, user: UserRow, keptSessionId: string, body: ChangePasswordBody, now: Date): Promise<void> {
  if (!(await verifyPassword(user.passwordHash, body.currentPassword))) throw new HttpError(400, CURRENT_PASSWORD_INCORRECT);
  // Only after the current password is proven: the policy's answer is no business of someone who does not know it.
  assertAcceptablePassword(body.newPassword, { username: user.username, email: user.email });
  const passwordHash = await hashPassword(body.newPassword);
  await db.transaction(async (tx) => {
    await setPasswordHash(tx, user.id, passwordHash);
    await revokeOtherSessions(tx, user.id, keptSessionId, now);
  });
}
