import { queryOptions } from '@tanstack/react-query';
// Types only: the contract's schemas (and zod) stay out of the screens' code.
import type { CallPeerResponse, IceServersResponse } from '../../contract/calls';
import { apiRequest } from './client';

/**
 * Video calls' server state (docs/VIDEO-CALLS.md): whether and how a person
 * can be called, and the ICE servers a call's RTCPeerConnection uses. The
 * call itself runs over the realtime channel, not here.
 */

export const callKeys = {
  all: ['calls'] as const,
  peer: (userId: string) => ['calls', 'peer', userId] as const,
  iceServers: () => ['calls', 'ice-servers'] as const,
};

/** Without TURN nothing expires; the list is still re-read now and then (configuration may change). */
const ICE_SERVERS_FRESH_MS = 10 * 60_000;

export function fetchCallPeer(userId: string, signal?: AbortSignal): Promise<CallPeerResponse> {
  return apiRequest<CallPeerResponse>(`/calls/peers/${encodeURIComponent(userId)}`, { fallbackMessage: 'Failed to load this person', signal });
}

export function fetchIceServers(signal?: AbortSignal): Promise<IceServersResponse> {
  return apiRequest<IceServersResponse>('/calls/ice-servers', { fallbackMessage: 'Failed to prepare the call', signal });
}

/** GET /calls/peers/:userId: the peer and whether a call is real, a demo, or not open until they match. */
export const callPeerQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: callKeys.peer(userId),
    queryFn: ({ signal }) => fetchCallPeer(userId, signal),
    // A like back makes a call possible: ask again on every visit to the screen.
    staleTime: 0,
    // A 404 (unknown, blocked) will not change by asking again.
    retry: false,
  });

/** How long an ICE server list stays fresh: half of its TURN credentials' remaining life, so a call never starts with expired ones. */
export function iceServersFreshMs(data: IceServersResponse | undefined, fetchedAt: number): number {
  if (!data?.expiresAt) return ICE_SERVERS_FRESH_MS;
  const life = Date.parse(data.expiresAt) - fetchedAt;
  return Number.isFinite(life) ? Math.max(0, Math.min(ICE_SERVERS_FRESH_MS, life / 2)) : 0;
}

/** GET /calls/ice-servers: the RTCPeerConnection configuration (members only). */
export const iceServersQueryOptions = () =>
  queryOptions({
    queryKey: callKeys.iceServers(),
    queryFn: ({ signal }) => fetchIceServers(signal),
    staleTime: (query) => iceServersFreshMs(query.state.data, query.state.dataUpdatedAt),
  });
