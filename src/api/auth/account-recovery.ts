import { queryOptions } from '@tanstack/react-query';
import type { AccountRecoveryResponse, ForgotPasswordBody, ResetLinkResponse, ResetPasswordBody, VerifyEmailBody } from '../../../contract/auth/account-recovery';
import { apiRequest } from '../client';

/** Asks for a reset link; the answer is the same whether or not an account uses the address. */
export function requestPasswordReset(body: ForgotPasswordBody) {
  return apiRequest<AccountRecoveryResponse>('/auth/forgot-password', { method: 'POST', body, fallbackMessage: 'Failed to send the reset email' });
}

/** Sets a new password with the emailed link's token; every session of the account ends. */
export function resetPassword(body: ResetPasswordBody) {
  return apiRequest<AccountRecoveryResponse>('/auth/reset-password', { method: 'POST', body, fallbackMessage: 'Failed to reset your password' });
}

/** What a reset link leads to (spends nothing): whether the reset may also turn two-step verification off. */
export function describeResetLink(token: string) {
  return apiRequest<ResetLinkResponse>('/auth/reset-password/link', { method: 'POST', body: { token }, fallbackMessage: 'Failed to open the reset link' });
}

export const accountRecoveryKeys = {
  resetLink: (token: string) => ['reset-link', token] as const,
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

export const resetLinkQueryOptions = (token: string) =>
  queryOptions({
    queryKey: accountRecoveryKeys.resetLink(token),
    // No abort signal: the page mounting anew while the shell settles would cancel and ask again.
    queryFn: () => describeResetLink(token),
    // Asked once per page: what a link leads to does not change while its page is open (a dead link stays dead; Try Again asks anew).
    staleTime: Infinity,
  });
