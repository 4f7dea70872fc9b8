import { queryOptions } from '@tanstack/react-query';
import type { DataExport } from '../../contract/members/data-export';
import type { MeResponse, PublicUserResponse, UpdateProfileBody, User } from '../../contract/members/profile';
import { fetchCurrentUser } from './auth/sign-in';
import { apiRequest } from './client';
import { memberKeys } from './member-keys';

/**
 * The signed-in account (balance, VIP status, profile). Kept under ['me']:
 * the auth provider removes that key on every sign-in, so one account's
 * data never shows for the next.
 */
export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: memberKeys.me(),
    queryFn: async ({ signal }) => (await fetchCurrentUser(signal)).user,
  });

/** Everything Orbit keeps about the signed-in member (GET /user/me/export), for them to save. */
export function fetchMyDataExport() {
  return apiRequest<DataExport>('/user/me/export', { fallbackMessage: 'Failed to prepare your data' });
}

/** GET /user/:id: another person's public profile and where the viewer stands with them. */
export function fetchPublicProfile(userId: string, signal?: AbortSignal): Promise<PublicUserResponse> {
  return apiRequest<PublicUserResponse>(`/user/${encodeURIComponent(userId)}`, { fallbackMessage: 'Failed to fetch user profile', signal });
}

export const publicProfileQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: memberKeys.profile(userId),
    queryFn: ({ signal }) => fetchPublicProfile(userId, signal),
    staleTime: 15_000,
  });

/** PATCH /user/me. */
export async function updateMyProfile(changes: UpdateProfileBody): Promise<User> {
  const body = await apiRequest<MeResponse>('/user/me', { method: 'PATCH', body: changes, fallbackMessage: 'Failed to update profile' });
  return body.user;
}
