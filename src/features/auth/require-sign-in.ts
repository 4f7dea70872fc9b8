import { redirect, type ParsedLocation } from '@tanstack/react-router';
import { readTokens } from '../../api/session';

/** beforeLoad of a page that belongs to an account (a profile, Settings): without a token, sign in first and come back. */
export function requireSignIn({ location }: { location: ParsedLocation }): void {
  const { userToken, adminToken } = readTokens();
  if (!userToken && !adminToken) throw redirect({ to: '/login', search: { redirect: location.href } });
}
