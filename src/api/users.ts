import { queryOptions } from '@tanstack/react-query';
import type {
  DiscoverResponse,
  LikeResponse,
  RadarResponse,
  SpinResponse,
  Candidate,
  DiscoverQuery,
  LikeType,
  NearbyUser,
  RadarQuery,
} from '../../contract/discovery';
import type { MeResponse, PublicUserResponse, UpdateProfileBody, User } from '../../contract/user';
import { apiRequest } from './client';

export type RadarSearch = Pick<RadarQuery, 'around' | 'radiusKm' | 'limit'>;

/** GET /users/radar: nearest first; SPEC section 8 fallback text on failure. */
export async function fetchNearbyUsers(search: RadarSearch, signal?: AbortSignal): Promise<NearbyUser[]> {
  const body = await apiRequest<RadarResponse>('/users/radar', {
    query: { around: search.around, radiusKm: search.radiusKm, limit: search.limit },
    fallbackMessage: 'Failed to fetch nearby users',
    signal,
  });
  return body.users;
}

export const radarQueryOptions = (search: RadarSearch) =>
  queryOptions({
    queryKey: ['users', 'radar', search],
    queryFn: ({ signal }) => fetchNearbyUsers(search, signal),
    staleTime: 30_000,
    retry: false,
  });

/** GET /users/spin: candidates the caller has not decided on yet (SPEC: 10 on the spin list). */
export async function fetchSpinCandidates(limit = 10, signal?: AbortSignal): Promise<Candidate[]> {
  const body = await apiRequest<SpinResponse>('/users/spin', { query: { limit }, fallbackMessage: 'Failed to fetch spin users', signal });
  return body.users;
}

const DECISION_FAILURE: Record<LikeType, string> = {
  like: 'Failed to like user',
  super: 'Failed to super like user',
  dislike: 'Failed to dislike user',
};

/** SPEC section 8: like failures read "Failed to like user" (with super like and dislike variants). */
export function decisionFailureMessage(type: LikeType): string {
  return DECISION_FAILURE[type];
}

/** POST /users/like. */
export function sendLike(targetId: string, type: LikeType): Promise<LikeResponse> {
  return apiRequest<LikeResponse>('/users/like', { method: 'POST', body: { targetId, type }, fallbackMessage: DECISION_FAILURE[type] });
}

export type DiscoverFilters = Pick<DiscoverQuery, 'gender' | 'minAge' | 'maxAge'>;

/** GET /users for Discover, with the filters applied by the server. */
export function fetchDiscoverPage(filters: DiscoverFilters & { page: number; limit: number }, signal?: AbortSignal): Promise<DiscoverResponse> {
  return apiRequest<DiscoverResponse>('/users', { query: { ...filters }, fallbackMessage: 'Failed to fetch users', signal });
}

export const discoverQueryOptions = (filters: DiscoverFilters & { page: number; limit: number }) =>
  queryOptions({
    queryKey: ['users', 'discover', filters],
    queryFn: ({ signal }) => fetchDiscoverPage(filters, signal),
    staleTime: 15_000,
  });

/** GET /user/:id: another person's public profile and where the viewer stands with them. */
export function fetchPublicProfile(userId: string, signal?: AbortSignal): Promise<PublicUserResponse> {
  return apiRequest<PublicUserResponse>(`/user/${encodeURIComponent(userId)}`, { fallbackMessage: 'Failed to fetch user profile', signal });
}

export const publicProfileQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['users', 'profile', userId],
    queryFn: ({ signal }) => fetchPublicProfile(userId, signal),
    staleTime: 15_000,
  });

/** PATCH /user/me. */
export async function updateMyProfile(changes: UpdateProfileBody): Promise<User> {
  const body = await apiRequest<MeResponse>('/user/me', { method: 'PATCH', body: changes, fallbackMessage: 'Failed to update profile' });
  return body.user;
}
