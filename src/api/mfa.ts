import { queryOptions } from '@tanstack/react-query';
import type {
  EnrolTicketConfirmResponse,
  LoginCodeResponse,
  MfaDisableBody,
  MfaMessageResponse,
  MfaStatusResponse,
  RecoveryCodesResponse,
  TotpSetupResponse,
} from '../../contract/mfa';
import { apiRequest } from './client';

/** Two-step verification (issue 37): the code step of a sign-in, enrolment, and turning it off. */

export function submitLoginCode(ticket: string, code: string) {
  return apiRequest<LoginCodeResponse>('/auth/login/code', { method: 'POST', body: { ticket, code }, fallbackMessage: 'That code did not work' });
}

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

export function beginMfaSetup() {
  return apiRequest<TotpSetupResponse>('/auth/mfa/setup', { method: 'POST', fallbackMessage: 'Failed to start setting up two-step verification' });
}

export function confirmMfaSetup(code: string) {
  return apiRequest<RecoveryCodesResponse>('/auth/mfa/confirm', { method: 'POST', body: { code }, fallbackMessage: 'That code did not work' });
}

export function disableMfa(body: MfaDisableBody) {
  return apiRequest<MfaMessageResponse>('/auth/mfa/disable', { method: 'POST', body, fallbackMessage: 'Failed to turn off two-step verification' });
}

export const mfaStatusQueryOptions = () =>
  queryOptions({
    queryKey: ['mfa-status'] as const,
    queryFn: ({ signal }) => fetchMfaStatus(signal),
    staleTime: 0,
  });
