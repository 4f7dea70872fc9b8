import { createHmac } from 'node:crypto';
import type { IceServersResponse } from '../../contract/calls';
import type { CallSettings } from '../environment';

/**
 * TURN REST credentials (coturn's use-auth-secret): the username says until
 * when and for whom, the credential is the shared secret's HMAC-SHA1 of the
 * username. coturn checks both without asking Orbit, so they stop working on
 * their own at the expiry.
 */
export function turnCredential(secret: string, userId: string, expiresAtSeconds: number): { username: string; credential: string } {
  const username = `${expiresAtSeconds}:${userId}`;
  return { username, credential: createHmac('sha1', secret).update(username).digest('base64') };
}

/** What one member's RTCPeerConnection is configured with; nothing configured: host candidates only. */
export function iceServersFor(settings: Pick<CallSettings, 'stunUrls' | 'turn'>, userId: string, now: Date): IceServersResponse {
  const iceServers: IceServersResponse['iceServers'] = [];
  if (settings.stunUrls.length > 0) iceServers.push({ urls: settings.stunUrls });
  if (!settings.turn) return { iceServers, expiresAt: null };
  const expiresAtSeconds = Math.floor(now.getTime() / 1000) + settings.turn.credentialTtlSeconds;
  iceServers.push({ urls: settings.turn.urls, ...turnCredential(settings.turn.secret, userId, expiresAtSeconds) });
  return { iceServers, expiresAt: new Date(expiresAtSeconds * 1000).toISOString() };
}
