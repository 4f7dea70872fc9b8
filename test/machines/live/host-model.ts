import type { AnyEventObject } from 'xstate';
import { LIVE_ALREADY_LIVE_MESSAGE, LIVE_CHAT_RATE_MESSAGE, LIVE_MEDIA_UNAVAILABLE_MESSAGE, LIVE_STREAM_ENDED_MESSAGE, type LiveEndReason } from '../../../contract/live';
import { liveStreamMachine, type LiveStreamSnapshot, type StreamMedia } from '../../../machines/live/host.machine';
import { createModel, doneEvent, errorEvent, type ModelOptions } from '../../support/model';

/**
 * The host's live stream models: one walks every way through setup and
 * going live (titles, a refused camera, Try Again, the alerts, a refused or
 * timed-out Go Live) and then only ends the stream; the other goes straight
 * to air and tries each on-air thing on its own (mute, camera, chat, share,
 * the connection dropping, failing and coming back or not, the stream ended
 * elsewhere), each followed by every way of ending and leaving.
 */

export const TITLE = 'Sunset chat';
export const PADDED_TITLE = '  Sunset chat  ';
export const BLANK = '   ';
export const CHAT_TEXT = 'Welcome everyone';
export const STREAM_ID = '5a1c0de0-0000-4000-8000-00000000517e';

export const CAMERA: StreamMedia = { hasVideo: true, hasAudio: true };
export const MICROPHONE_ONLY: StreamMedia = { hasVideo: false, hasAudio: true };

const denied = new DOMException('Permission denied', 'NotAllowedError');

/**
 * A rejection as the real actors make it (an Error with the server's words),
 * which also serialises with its words: the traversal tells events apart by
 * their JSON, and a plain Error's is `{}`.
 */
export const refusal = (message: string): Error => Object.assign(new Error(message), { toJSON: () => ({ message }) });

/** Events the `hostLink` actor brings (the peer connection and the realtime hub). */
export const FROM_HOST_LINK = {
  'MEDIA.INTERRUPTED': 'hostLink',
  'MEDIA.RESTORED': 'hostLink',
  'MEDIA.FAILED': 'hostLink',
  'STREAM.ENDED': 'hostLink',
} as const;

const streamEnded = (reason: LiveEndReason) => ({ type: 'STREAM.ENDED', reason });

function describeEvent(event: AnyEventObject): string {
  if (event.type.startsWith('xstate.after.')) return `after ${event.type.split('.')[2]}`;
  if (event.type === 'TITLE.CHANGE') return `title ${JSON.stringify(event.title)}`;
  if (event.type === 'CHAT.CHANGE') return `chat ${JSON.stringify(event.text)}`;
  if (event.type === 'STREAM.ENDED') return `STREAM.ENDED ${String(event.reason)}`;
  if (event.type === 'xstate.done.actor.startMedia') return (event.output as StreamMedia).hasVideo ? 'camera on' : 'microphone only';
  if (event.type === 'xstate.done.actor.shareStream') return `share ${String(event.output)}`;
  if (event.type.startsWith('xstate.done.actor.')) return `${event.type.slice('xstate.done.actor.'.length)} done`;
  if (event.type.startsWith('xstate.error.actor.')) {
    const error = (event as { error?: { message?: string } }).error;
    const words = error instanceof DOMException ? error.name : error?.message ? JSON.stringify(error.message) : 'no message';
    return `${event.type.slice('xstate.error.actor.'.length)} fails (${words})`;
  }
  return event.type;
}

const shared = {
  fromActors: FROM_HOST_LINK,
  describeEvent,
  events: {
    'TITLE.CHANGE': [BLANK, TITLE, PADDED_TITLE].map((title) => ({ type: 'TITLE.CHANGE', title })),
    'xstate.done.actor.startMedia': [doneEvent('startMedia', CAMERA), doneEvent('startMedia', MICROPHONE_ONLY)],
    'xstate.error.actor.startMedia': [errorEvent('startMedia', denied)],
    'xstate.done.actor.publish': [doneEvent('publish', { streamId: STREAM_ID })],
    'xstate.error.actor.publish': [refusal(LIVE_ALREADY_LIVE_MESSAGE), refusal(LIVE_MEDIA_UNAVAILABLE_MESSAGE), refusal('')].map((error) => errorEvent('publish', error)),
    'xstate.done.actor.republish': [doneEvent('republish', undefined)],
    'xstate.error.actor.republish': [errorEvent('republish', refusal(LIVE_STREAM_ENDED_MESSAGE))],
    'STREAM.ENDED': (['admin', 'banned', 'signed-out', 'lost'] as const).map(streamEnded),
    'CHAT.CHANGE': [BLANK, CHAT_TEXT].map((text) => ({ type: 'CHAT.CHANGE', text })),
    'xstate.done.actor.sendChat': [doneEvent('sendChat', undefined)],
    'xstate.error.actor.sendChat': [refusal(LIVE_CHAT_RATE_MESSAGE), refusal('')].map((error) => errorEvent('sendChat', error)),
    'xstate.done.actor.shareStream': ['copied', 'shared', 'cancelled'].map((outcome) => doneEvent('shareStream', outcome)),
    'xstate.error.actor.shareStream': [errorEvent('shareStream', refusal('Clipboard blocked'))],
    'xstate.done.actor.endStream': [doneEvent('endStream', undefined)],
    'xstate.error.actor.endStream': [errorEvent('endStream', refusal('Network error'))],
  },
} satisfies Partial<ModelOptions<typeof liveStreamMachine>>;

const over = (snapshot: LiveStreamSnapshot) => snapshot.matches('ending') || snapshot.matches('ended') || snapshot.matches('left');

/**
 * Every way through setup and Go Live: titles (blank, typed, padded with
 * spaces), a refused camera and Try Again, Go Live's alerts, the publish
 * refused (with and without words) or timing out and tried again. Once on
 * air the stream is only ended.
 */
export const liveStreamSetupModel = createModel(liveStreamMachine, {
  ...shared,
  filterEvents: (snapshot, event) => {
    const { title, media } = snapshot.context;
    if (snapshot.matches('live')) return event.type === 'END_STREAM';
    if (over(snapshot)) return event.type === 'xstate.done.actor.endStream' || event.type === 'BACK_TO_PROFILE';
    // Titles: blank first, then a typed one; a title typed straight away may be padded.
    if (event.type === 'TITLE.CHANGE') return title === '' ? true : title === BLANK && event.title === TITLE;
    // A microphone-only preview goes live like any other; the on-air model tries its camera toggle.
    if (event.type === 'xstate.done.actor.startMedia') return event.output === CAMERA;
    return media === null || media.hasVideo;
  },
});

/** Nothing has been done on air yet: no toggle, draft, chat error, share, and the connection is as it began. */
function fresh(snapshot: LiveStreamSnapshot): boolean {
  const { muted, cameraOff, chatDraft, chatError, share } = snapshot.context;
  return !muted && !cameraOff && chatDraft === '' && chatError === null && share === null && snapshot.matches({ live: { connection: 'connected', chat: 'idle', share: 'idle' } });
}

/** On air, one thing at a time: what may happen next given what this path already did. */
function onAirAllowed(snapshot: LiveStreamSnapshot, event: AnyEventObject): boolean {
  const { media, muted, cameraOff, chatDraft, chatError, share } = snapshot.context;
  const connection = ['connected', 'interrupted', 'republishing'].find((state) => snapshot.matches({ live: { connection: state as 'connected' } }));
  const chatting = chatDraft !== '' || chatError !== null || snapshot.matches({ live: { chat: 'sending' } });
  const sharing = share !== null || snapshot.matches({ live: { share: 'sharing' } });
  const connectionTouched = connection !== 'connected';
  // The camera toggle only for a microphone-only stream (where it does nothing), then the stream ends.
  if (media?.hasVideo === false) return event.type === 'TOGGLE_CAMERA' || event.type === 'END_STREAM';
  switch (event.type) {
    case 'TOGGLE_MUTE':
      // Mute, then unmute.
      return fresh(snapshot) || (muted && !cameraOff && !chatting && !sharing && !connectionTouched);
    case 'TOGGLE_CAMERA':
      return fresh(snapshot) || (cameraOff && !muted && !chatting && !sharing && !connectionTouched);
    case 'CHAT.CHANGE':
      // A draft from the fresh start; after a refusal, typed again (which clears the refusal).
      return fresh(snapshot) || (chatError !== null && snapshot.matches({ live: { chat: 'idle' } }) && event.text === CHAT_TEXT);
    case 'CHAT.SEND':
      return chatDraft !== '';
    case 'SHARE':
      return fresh(snapshot);
    case 'MEDIA.INTERRUPTED':
    case 'MEDIA.FAILED':
      return fresh(snapshot) || (connection === 'interrupted' && event.type === 'MEDIA.FAILED');
    case 'MEDIA.RESTORED':
      return connection === 'interrupted';
    case 'STREAM.ENDED':
      // The server's ends where they come: an admin, a ban or a sign-out at any time, 'lost' while the connection is down.
      return event.reason === 'lost' ? connection === 'interrupted' : fresh(snapshot);
    case 'END_STREAM':
      // From the fresh start, and once each thing tried has come to rest.
      return !snapshot.matches({ live: { chat: 'sending' } }) && !snapshot.matches({ live: { share: 'sharing' } }) && connection !== 'republishing';
    default:
      return true;
  }
}

/** Straight to air (camera on, or microphone only), then each on-air thing on its own, then every way out. */
export const liveStreamOnAirModel = createModel(liveStreamMachine, {
  ...shared,
  filterEvents: (snapshot, event) => {
    if (snapshot.matches('setup')) {
      if (event.type === 'TITLE.CHANGE') return snapshot.context.title === '' && event.title === TITLE;
      if (event.type === 'GO_LIVE') return snapshot.context.title === TITLE;
      return event.type === 'START_PREVIEW' || event.type === 'xstate.done.actor.startMedia';
    }
    if (snapshot.matches('connecting')) return event.type === 'xstate.done.actor.publish';
    if (snapshot.matches('live')) return onAirAllowed(snapshot, event);
    // Ending refused or not, from a fresh stream; otherwise it simply goes through.
    const { muted, cameraOff, chatDraft, chatError, share, endReason, media } = snapshot.context;
    const untouched = !muted && !cameraOff && chatDraft === '' && chatError === null && share === null && media?.hasVideo === true;
    if (event.type === 'xstate.error.actor.endStream') return untouched;
    if (event.type === 'BACK_TO_PROFILE') return untouched && endReason === 'ended';
    return true;
  },
});

export const LIVE_STREAM_MODELS = [
  { name: 'setup', model: liveStreamSetupModel },
  { name: 'on air', model: liveStreamOnAirModel },
] as const;
