import { queryOptions } from '@tanstack/react-query';
import type { SessionChangeResponse } from '../../../contract/auth/sign-in';
import type { SignedInDevicesResponse } from '../../../contract/auth/sessions';
import { apiRequest } from '../client';

export const sessionKeys = {
  devices: () => ['auth', 'sessions'] as const,
};

/** GET /auth/sessions: where the account is signed in, this device first. */
export function fetchSignedInDevices(signal?: AbortSignal): Promise<SignedInDevicesResponse> {
  return apiRequest<SignedInDevicesResponse>('/auth/sessions', { fallbackMessage: 'Failed to load where you are signed in', signal });
}

export const signedInDevicesQueryOptions = () =>
  queryOptions({
    queryKey: sessionKeys.devices(),
    queryFn: ({ signal }) => fetchSignedInDevices(signal),
    // A sign-in on another phone happens out of this app's sight: ask again whenever Settings opens.
    staleTime: 0,
  });

/** DELETE /auth/sessions/:id: that device's token stops working at once. */
export function signOutDevice(id: string): Promise<SessionChangeResponse> {
  return apiRequest<SessionChangeResponse>(`/auth/sessions/${encodeURIComponent(id)}`, { method: 'DELETE', fallbackMessage: 'Failed to sign out that device' });
}

/** Ends every session of the account but this one (POST /auth/logout/others); the message says how many. */
export function signOutOtherDevices() {
  return apiRequest<SessionChangeResponse>('/auth/logout/others', { method: 'POST', fallbackMessage: 'Failed to sign out your other devices' });
}
