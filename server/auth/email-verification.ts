import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { EMAIL_LINK_INVALID_MESSAGE, EMAIL_VERIFICATION_TTL_HOURS } from '../../contract/account-recovery';
import { users, type UserRow } from '../db/schema';
import type { OrbitDatabase } from '../db/types';
import { HttpError } from '../plugins/errors';
import { consumeLinkToken, emailLink, issueLinkToken } from './email-links';

const EMAIL_VERIFICATION_TTL_MS = EMAIL_VERIFICATION_TTL_HOURS * 60 * 60_000;

type Recipient = Pick<UserRow, 'id' | 'email' | 'username'>;

/** Emails `account` a link proving that its address is theirs (a new one: older links stop working). */
export async function sendVerificationEmail(app: FastifyInstance, account: Recipient, now: Date): Promise<void> {
  const token = await issueLinkToken(app.db, { userId: account.id, email: account.email }, 'email_verification', EMAIL_VERIFICATION_TTL_MS, now);
  const link = emailLink(app.mailer.publicUrl, '/verify-email', token);
  await app.mailer.send({
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
export function sendVerificationEmailLater(app: FastifyInstance, account: Recipient, log: FastifyBaseLogger): void {
  const now = new Date();
  app.mailer.inBackground(() => sendVerificationEmail(app, account, now), log);
}

/**
 * Marks the account's address verified with a link. The link proves only the
 * address it was sent to: if the account's address changed since, it proves nothing.
 */
export async function verifyEmailWithLink(db: OrbitDatabase, token: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const link = await consumeLinkToken(tx, token, 'email_verification', now);
    if (!link) throw new HttpError(400, EMAIL_LINK_INVALID_MESSAGE);
    const [account] = await tx.select({ email: users.email }).from(users).where(eq(users.id, link.userId)).limit(1);
    if (account?.email !== link.email) throw new HttpError(400, EMAIL_LINK_INVALID_MESSAGE);
    await tx
      .update(users)
      .set({ emailVerifiedAt: now })
      .where(and(eq(users.id, link.userId), eq(users.email, link.email), isNull(users.emailVerifiedAt)));
  });
}
