import type { FastifyBaseLogger } from 'fastify';
import { EMAIL_LINK_INVALID_MESSAGE, EMAIL_VERIFICATION_TTL_HOURS } from '../../contract/auth/account-recovery';
import type { UserRow } from '../db/schema';
import type { OrbitDatabase } from '../db/types';
import type { Mailer } from '../mail/mailer';
import { HttpError } from '../plugins/errors';
import { emailLink, issueLinkToken } from './email-links';
import { findAccountEmail, markEmailVerified } from './queries/accounts';
import { consumeLinkToken } from './queries/link-tokens';

const EMAIL_VERIFICATION_TTL_MS = EMAIL_VERIFICATION_TTL_HOURS * 60 * 60_000;

type Recipient = Pick<UserRow, 'id' | 'email' | 'username'>;

/** Emails `account` a link proving that its address is theirs (a new one: older links stop working). */
export async function sendVerificationEmail(db: OrbitDatabase, mailer: Mailer, account: Recipient, now: Date): Promise<void> {
  const token = await issueLinkToken(db, { userId: account.id, email: account.email }, 'email_verification', EMAIL_VERIFICATION_TTL_MS, now);
  const link = emailLink(mailer.publicUrl, '/verify-email', token);
  await mailer.send({
    to: account.email,
    subject: 'Confirm your email address for Orbit',
    text: [
      `Hello ${account.username},`,
      '',
      'Please confirm that this is your email address by opening this link:',
      '',
      link,
      '',
      `The link works once, for ${EMAIL_VERIFICATION_TTL_HOURS} hours. A confirmed address is how you get back into your account if you forget your password.`,
      'If you did not create an Orbit account, ignore this email.',
    ].join('\n'),
    link,
  });
}

/** After registering: the link goes out once the answer has, so a slow mail server never holds up a sign-up. */
export function sendVerificationEmailLater(db: OrbitDatabase, mailer: Mailer, account: Recipient, log: FastifyBaseLogger): void {
  const now = new Date();
  mailer.inBackground(() => sendVerificationEmail(db, mailer, account, now), log);
}

/**
 * Marks the account's address verified with a link. The link proves only the
 * address it was sent to: if the account's address changed since, it proves nothing.
 */
export async function verifyEmailWithLink(db: OrbitDatabase, token: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const link = await consumeLinkToken(tx, token, 'email_verification', now);
    if (!link) throw new HttpError(400, EMAIL_LINK_INVALID_MESSAGE);
    if ((await findAccountEmail(tx, link.userId)) !== link.email) throw new HttpError(400, EMAIL_LINK_INVALID_MESSAGE);
    await markEmailVerified(tx, link.userId, link.email, now);
  });
}
