import { z } from 'zod';
import { passwordSchema } from './sign-in';

/** How long a password-reset link works (ASVS 5.0: short-lived, single use). */
export const PASSWORD_RESET_TTL_MINUTES = 30;
/** How long an address-check link works. */
export const EMAIL_VERIFICATION_TTL_HOURS = 24;

/** The one answer to a reset request, whether or not an account uses the address. */
export const PASSWORD_RESET_REQUESTED_MESSAGE = 'If an account uses that address, we have sent it a link to reset the password.';
export const PASSWORD_RESET_DONE_MESSAGE = 'Your password was changed and every device was signed out. Sign in with your new password.';
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

export const resetPasswordBodySchema = z.strictObject({
  token: emailLinkTokenSchema,
  // The rules of registration: a reset must not be a way around them.
  password: passwordSchema,
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

export const verifyEmailBodySchema = z.strictObject({ token: emailLinkTokenSchema });
export type VerifyEmailBody = z.infer<typeof verifyEmailBodySchema>;

export const accountRecoveryResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
});
export type AccountRecoveryResponse = z.infer<typeof accountRecoveryResponseSchema>;
