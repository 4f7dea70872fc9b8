import type { FastifyBaseLogger } from 'fastify';
import type { LiveMediaSettings } from '../../environment';
import type { MediaForwarder } from './forwarder';
import { lazyForwarder } from './lazy-forwarder';

/**
 * The forwarder LIVE_MEDIA names: werift in this process (the default), or
 * Janus's VideoRoom. Either is loaded and started on first need (or at
 * `warmUp`) and again after a failure, so a Janus that is down makes going
 * live answer 503 rather than keeping the server from starting, and a server
 * nobody streams on never loads a WebRTC stack.
 */
export function createMediaForwarder(settings: LiveMediaSettings, log: FastifyBaseLogger): MediaForwarder & { warmUp(): void } {
  if (settings.kind === 'janus') {
    return lazyForwarder(
      'janus',
      async () => {
        const { createJanusForwarder } = await import('./janus-forwarder');
        return createJanusForwarder({ url: settings.janusUrl, ...(settings.janusApiSecret ? { apiSecret: settings.janusApiSecret } : {}), log });
      },
      log,
    );
  }
  return lazyForwarder(
    'werift',
    async () => {
      const { createWeriftForwarder } = await import('./werift-forwarder');
      return createWeriftForwarder({
        ...(settings.announcedIp ? { announcedIp: settings.announcedIp } : {}),
        ...(settings.portRange ? { portRange: settings.portRange } : {}),
        log,
      });
    },
    log,
  );
}
