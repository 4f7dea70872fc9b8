import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { callPeerQueryOptions, iceServersFreshMs, iceServersQueryOptions } from '../../../../src/api/calls';
import { json, mockApi } from '../../support/render-app';

const PEER = { peer: { id: 'priya-1', name: 'Priya Shah', avatar: '/api/media/avatar/priya' }, callable: 'match' };

describe('the calls API', () => {
  it('reads whether a person can be called, and does not retry a 404', async () => {
    const { calls } = mockApi({
      'GET /api/calls/peers/priya-1': () => json(200, PEER),
      'GET /api/calls/peers/ghost': () => json(404, { success: false, message: 'User not found' }),
    });
    const queryClient = new QueryClient();
    await expect(queryClient.fetchQuery(callPeerQueryOptions('priya-1'))).resolves.toEqual(PEER);
    await expect(queryClient.fetchQuery(callPeerQueryOptions('ghost'))).rejects.toMatchObject({ status: 404, message: 'User not found' });
    expect(calls.filter((call) => call.path === '/api/calls/peers/ghost')).toHaveLength(1);
    // The screen's useQuery would otherwise ask three more times.
    expect(callPeerQueryOptions('ghost').retry).toBe(false);
  });

  it('reads the ICE servers and keeps them only while their TURN credentials have most of their life left', async () => {
    const expiresAt = new Date(Date.now() + 3600_000).toISOString();
    const { calls } = mockApi({ 'GET /api/calls/ice-servers': () => json(200, { iceServers: [{ urls: ['stun:127.0.0.1:3478'] }], expiresAt }) });
    const queryClient = new QueryClient();
    await queryClient.fetchQuery(iceServersQueryOptions());
    await queryClient.fetchQuery(iceServersQueryOptions());
    expect(calls).toHaveLength(1);

    const now = Date.now();
    // An hour left: fresh for ten minutes at most; a minute left: thirty seconds; expired: never.
    expect(iceServersFreshMs({ iceServers: [], expiresAt: new Date(now + 3600_000).toISOString() }, now)).toBe(600_000);
    expect(iceServersFreshMs({ iceServers: [], expiresAt: new Date(now + 60_000).toISOString() }, now)).toBe(30_000);
    expect(iceServersFreshMs({ iceServers: [], expiresAt: new Date(now - 1000).toISOString() }, now)).toBe(0);
    expect(iceServersFreshMs({ iceServers: [], expiresAt: null }, now)).toBe(600_000);
  });
});
