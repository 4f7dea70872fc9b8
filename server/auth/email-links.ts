import { randomBytes } from 'node:crypto';
import type { OrbitDatabase } from '../db/types';
import { replaceLinkToken, type EmailLinkPurpose } from './queries/link-tokens';

/**
 * A new single-use link token for `purpose`, valid `ttlMs` from `now`. Any
 * unused link of the same purpose for that account stops working: only the
 * newest email counts. Used and expired rows of the account go too.
 */
export async function issueLinkToken(
  db: OrbitDatabase,
  owner: { userId: string; email: string },
  purpose: EmailLinkPurpose,
  ttlMs: number,
  now: Date,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await replaceLinkToken(db, owner, purpose, token, new Date(now.getTime() + ttlMs), now);
  return token;
}

/** The link a member opens: a page of the web app, which posts the token to the API. */
export function emailLink(publicUrl: string, page: '/reset-password' | '/verify-email' | '/sign-in-link', token: string): string {
  return `${publicUrl}${page}?token=${encodeURIComponent(token)}`;
}
