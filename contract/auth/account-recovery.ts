import { z } from 'zod';
import { passwordSchema } from './sign-in';

/** How long a password-reset link works (ASVS 5.0: short-lived, single use). */
export const PASSWORD_RESET_TTL_MINUTES = 30;
/** How long an address-check link works. */
export const EMAIL_VERIFICATION_TTL_HOURS = 24;

/** The one answer to a reset request, whether or not an account uses the address. */
export const PASSWORD_RESET_REQUESTED_MESSAGE = 'If an account uses that address, we have sent it a link to reset the password.';
export const PASSWORD_RESET_DONE_MESSAGE = 'Your password was changed and every device was signed out. Sign in with your new password.';
export const PASSWORD_RESET_DONE_TWO_STEP_OFF_MESSAGE =
  'Your password was changed, two-step verification was turned off, and every device was signed out. Sign in with your new password, then turn two-step verification on again in Settings.';
/** Unknown, expired and used links all read the same. */
export const EMAIL_LINK_INVALID_MESSAGE = 'This link has expired or was already used. Ask for a new one.';
export const EMAIL_VERIFIED_MESSAGE = 'Your email address is verified.';
export const VERIFICATION_SENT_MESSAGE = 'We have sent a new link to your email address.';
export const EMAIL_ALREADY_VERIFIED_MESSAGE = 'Your email address is already verified.';

export const recoveryEmailSchema = z
  .string({ message: 'Email is required' })
  .trim()
  .toLowerCase()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .pipe(z.email('Enter a valid email address'));

export const forgotPasswordBodySchema = z.strictObject({ email: recoveryEmailSchema });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBodySchema>;

/** 32 random bytes in base64url: 43 characters. Anything else cannot be a link of ours. */
export const emailLinkTokenSchema = z
  .string({ message: EMAIL_LINK_INVALID_MESSAGE })
  .regex(/^[A-Za-z0-9_-]{43}$/, EMAIL_LINK_INVALID_MESSAGE);

/**
 * A reset may also turn off two-step verification turned on this recently
 * (issue 50, finding 2): whoever turned it on from a stolen session cannot
 * keep the owner, who controls the email, out. Older, it stays on: the owner
 * has had time to keep their recovery codes.
 */
export const TWO_STEP_RESET_WINDOW_DAYS = 7;
export const TWO_STEP_TOO_OLD_TO_RESET = `Two-step verification has been on for more than ${TWO_STEP_RESET_WINDOW_DAYS} days, so a reset cannot turn it off. Sign in with a code from your authenticator app or a recovery code.`;
export const TWO_STEP_STAYS_ON_TEXT =
  'Two-step verification stays on: after the reset, sign in with a code from your authenticator app or one of your recovery codes.';
export const TWO_STEP_RESET_OFFER_LABEL = 'Also turn off two-step verification';

export const resetPasswordBodySchema = z.strictObject({
  token: emailLinkTokenSchema,
  // The rules of registration: a reset must not be a way around them.
  password: passwordSchema,
  turnOffTwoStep: z.boolean({ message: 'turnOffTwoStep must be true or false' }).optional(),
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

export const resetLinkBodySchema = z.strictObject({ token: emailLinkTokenSchema });
export type ResetLinkBody = z.infer<typeof resetLinkBodySchema>;

/** What a reset link's page needs before the new password: whether the reset may also turn two-step verification off. */
export const resetLinkResponseSchema = z.object({
  success: z.literal(true),
  /** `recent`: on, since less than TWO_STEP_RESET_WINDOW_DAYS, so the reset may turn it off. */
  twoStep: z.enum(['off', 'on', 'recent']),
  /** When it was turned on; null when off. */
  twoStepOnSince: z.string().nullable(),
});
export type ResetLinkResponse = z.infer<typeof resetLinkResponseSchema>;

export const verifyEmailBodySchema = z.strictObject({ token: emailLinkTokenSchema });
export type VerifyEmailBody = z.infer<typeof verifyEmailBodySchema>;

export const accountRecoveryResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
});
export type AccountRecoveryResponse = z.infer<typeof accountRecoveryResponseSchema>;
