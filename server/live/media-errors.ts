import type { FastifyBaseLogger } from 'fastify';
import { LIVE_MEDIA_UNAVAILABLE_MESSAGE } from '../../contract/live';
import { HttpError } from '../plugins/errors';
import { MediaForwarderError } from './media/forwarder';

export const LIVE_BAD_DESCRIPTION_MESSAGE = 'Invalid session description';
export const LIVE_WATCH_AGAIN_MESSAGE = 'This connection to the stream has ended; watch again';

/**
 * A forwarder's failure as the member hears it: a description it could not
 * read is theirs (400), a subscription it no longer knows is to be asked for
 * again (409), anything else is the media side's (503, logged unless expected).
 */
export function mediaFailure(error: unknown, log: Pick<FastifyBaseLogger, 'error' | 'warn'>): HttpError {
  if (error instanceof HttpError) return error;
  if (error instanceof MediaForwarderError) {
    if (error.code === 'bad-description') return new HttpError(400, LIVE_BAD_DESCRIPTION_MESSAGE);
    if (error.code === 'unknown-subscription') return new HttpError(409, LIVE_WATCH_AGAIN_MESSAGE);
    log.warn({ err: error }, 'live media forwarder unavailable');
    return new HttpError(503, LIVE_MEDIA_UNAVAILABLE_MESSAGE);
  }
  log.error({ err: error }, 'live media forwarder failed');
  return new HttpError(503, LIVE_MEDIA_UNAVAILABLE_MESSAGE);
}

/**
 * A complete session description starts with its version line and carries
 * at least one media section; anything else is refused before the forwarder
 * spends a connection on it.
 */
export function looksLikeDescription(sdp: string): boolean {
  return /^v=0\r?\n/.test(sdp) && /\r?\nm=(audio|video) /.test(sdp);
}
