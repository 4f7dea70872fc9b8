import { queryOptions } from '@tanstack/react-query';
// Types only: the contract's schemas (and zod) stay out of the screens' code.
import type { CreatorIdentity, CreatorIdentityBody, CreatorStatusResponse, WithdrawalRequestBody, WithdrawalRequestResponse } from '../../contract/creators';
import { apiRequest } from './client';
import { memberKeys } from './member-keys';

// The member's creator enrolment, earnings and withdrawals (/creators/me).
// Under ['me', …]: it belongs to the signed-in account.

export const creatorKeys = {
  status: () => [...memberKeys.me(), 'creator'] as const,
};

export const creatorStatusQueryOptions = () =>
  queryOptions({
    queryKey: creatorKeys.status(),
    queryFn: ({ signal }) => apiRequest<CreatorStatusResponse>('/creators/me', { fallbackMessage: 'Failed to load your creator earnings', signal }),
  });

/** Enrols the member as a creator, accepting the current terms. */
export const enrolAsCreator = () =>
  apiRequest<CreatorStatusResponse>('/creators/me', { method: 'POST', body: { acceptTerms: true }, fallbackMessage: 'Could not enrol you as a creator' });

/** Asks for earnings to be paid out; a retry with the same requestId gets the withdrawal the first made. */
// The currency as a balance names it (a string); the server checks it is one Orbit takes.
export const requestWithdrawal = (body: Omit<WithdrawalRequestBody, 'currency'> & { currency: string }) =>
  apiRequest<WithdrawalRequestResponse>('/creators/me/withdrawals', { method: 'POST', body, fallbackMessage: 'Could not request the withdrawal' });

/** Gives (or changes) the creator's identity for payouts; a changed one waits for a new check. */
export const saveCreatorIdentity = (body: CreatorIdentityBody) =>
  apiRequest<{ success: true; identity: CreatorIdentity }>('/creators/me/identity', { method: 'PUT', body, fallbackMessage: 'Could not save your identity' });
