import { passwordProblem, type PasswordOwner } from '../../contract/auth/password-policy';
import { HttpError } from '../plugins/errors';

export { passwordProblem, type PasswordOwner } from '../../contract/auth/password-policy';

/**
 * Refuses a new password with 400 and the reason (too common, too easy to
 * guess, contains the username or email). Registration, password change and
 * password reset call it before hashing; sign-in never does, so passwords set
 * before these rules keep working.
 */
export function assertAcceptablePassword(password: string, owner: PasswordOwner): void {
  const problem = passwordProblem(password, owner);
  if (problem !== null) throw new HttpError(400, problem);
}
