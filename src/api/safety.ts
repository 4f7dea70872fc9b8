import { queryOptions } from '@tanstack/react-query';
import type { BlockedListResponse, BlockedPerson, ReportBody, SafetyMessageResponse } from '../../contract/safety';
import { apiRequest } from './client';

/** The blocked list has a key of its own: blocking and unblocking change it, nothing else does. */
export const safetyKeys = {
  all: ['safety'] as const,
  blocked: () => ['safety', 'blocked'] as const,
};

const personPath = (id: string, action: 'block' | 'report') => `/users/${encodeURIComponent(id)}/${action}`;

/** POST /users/:id/block; the answer names nobody (the screen does). */
export function blockPerson(id: string): Promise<SafetyMessageResponse> {
  return apiRequest<SafetyMessageResponse>(personPath(id, 'block'), { method: 'POST', fallbackMessage: 'Failed to block user' });
}

/** DELETE /users/:id/block; the answer names nobody (the screen does). */
export function unblockPerson(id: string): Promise<SafetyMessageResponse> {
  return apiRequest<SafetyMessageResponse>(personPath(id, 'block'), { method: 'DELETE', fallbackMessage: 'Failed to unblock user' });
}

/** POST /users/:id/report; the server blocks the person too unless `block` is false. */
export function reportPerson(id: string, body: ReportBody): Promise<SafetyMessageResponse> {
  return apiRequest<SafetyMessageResponse>(personPath(id, 'report'), { method: 'POST', body, fallbackMessage: 'Failed to send report' });
}

/** GET /users/blocked: the people the caller blocked, newest first. */
export async function fetchBlockedPeople(signal?: AbortSignal): Promise<BlockedPerson[]> {
  const body = await apiRequest<BlockedListResponse>('/users/blocked', { fallbackMessage: 'Failed to load blocked people', signal });
  return body.blocked;
}

export const blockedPeopleQueryOptions = () =>
  queryOptions({
    queryKey: safetyKeys.blocked(),
    queryFn: ({ signal }) => fetchBlockedPeople(signal),
  });
