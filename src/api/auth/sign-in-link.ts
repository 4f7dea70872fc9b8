import type { AccountRecoveryResponse } from '../../../contract/auth/account-recovery';
import type { SignInLinkOpenBody, SignInLinkOpenedResponse, SignInLinkRequestBody } from '../../../contract/auth/sign-in-link';
import { apiRequest } from '../client';

/** Emails the account a sign-in link (offered by a 429 at sign-in); the answer is the same whether or not the username names one. */
export function requestSignInLink(body: SignInLinkRequestBody) {
  return apiRequest<AccountRecoveryResponse>('/auth/sign-in-link', { method: 'POST', body, fallbackMessage: 'Failed to send the sign-in link' });
}

/** Spends the emailed link: this browser becomes one the account knows (its device cookie). Signs nobody in. */
export function openSignInLink(body: SignInLinkOpenBody) {
  return apiRequest<SignInLinkOpenedResponse>('/auth/sign-in-link/open', { method: 'POST', body, fallbackMessage: 'Failed to open the sign-in link' });
}
