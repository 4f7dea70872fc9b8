import type {
  AdminLoginAnswer,
  LoginAnswer,
  RegisterResponse,
  SessionChangeResponse,
  LoginBody,
  RegisterBody,
} from '../../../contract/auth/sign-in';
import type { LoginCodeResponse } from '../../../contract/auth/mfa';
import type { MeResponse } from '../../../contract/members/profile';
import { API_BASE, ApiError, apiRequest } from '../client';

// Signing in and out, which every page carries (the auth machine's calls); the account's own settings are in account.ts and sessions.ts.

export function loginUser(credentials: LoginBody) {
  return apiRequest<LoginAnswer>('/auth/login', { method: 'POST', body: credentials, fallbackMessage: 'Login failed' });
}

export function loginAdmin(credentials: LoginBody) {
  return apiRequest<AdminLoginAnswer>('/admin/login', { method: 'POST', body: credentials, fallbackMessage: 'Admin login failed' });
}

export function registerUser(form: RegisterBody) {
  return apiRequest<RegisterResponse>('/auth/register', { method: 'POST', body: form, fallbackMessage: 'Registration failed' });
}

/** The code step of a sign-in with two-step verification: the ticket from the password step, and the code. */
export function submitLoginCode(ticket: string, code: string) {
  return apiRequest<LoginCodeResponse>('/auth/login/code', { method: 'POST', body: { ticket, code }, fallbackMessage: 'That code did not work' });
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
