import { EMAIL_LINK_INVALID_MESSAGE } from '../../contract/auth/account-recovery';
import { SIGN_IN_LINK_TTL_MINUTES } from '../../contract/auth/sign-in-link';
import type { OrbitDatabase } from '../db/types';
import type { Mailer } from '../mail/mailer';
import { HttpError } from '../plugins/errors';
import { accountNamed } from './credentials';
import { emailLink, issueLinkToken } from './email-links';
import { findAccountById } from './queries/accounts';
import { consumeLinkToken } from './queries/link-tokens';

const SIGN_IN_LINK_TTL_MS = SIGN_IN_LINK_TTL_MINUTES * 60_000;

/**
 * Emails the member account named `username` a link that makes the browser
 * opening it one of the account's known devices (issue 50, finding 9). Meant
 * to run after the answer was sent: the caller learns nothing, so unknown
 * names, admins and demo profiles simply end here.
 */
export async function sendSignInLinkEmail(db: OrbitDatabase, mailer: Mailer, username: string, now: Date): Promise<void> {
  const account = await accountNamed(db, username);
  if (!account || account.role !== 'user' || account.isDemo) return;
  const token = await issueLinkToken(db, { userId: account.id, email: account.email }, 'sign_in', SIGN_IN_LINK_TTL_MS, now);
  const link = emailLink(mailer.publicUrl, '/sign-in-link', token);
  await mailer.send({
    to: account.email,
    subject: 'A link to sign in to Orbit from a new browser',
    text: [
      `Hello ${account.username},`,
      '',
      'Signing in to your Orbit account from new browsers is paused for a while, because someone typed many wrong passwords for it.',
      'If that was you and you want to sign in now, open this link in the browser you are signing in with:',
      '',
      link,
      '',
      `The link works once, for ${SIGN_IN_LINK_TTL_MINUTES} minutes. It does not sign you in by itself: you still need your password (and your two-step code, if it is on).`,
      'If you did not ask for it, someone may be guessing your password: ignore this email, and choose a stronger password in Settings if yours is easy to guess.',
    ].join('\n'),
    link,
  });
}

/**
 * Spends a sign-in link and returns the account it lets this browser sign in
 * to. The link proves only the address it was sent to: if the account's
 * address changed since, or it is no longer a member account, it proves nothing.
 */
export async function openSignInLink(db: OrbitDatabase, token: string, now: Date): Promise<{ accountId: string; username: string }> {
  return db.transaction(async (tx) => {
    const link = await consumeLinkToken(tx, token, 'sign_in', now);
    if (!link) throw new HttpError(400, EMAIL_LINK_INVALID_MESSAGE);
    const account = await findAccountById(tx, link.userId);
    if (!account || account.email !== link.email || account.role !== 'user') throw new HttpError(400, EMAIL_LINK_INVALID_MESSAGE);
    return { accountId: account.id, username: account.username };
  });
}
