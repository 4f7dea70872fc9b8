import { z } from 'zod';
import type { ErrorCode } from '../constants';
import { emailLinkTokenSchema } from './account-recovery';
import { loginBodySchema } from './sign-in';

/**
 * Issue 50, finding 9: once wrong passwords from unknown browsers lock an
 * account, its owner on a new browser proves control of the email instead of
 * waiting. The link does not sign in: it makes the browser that opens it one
 * of the account's known devices (judged by its own failures only), and the
 * password (and two-step code) are still asked.
 */
export const SIGN_IN_LINK_TTL_MINUTES = 15;

/** The code of a 429 at sign-in after which the form offers the link (ERROR_CODES). */
export const SIGN_IN_LINK_OFFERED_CODE: ErrorCode = 'sign-in-link-offered';

export const SIGN_IN_LINK_OFFER_TEXT = 'Is this your account? We can email you a link that lets this browser sign in now.';
export const SIGN_IN_LINK_BUTTON_LABEL = 'Email me a sign-in link';
/** The one answer, whether or not the username names an account. */
export const SIGN_IN_LINK_SENT_MESSAGE =
  'If that username is an Orbit account, we have emailed its owner a link. Open it in this browser, then sign in with your password.';
export const SIGN_IN_LINK_OPENED_MESSAGE = 'This browser can now sign in to your account. Sign in with your password.';

export const signInLinkRequestBodySchema = z.strictObject({ username: loginBodySchema.shape.username });
export type SignInLinkRequestBody = z.infer<typeof signInLinkRequestBodySchema>;

export const signInLinkOpenBodySchema = z.strictObject({ token: emailLinkTokenSchema });
export type SignInLinkOpenBody = z.infer<typeof signInLinkOpenBodySchema>;

export const signInLinkOpenedResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  /** The account this browser may now sign in to, to fill in the form. */
  username: z.string(),
});
export type SignInLinkOpenedResponse = z.infer<typeof signInLinkOpenedResponseSchema>;
