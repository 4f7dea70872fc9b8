import type { SessionTokens } from '../../../machines/auth/auth.machine';
import { endSession } from '../../api/auth/sign-in';

/**
 * Logout's first step: asks the server to end every stored session (user and
 * admin). Fire and forget: an offline or failing server must not keep anyone
 * signed in on this device, so errors are dropped and nothing waits.
 */
export function endServerSessions(tokens: SessionTokens): void {
  for (const token of new Set([tokens.userToken, tokens.adminToken])) {
    if (token) endSession(token).catch(() => undefined);
  }
}
