import { z } from 'zod';

/** Two-step verification (issue 37 finding 4): a TOTP authenticator (RFC 6238) plus single-use recovery codes. */

export const RECOVERY_CODE_COUNT = 10;
/** How long a second-step ticket lasts: time to open the app and type a code, or to enrol. */
export const SECOND_STEP_TICKET_TTL_SECONDS = 5 * 60;

export const SECOND_STEP_MESSAGE = 'Enter the code from your authenticator app';
export const ENROL_REQUIRED_MESSAGE = 'Admin accounts need two-step verification. Set up your authenticator app to continue';
export const MFA_CODE_INVALID = 'That code is not right. Check your authenticator app and try again';
export const MFA_TOO_MANY_CODES = 'Too many wrong codes. Try again in 15 minutes';
export const MFA_TICKET_INVALID = 'This sign-in has expired. Please sign in again';
export const MFA_ALREADY_ON = 'Two-step verification is already on';
export const MFA_NOT_STARTED = 'Start setting up two-step verification first';
export const MFA_NOT_ON = 'Two-step verification is not on';
export const MFA_ENABLED_MESSAGE = 'Two-step verification is on';
export const MFA_DISABLED_MESSAGE = 'Two-step verification is off';

/** The signed ticket between the password step and the code (or enrolment) step; never a session token. */
export const secondStepTicketSchema = z
  .string({ message: 'Sign-in ticket is required' })
  .min(1, 'Sign-in ticket is required')
  .max(2048, 'Sign-in ticket is too long');

/** A six-digit code from the app, or a recovery code (xxxxx-xxxxx); checked by the server. */
export const mfaCodeSchema = z
  .string({ message: 'Enter the code from your authenticator app' })
  .trim()
  .min(1, 'Enter the code from your authenticator app')
  .max(32, 'That code is too long');

/** What the password step answers instead of a token when a second step is due. */
export const secondStepAnswerFields = {
  message: z.string(),
  /** `code`: the account's authenticator code is asked; `enrol`: an admin must first set one up. */
  secondFactor: z.enum(['code', 'enrol']),
  ticket: z.string(),
};

export const loginCodeBodySchema = z.strictObject({ ticket: secondStepTicketSchema, code: mfaCodeSchema });
export type LoginCodeBody = z.infer<typeof loginCodeBodySchema>;

export const loginCodeResponseSchema = z.object({ success: z.literal(true), message: z.string(), token: z.string() });
export type LoginCodeResponse = z.infer<typeof loginCodeResponseSchema>;

export const enrolTicketBodySchema = z.strictObject({ ticket: secondStepTicketSchema });
export type EnrolTicketBody = z.infer<typeof enrolTicketBodySchema>;

export const enrolTicketConfirmBodySchema = z.strictObject({ ticket: secondStepTicketSchema, code: mfaCodeSchema });
export type EnrolTicketConfirmBody = z.infer<typeof enrolTicketConfirmBodySchema>;

/** A new secret to add to the authenticator: scan the QR code or type the secret. */
export const totpSetupSchema = z.object({
  /** Base32, for typing into the app by hand. */
  secret: z.string(),
  otpauthUri: z.string(),
  /** The otpauth URI as a QR code (an SVG data URL). */
  qrCodeDataUrl: z.string(),
});
export type TotpSetup = z.infer<typeof totpSetupSchema>;

export const totpSetupResponseSchema = totpSetupSchema.extend({ success: z.literal(true) });
export type TotpSetupResponse = z.infer<typeof totpSetupResponseSchema>;

export const mfaConfirmBodySchema = z.strictObject({ code: mfaCodeSchema });
export type MfaConfirmBody = z.infer<typeof mfaConfirmBodySchema>;

/** Recovery codes, shown this once: the server keeps only their hashes. */
export const recoveryCodesResponseSchema = z.object({ success: z.literal(true), message: z.string(), recoveryCodes: z.array(z.string()) });
export type RecoveryCodesResponse = z.infer<typeof recoveryCodesResponseSchema>;

/** Enrolment at sign-in ends signed in: the recovery codes and the session token. */
export const enrolTicketConfirmResponseSchema = recoveryCodesResponseSchema.extend({ token: z.string() });
export type EnrolTicketConfirmResponse = z.infer<typeof enrolTicketConfirmResponseSchema>;

/** The account's current password, asked again before two-step verification is set up or turned off. */
const currentPasswordSchema = z.string({ message: 'Enter your password' }).min(1, 'Enter your password').max(256, 'Password is too long');

/**
 * Setting up asks for the password (issue 50, finding 2): a stolen session
 * alone cannot put the thief's authenticator on the owner's account.
 */
export const mfaSetupBodySchema = z.strictObject({ password: currentPasswordSchema });
export type MfaSetupBody = z.infer<typeof mfaSetupBodySchema>;

export const mfaDisableBodySchema = z.strictObject({
  password: currentPasswordSchema,
  code: mfaCodeSchema,
});
export type MfaDisableBody = z.infer<typeof mfaDisableBodySchema>;

export const mfaStatusResponseSchema = z.object({
  success: z.literal(true),
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int().nonnegative(),
  /** Admins in production must have it on; they cannot turn it off. */
  required: z.boolean(),
});
export type MfaStatusResponse = z.infer<typeof mfaStatusResponseSchema>;

export const mfaMessageResponseSchema = z.object({ success: z.literal(true), message: z.string() });
export type MfaMessageResponse = z.infer<typeof mfaMessageResponseSchema>;
