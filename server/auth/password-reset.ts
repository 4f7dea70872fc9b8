import {
  EMAIL_LINK_INVALID_MESSAGE,
  PASSWORD_RESET_TTL_MINUTES,
  TWO_STEP_RESET_WINDOW_DAYS,
  TWO_STEP_TOO_OLD_TO_RESET,
  type ResetLinkResponse,
  type ResetPasswordBody,
} from '../../contract/auth/account-recovery';
import type { OrbitDatabase } from '../db/types';
import type { Mailer } from '../mail/mailer';
import { HttpError } from '../plugins/errors';
import { emailLink, issueLinkToken } from './email-links';
import { assertAcceptablePassword } from './password-policy';
import { hashPassword } from './passwords';
import { disableRecentTotp, findMemberByEmail, findResetLinkOwner, setPasswordFromResetLink } from './queries/accounts';
import { consumeLinkToken } from './queries/link-tokens';
import { revokeAllSessions } from './queries/sessions';

const PASSWORD_RESET_TTL_MS = PASSWORD_RESET_TTL_MINUTES * 60_000;

/**
 * Emails a reset link to the member account using `email`, if there is one.
 * Meant to run after the answer was sent (app.mailer.inBackground): the
 * caller learns nothing from it, so unknown addresses simply end here.
 * Admin accounts are not reset by email: their password is the operator's (ADMIN_PASSWORD).
 */
export async function sendPasswordResetEmail(db: OrbitDatabase, mailer: Mailer, email: string, now: Date): Promise<void> {
  const account = await findMemberByEmail(db, email);
  if (!account) return;
  const token = await issueLinkToken(db, { userId: account.id, email: account.email }, 'password_reset', PASSWORD_RESET_TTL_MS, now);
  const link = emailLink(mailer.publicUrl, '/reset-password', token);
  await mailer.send({
    to: account.email,
    subject: 'Reset your Orbit password',
    text: [
      `Hello ${account.username},`,
      '',
      'Someone (we hope you) asked to reset the password of your Orbit account. To choose a new one, open this link:',
      '',
      link,
      '',
      `The link works once, for ${PASSWORD_RESET_TTL_MINUTES} minutes. Resetting signs you out on every device.`,
      'If you did not ask for this, ignore this email: your password stays as it is.',
    ].join('\n'),
    link,
  });
}

const TWO_STEP_RESET_WINDOW_MS = TWO_STEP_RESET_WINDOW_DAYS * 24 * 60 * 60_000;

/** Two-step verification turned on after this may be turned off by a reset link opened at `now`. */
const twoStepResetWindowStart = (now: Date): Date => new Date(now.getTime() - TWO_STEP_RESET_WINDOW_MS);

function twoStepAtReset(totpEnabledAt: Date | null, now: Date): ResetLinkResponse['twoStep'] {
  if (totpEnabledAt === null) return 'off';
  return totpEnabledAt > twoStepResetWindowStart(now) ? 'recent' : 'on';
}

/** What the reset page shows before the new password: 400 for a dead link, and whether the reset may turn two-step verification off. */
export async function describeResetLink(db: OrbitDatabase, token: string, now: Date): Promise<Omit<ResetLinkResponse, 'success'>> {
  const pending = await findResetLinkOwner(db, token, now);
  if (!pending) throw new HttpError(400, EMAIL_LINK_INVALID_MESSAGE);
  return { twoStep: twoStepAtReset(pending.totpEnabledAt, now), twoStepOnSince: pending.totpEnabledAt?.toISOString() ?? null };
}

export interface PasswordReset {
  accountId: string;
  /** The reset also turned two-step verification off (asked for, and turned on within the window). */
  twoStepTurnedOff: boolean;
  /** Where the account's notices go. */
  account: { username: string; email: string };
}

/**
 * Sets a new password with a reset link. Every session of the account ends
 * (sessions ended and the token version moved on), so whoever held one must
 * now know the new password. With `turnOffTwoStep`, two-step verification
 * turned on within TWO_STEP_RESET_WINDOW_DAYS goes off in the same
 * transaction (issue 50, finding 2: whoever turned it on from a stolen
 * session cannot keep the owner out); older, the reset is refused before the
 * link is spent, so the owner can reset without it.
 */
export async function resetPasswordWithLink(db: OrbitDatabase, body: ResetPasswordBody, now: Date): Promise<PasswordReset> {
  const pending = await findResetLinkOwner(db, body.token, now);
  if (!pending) throw new HttpError(400, EMAIL_LINK_INVALID_MESSAGE);
  const turnOffTwoStep = body.turnOffTwoStep === true && pending.totpEnabledAt !== null;
  if (turnOffTwoStep && twoStepAtReset(pending.totpEnabledAt, now) === 'on') throw new HttpError(400, TWO_STEP_TOO_OLD_TO_RESET);
  // The rules of registration and password change; a refused password leaves the link for another try.
  assertAcceptablePassword(body.password, pending);
  // Hashed before the link is spent: a slow hash must not leave a used link and an unchanged password.
  const passwordHash = await hashPassword(body.password);
  return db.transaction(async (tx) => {
    const link = await consumeLinkToken(tx, body.token, 'password_reset', now);
    if (!link) throw new HttpError(400, EMAIL_LINK_INVALID_MESSAGE);
    // Opening the link proved the address, as long as it is still the account's.
    const accountId = await setPasswordFromResetLink(tx, link.userId, link.email, passwordHash, now);
    if (accountId === undefined) throw new HttpError(400, EMAIL_LINK_INVALID_MESSAGE);
    await revokeAllSessions(tx, accountId, now);
    const twoStepTurnedOff = turnOffTwoStep && (await disableRecentTotp(tx, accountId, twoStepResetWindowStart(now)));
    return { accountId, twoStepTurnedOff, account: { username: pending.username, email: link.email } };
  });
}
