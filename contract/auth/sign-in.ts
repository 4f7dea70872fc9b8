import { z } from 'zod';
import { genderSchema } from '../common';
import { displayNameSchema } from '../members/display-name';
import { meResponseSchema, PROFILE_LIMITS } from '../members/profile';
import { secondStepAnswerFields } from './mfa';

export const usernameSchema = z
  .string({ message: 'Username is required' })
  .trim()
  .min(3, 'Username must be at least 3 characters')
  .max(30, 'Username must be at most 30 characters')
  .regex(/^[a-z0-9_]+$/, 'Username may contain only lowercase letters, numbers and underscores');

export const passwordSchema = z
  .string({ message: 'Password is required' })
  .min(8, 'Password must be at least 8 characters')
  .max(128, 'Password must be at most 128 characters');

/** Registration without the consent box ticked (Privacy Policy and Terms of Service, issue 37). */
export const TERMS_NOT_ACCEPTED = 'You must be 18 or over and accept the Terms of Service and Privacy Policy to join';

export const registerBodySchema = z.strictObject({
  /**
   * The first name others see (issue 51); the username stays for signing in.
   * The sign-up form requires it; an API client that predates it gets the
   * username as the name, as before.
   */
  name: displayNameSchema(PROFILE_LIMITS.nameMax).optional(),
  username: usernameSchema,
  email: z.string({ message: 'Email is required' }).trim().toLowerCase().max(254, 'Email is too long').pipe(z.email('Enter a valid email address')),
  password: passwordSchema,
  age: z.number({ message: 'Age must be a number' }).int('Age must be a whole number').min(18, 'You must be at least 18').max(99, 'Age must be at most 99'),
  gender: genderSchema,
  // Consent is recorded (users.termsAcceptedAt), so only an explicit true counts.
  acceptTerms: z.literal(true, { message: TERMS_NOT_ACCEPTED }),
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

/**
 * Login accepts any non-empty strings: format rules would tell an attacker
 * which usernames cannot exist, and every failure must read the same.
 * `username` takes the username or the email address (as long as an email may be).
 */
export const loginBodySchema = z.strictObject({
  username: z.string({ message: 'Username is required' }).trim().min(1, 'Username is required').max(254, 'Username is too long'),
  password: z.string({ message: 'Password is required' }).min(1, 'Password is required').max(256, 'Password is too long'),
  remember: z.boolean().optional(),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const registerResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  token: z.string(),
  user: meResponseSchema.shape.user,
});
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

export const loginResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  token: z.string(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** What POST /auth/login answers: signed in, or (two-step verification on) a ticket for POST /auth/login/code (contract/mfa.ts). */
export const loginAnswerSchema = z.union([loginResponseSchema, z.object({ success: z.literal(true), ...secondStepAnswerFields })]);
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

export const adminLoginResponseSchema = z.object({
  ok: z.literal(true),
  message: z.string(),
  token: z.string(),
  /** Outside production, an admin without an authenticator is signed in and offered to set one up. */
  mfaOffered: z.literal(true).optional(),
});
export type AdminLoginResponse = z.infer<typeof adminLoginResponseSchema>;

/** What POST /admin/login answers: as loginAnswerSchema; in production an admin without an authenticator gets `secondFactor: "enrol"`. */
export const adminLoginAnswerSchema = z.union([adminLoginResponseSchema, z.object({ ok: z.literal(true), ...secondStepAnswerFields })]);
export type AdminLoginAnswer = z.infer<typeof adminLoginAnswerSchema>;

/** Logout, password change and account deletion answer with a message only. */
export const sessionChangeResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
});
export type SessionChangeResponse = z.infer<typeof sessionChangeResponseSchema>;

/** What "Sign out of other devices" answers, by how many sessions it ended. */
export function otherDevicesSignedOutMessage(count: number): string {
  if (count === 0) return 'No other device was signed in';
  return `Signed out of ${count} other ${count === 1 ? 'device' : 'devices'}`;
}

export const NEW_PASSWORD_UNCHANGED = 'New password must be different from the current password';

export const changePasswordBodySchema = z
  .strictObject({
    // Any stored password must be typeable here, even one set before today's rules.
    currentPassword: z.string({ message: 'Current password is required' }).min(1, 'Current password is required').max(256, 'Current password is too long'),
    newPassword: passwordSchema,
  })
  // Changing to the same password would end the account's other sessions and change nothing else.
  .refine((body) => body.newPassword !== body.currentPassword, { path: ['newPassword'], message: NEW_PASSWORD_UNCHANGED });
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

export const CURRENT_PASSWORD_INCORRECT = 'Current password is incorrect';

/** Login failures always read exactly this, whatever was wrong. */
export const INVALID_CREDENTIALS = 'Invalid username or password';

/**
 * Closing an account for good: the password proves it is the owner at the
 * keyboard, not someone who found a signed-in phone.
 */
export const deleteAccountBodySchema = z.strictObject({
  password: z.string({ message: 'Enter your password to delete your account' }).min(1, 'Enter your password to delete your account').max(256, 'Password is too long'),
});
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>;

export const ACCOUNT_DELETED_MESSAGE = 'Your account has been deleted';
export const PAYOUT_PENDING_MESSAGE = 'A withdrawal of yours is still waiting for review. You can delete your account once it has been paid or rejected.';
