import { queryOptions } from '@tanstack/react-query';
import type { Place, PlacesResponse } from '../../contract/members/preferences';
import { apiRequest } from './client';

/** GET /places?q=: towns and cities whose names start like `query`, for a member typing where they live. */
export async function fetchPlaces(query: string, signal?: AbortSignal): Promise<Place[]> {
  const body = await apiRequest<PlacesResponse>('/places', { query: { q: query }, fallbackMessage: 'Failed to find places', signal });
  return body.places;
}

export const placeKeys = {
  search: (query: string) => ['places', query.trim().toLowerCase()] as const,
};

export const placesQueryOptions = (query: string) =>
  queryOptions({
    queryKey: placeKeys.search(query),
    queryFn: ({ signal }) => fetchPlaces(query.trim(), signal),
    // Places do not move: a search typed twice is asked once.
    staleTime: 10 * 60_000,
    retry: false,
  });
