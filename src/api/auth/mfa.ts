import { queryOptions } from '@tanstack/react-query';
import type {
  EnrolTicketConfirmResponse,
  MfaDisableBody,
  MfaMessageResponse,
  MfaSetupBody,
  MfaStatusResponse,
  RecoveryCodesResponse,
  TotpSetupResponse,
} from '../../../contract/auth/mfa';
import { apiRequest } from '../client';

/** Two-step verification (issue 37): enrolment and turning it off (the code step of a sign-in is in sign-in.ts, which every page carries). */

/** Enrolment at sign-in (an admin in production): a new secret for the ticket's account. */
export function beginTicketEnrolment(ticket: string) {
  return apiRequest<TotpSetupResponse>('/auth/login/enrol', { method: 'POST', body: { ticket }, fallbackMessage: 'Failed to start setting up two-step verification' });
}

export function confirmTicketEnrolment(ticket: string, code: string) {
  return apiRequest<EnrolTicketConfirmResponse>('/auth/login/enrol/confirm', { method: 'POST', body: { ticket, code }, fallbackMessage: 'That code did not work' });
}

export function fetchMfaStatus(signal?: AbortSignal) {
  return apiRequest<MfaStatusResponse>('/auth/mfa', { fallbackMessage: 'Failed to load two-step verification', signal });
}

/** Asks the current password again: a stolen session alone cannot set up an authenticator. */
export function beginMfaSetup(body: MfaSetupBody) {
  return apiRequest<TotpSetupResponse>('/auth/mfa/setup', { method: 'POST', body, fallbackMessage: 'Failed to start setting up two-step verification' });
}

export function confirmMfaSetup(code: string) {
  return apiRequest<RecoveryCodesResponse>('/auth/mfa/confirm', { method: 'POST', body: { code }, fallbackMessage: 'That code did not work' });
}

export function disableMfa(body: MfaDisableBody) {
  return apiRequest<MfaMessageResponse>('/auth/mfa/disable', { method: 'POST', body, fallbackMessage: 'Failed to turn off two-step verification' });
}

export const mfaKeys = {
  status: () => ['mfa-status'] as const,
};

export const mfaStatusQueryOptions = () =>
  queryOptions({
    queryKey: mfaKeys.status(),
    queryFn: ({ signal }) => fetchMfaStatus(signal),
    staleTime: 0,
  });
