import type { ChangePasswordBody, DeleteAccountBody, SessionChangeResponse } from '../../../contract/auth/sign-in';
import { apiRequest } from '../client';

// The signed-in account's password and its deletion (Settings), apart from sign-in so the first page does not carry them.

export function changePassword(body: ChangePasswordBody) {
  return apiRequest<SessionChangeResponse>('/auth/password', { method: 'POST', body, fallbackMessage: 'Failed to change password' });
}

/** Deletes the signed-in member's account for good (DELETE /auth/account); their sessions end with it. */
export function deleteAccount(body: DeleteAccountBody) {
  return apiRequest<SessionChangeResponse>('/auth/account', { method: 'DELETE', body, fallbackMessage: 'Failed to delete your account' });
}
