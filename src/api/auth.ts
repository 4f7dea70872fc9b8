import {
  adminLoginResponseSchema,
  loginResponseSchema,
  registerResponseSchema,
  type LoginBody,
  type RegisterBody,
} from '../../contract/auth';
import { meResponseSchema } from '../../contract/user';
import { apiRequest } from './client';

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
