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
  Match,
  MatchesResponse,
} from '../../contract/discovery';
import { apiRequest } from './client';

export type RadarSearch = Pick<RadarQuery, 'around' | 'radiusKm' | 'limit'>;

/** The discovery area's query keys: lists of people under ['users', ...], and the member's matches. */
export const discoveryKeys = {
  radarAll: () => ['users', 'radar'] as const,
  radar: (search: RadarSearch) => ['users', 'radar', search] as const,
  discoverAll: () => ['users', 'discover'] as const,
  discover: (filters: DiscoverFilters & { page: number; limit: number }) => ['users', 'discover', filters] as const,
  spinAll: () => ['users', 'spin'] as const,
  spin: (limit: number) => ['users', 'spin', { limit }] as const,
  matches: () => ['matches'] as const,
  likesYou: () => ['likes-you'] as const,
};

/** GET /users/radar: nearest first; SPEC section 8 fallback text on failure. */
export async function fetchNearbyUsers(search: RadarSearch, signal?: AbortSignal): Promise<NearbyUser[]> {
  const body = await apiRequest<RadarResponse>('/users/radar', {
    query: { around: search.around, radiusKm: search.radiusKm, limit: search.limit },
    fallbackMessage: 'Failed to fetch nearby users',
    signal,
  });
  return body.users;
}

/**
 * The people a radar scan found. The scan's machine decides when to ask (after
 * its 2 second sweep, and on Scan Again), so screens read it with `enabled: false`
 * and ask with refetch; a cached answer is never taken for a new scan.
 */
export const radarQueryOptions = (search: RadarSearch) =>
  queryOptions({
    queryKey: discoveryKeys.radar(search),
    queryFn: ({ signal }) => fetchNearbyUsers(search, signal),
    staleTime: 30_000,
    retry: false,
  });

/** SPEC section 7: the spin list holds 10 people. */
export const SPIN_LIST_LIMIT = 10;

/** GET /users/spin: candidates the caller has not decided on yet (SPEC: 10 on the spin list). */
export async function fetchSpinCandidates(limit = SPIN_LIST_LIMIT, signal?: AbortSignal): Promise<Candidate[]> {
  const body = await apiRequest<SpinResponse>('/users/spin', { query: { limit }, fallbackMessage: 'Failed to fetch spin users', signal });
  return body.users;
}

/**
 * Spin's deck. Every decision changes what the server would answer, so it is
 * always stale: each visit, and each refill of an emptied deck, asks afresh.
 * A failure shows the sample people at once, so no retry.
 */
export const spinCandidatesQueryOptions = (limit = SPIN_LIST_LIMIT) =>
  queryOptions({
    queryKey: discoveryKeys.spin(limit),
    queryFn: ({ signal }) => fetchSpinCandidates(limit, signal),
    staleTime: 0,
    retry: false,
  });

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
    queryKey: discoveryKeys.discover(filters),
    queryFn: ({ signal }) => fetchDiscoverPage(filters, signal),
    staleTime: 15_000,
  });

/** GET /matches: the signed-in user's matches, newest first. */
export async function fetchMatches(signal?: AbortSignal): Promise<Match[]> {
  const body = await apiRequest<MatchesResponse>('/matches', {
    fallbackMessage: 'Failed to load matches',
    signal,
  });
  return body.matches;
}

/** The Matches screen's list; likes, blocks and the realtime match:new / conversation:ended events invalidate it. */
export const matchesQueryOptions = () =>
  queryOptions({
    queryKey: discoveryKeys.matches(),
    queryFn: ({ signal }) => fetchMatches(signal),
    staleTime: 15_000,
    // As before the cache owned the list: one request, and a failure shows at once with Try Again.
    retry: false,
  });
