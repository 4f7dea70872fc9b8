import type { AccountRecoveryResponse, ForgotPasswordBody, ResetPasswordBody, VerifyEmailBody } from '../../../contract/auth/account-recovery';
import { apiRequest } from '../client';

/** Asks for a reset link; the answer is the same whether or not an account uses the address. */
export function requestPasswordReset(body: ForgotPasswordBody) {
  return apiRequest<AccountRecoveryResponse>('/auth/forgot-password', { method: 'POST', body, fallbackMessage: 'Failed to send the reset email' });
}

/** Sets a new password with the emailed link's token; every session of the account ends. */
export function resetPassword(body: ResetPasswordBody) {
  return apiRequest<AccountRecoveryResponse>('/auth/reset-password', { method: 'POST', body, fallbackMessage: 'Failed to reset your password' });
}

export const accountRecoveryKeys = {
  /** A verification link's token, posted once however often its page renders. */
  verifyEmail: (token: string | undefined) => ['verify-email', token] as const,
};

export function verifyEmail(body: VerifyEmailBody) {
  return apiRequest<AccountRecoveryResponse>('/auth/verify-email', { method: 'POST', body, fallbackMessage: 'Failed to verify your email address' });
}

/** Emails the signed-in member a new verification link. */
export function resendVerificationEmail() {
  return apiRequest<AccountRecoveryResponse>('/auth/verify-email/resend', { method: 'POST', fallbackMessage: 'Failed to send a new link' });
}
