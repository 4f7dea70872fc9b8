import { queryOptions } from '@tanstack/react-query';
import type { MatchesResponse, Match } from '../../contract/discovery';
import { apiRequest } from './client';

/** GET /matches: the signed-in user's matches, newest first. */
export async function fetchMatches(signal?: AbortSignal): Promise<Match[]> {
  const body = await apiRequest<MatchesResponse>('/matches', {
    fallbackMessage: 'Failed to load matches',
    signal,
  });
  return body.matches;
}

/** Shared by the Matches screen and Messaging (which lists one conversation per match). */
export const matchesQueryOptions = () =>
  queryOptions({
    queryKey: ['matches'],
    queryFn: ({ signal }) => fetchMatches(signal),
    staleTime: 15_000,
  });
