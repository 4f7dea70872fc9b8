import {
  adminLoginResponseSchema,
  loginResponseSchema,
  registerResponseSchema,
  sessionChangeResponseSchema,
  type ChangePasswordBody,
  type LoginBody,
  type RegisterBody,
  type SessionChangeResponse,
} from '../../contract/auth';
import { meResponseSchema } from '../../contract/user';
import { API_BASE, ApiError, apiRequest } from './client';

export function loginUser(credentials: LoginBody) {
  return apiRequest('/auth/login', { method: 'POST', body: credentials, schema: loginResponseSchema, fallbackMessage: 'Login failed' });
}

export function loginAdmin(credentials: LoginBody) {
  return apiRequest('/admin/login', { method: 'POST', body: credentials, schema: adminLoginResponseSchema, fallbackMessage: 'Admin login failed' });
}

export function registerUser(form: RegisterBody) {
  return apiRequest('/auth/register', { method: 'POST', body: form, schema: registerResponseSchema, fallbackMessage: 'Registration failed' });
}

export function fetchCurrentUser(signal?: AbortSignal) {
  return apiRequest('/user/me', { schema: meResponseSchema, fallbackMessage: 'Failed to get user data', signal });
}

/**
 * Ends one session on the server (POST /auth/logout with that session's own
 * token, which need not be the stored bearer). `keepalive` lets the request
 * finish even though logout reloads the page right after sending it. Unlike
 * apiRequest, a 401 here clears nothing: the caller is discarding the token.
 */
export async function endSession(token: string): Promise<SessionChangeResponse> {
  const response = await fetch(`${API_BASE}/auth/logout`, {
    method: 'POST',
    headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
    keepalive: true,
  });
  const parsed = sessionChangeResponseSchema.safeParse(await response.json().catch(() => undefined));
  if (!response.ok || !parsed.success) throw new ApiError('Logout failed', response.status);
  return parsed.data;
}

export function changePassword(body: ChangePasswordBody) {
  return apiRequest('/auth/password', { method: 'POST', body, schema: sessionChangeResponseSchema, fallbackMessage: 'Failed to change password' });
}
