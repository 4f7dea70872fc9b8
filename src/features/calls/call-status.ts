import { CALL_END_TEXTS } from '../../../contract/calls';
import type { VideoCallSnapshot } from '../../../machines/calls/video-call.machine';

/** Where a call is, as the screen draws it. */
export type CallPhase = 'preparing' | 'blocked' | 'placing' | 'connecting' | 'connected' | 'reconnecting' | 'ended';

export function callPhase(snapshot: VideoCallSnapshot): CallPhase {
  if (snapshot.matches('startingMedia') || snapshot.matches('startingAudio')) return 'preparing';
  if (snapshot.matches('mediaBlocked')) return 'blocked';
  if (snapshot.matches({ call: { joined: 'connected' } })) return 'connected';
  if (snapshot.matches({ call: { joined: 'reconnecting' } })) return 'reconnecting';
  if (snapshot.matches({ call: 'joined' }) || snapshot.matches({ call: 'answering' }) || snapshot.matches({ call: 'demoConnecting' })) return 'connecting';
  if (snapshot.matches('call')) return 'placing';
  return 'ended';
}

/** The status line (a live region): what the call is doing, in the member's words. */
export function statusText(snapshot: VideoCallSnapshot): string {
  switch (callPhase(snapshot)) {
    case 'preparing':
      return 'Starting your camera and microphone...';
    case 'blocked':
      return 'Waiting for you';
    case 'placing':
      return snapshot.matches({ call: { placed: 'ringing' } }) ? 'Ringing…' : 'Calling…';
    case 'connecting':
      return 'Connecting...';
    case 'connected':
      return 'Connected';
    case 'reconnecting':
      return 'Reconnecting…';
    case 'ended': {
      const { endReason } = snapshot.context;
      return endReason ? CALL_END_TEXTS[endReason] : 'Call ended';
    }
  }
}

/** What the corner shows instead of the member's own picture; null once the call is over (the corner goes). */
export function localNote(snapshot: VideoCallSnapshot): string | null {
  if (callPhase(snapshot) === 'ended') return null;
  const { media } = snapshot.context;
  if (media && !media.hasVideo) return 'Audio only';
  if (snapshot.matches('startingMedia')) return 'Starting camera...';
  if (!media) return 'No camera';
  return 'Camera off';
}
