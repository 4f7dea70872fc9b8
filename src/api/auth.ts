import type {
  AdminLoginAnswer,
  LoginAnswer,
  RegisterResponse,
  SessionChangeResponse,
  ChangePasswordBody,
  DeleteAccountBody,
  LoginBody,
  RegisterBody,
} from '../../contract/auth';
import type { MeResponse } from '../../contract/user';
import { API_BASE, ApiError, apiRequest } from './client';

export function loginUser(credentials: LoginBody) {
  return apiRequest<LoginAnswer>('/auth/login', { method: 'POST', body: credentials, fallbackMessage: 'Login failed' });
}

export function loginAdmin(credentials: LoginBody) {
  return apiRequest<AdminLoginAnswer>('/admin/login', { method: 'POST', body: credentials, fallbackMessage: 'Admin login failed' });
}

export function registerUser(form: RegisterBody) {
  return apiRequest<RegisterResponse>('/auth/register', { method: 'POST', body: form, fallbackMessage: 'Registration failed' });
}

export function fetchCurrentUser(signal?: AbortSignal) {
  return apiRequest<MeResponse>('/user/me', { fallbackMessage: 'Failed to get user data', signal });
}

/** A bodiless POST with this token that outlives the page sending it (`keepalive`). */
function postAsPageGoes(path: string, token: string): Promise<Response> {
  return fetch(`${API_BASE}${path}`, { method: 'POST', headers: { Accept: 'application/json', Authorization: `Bearer ${token}` }, keepalive: true });
}

/**
 * Ends one session on the server (POST /auth/logout with that session's own
 * token, which need not be the stored bearer). `keepalive` lets the request
 * finish even though logout reloads the page right after sending it. Unlike
 * apiRequest, a 401 here clears nothing: the caller is discarding the token.
 */
export async function endSession(token: string): Promise<SessionChangeResponse> {
  const response = await postAsPageGoes('/auth/logout', token);
  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok || typeof payload !== 'object' || payload === null) throw new ApiError('Logout failed', response.status);
  return payload as SessionChangeResponse;
}

export function changePassword(body: ChangePasswordBody) {
  return apiRequest<SessionChangeResponse>('/auth/password', { method: 'POST', body, fallbackMessage: 'Failed to change password' });
}

/** Ends every session of the account but this one (POST /auth/logout/others); the message says how many. */
export function signOutOtherDevices() {
  return apiRequest<SessionChangeResponse>('/auth/logout/others', { method: 'POST', fallbackMessage: 'Failed to sign out your other devices' });
}

/** Deletes the signed-in member's account for good (DELETE /auth/account); their sessions end with it. */
export function deleteAccount(body: DeleteAccountBody) {
  return apiRequest<SessionChangeResponse>('/auth/account', { method: 'DELETE', body, fallbackMessage: 'Failed to delete your account' });
}
