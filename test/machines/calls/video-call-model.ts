import type { AnyEventObject } from 'xstate';
import { CALL_ALREADY_ANSWERED_MESSAGE, CALL_NOT_FOUND_MESSAGE, CALL_NOT_MATCHED_MESSAGE, type CallEndReason } from '../../../contract/calls';
import { videoCallMachine, type CallMedia, type CallRefusal, type VideoCallInput, type VideoCallSnapshot } from '../../../machines/calls/video-call.machine';
import { createModel, doneEvent, errorEvent, type ModelOptions } from '../../support/model';

/**
 * The video call models, one per way a tab takes part in a call: the caller
 * (invite, ringing, the other side's answer or refusal, every way the server
 * can end it, the connection dropping and coming back), the callee (answering,
 * or finding the call taken or gone), and a demo call (the spec's simulated
 * call, where the in-call controls, the timer and the quality are walked).
 * Each keeps its paths few enough to walk with the limits below.
 */

export const CALL_ID = '5a1c0de0-0000-4000-8000-00000000ca11';
export const PEER_ID = 'peer-maya';

export const TWO_CAMERAS: CallMedia = { hasVideo: true, hasAudio: true, cameraCount: 2 };
export const ONE_CAMERA: CallMedia = { hasVideo: true, hasAudio: true, cameraCount: 1 };
export const AUDIO_ONLY: CallMedia = { hasVideo: false, hasAudio: true, cameraCount: 0 };

const denied = new DOMException('Permission denied', 'NotAllowedError');
const missing = new DOMException('Requested device not found', 'NotFoundError');

/** Refused commands as the real invite and answer actors reject: the command answer's status and message. */
const refusal = (status: number, message: string): CallRefusal => ({ status, message });
export const NOT_MATCHED = refusal(403, CALL_NOT_MATCHED_MESSAGE);
export const TOO_MANY_CALLS = refusal(429, 'Too many calls. Try again in a few minutes.');
/** No message at all (a broken answer): the screen still needs words. */
export const SILENT_REFUSAL = new Error('');
export const TAKEN_ELSEWHERE = refusal(409, CALL_ALREADY_ANSWERED_MESSAGE);
export const CALL_GONE = refusal(404, CALL_NOT_FOUND_MESSAGE);

/** The connected length the server reports when it ends a connected call. */
export const SERVER_SECONDS = 192;

const remoteEnded = (reason: CallEndReason, seconds: number | null = null) => ({ type: 'REMOTE_ENDED', reason, seconds });

export const INPUTS = {
  caller: { role: 'caller', callId: CALL_ID, peerId: PEER_ID, demo: false },
  callee: { role: 'callee', callId: CALL_ID, peerId: PEER_ID, demo: false },
  demo: { role: 'caller', callId: CALL_ID, peerId: PEER_ID, demo: true },
} satisfies Record<string, VideoCallInput>;

/** Events the `signals` actor brings (the server's news about the call); the `link` actor's are delivered by the test itself. */
export const FROM_SIGNALS = { RINGING: 'signals', ANSWERED: 'signals', REMOTE_ENDED: 'signals' } as const;
export const LINK_EVENTS = ['LINK_CONNECTED', 'LINK_INTERRUPTED', 'REMOTE_MEDIA'];

const isTimer = (event: AnyEventObject, delay: string) => event.type.startsWith(`xstate.after.${delay}.`);
const inCall = (snapshot: VideoCallSnapshot, state: 'inviting' | 'calling' | 'ringing' | 'answering' | 'demoConnecting') =>
  state === 'calling' || state === 'ringing' ? snapshot.matches({ call: { placed: state } }) : snapshot.matches({ call: state });
const joined = (snapshot: VideoCallSnapshot, state: 'connecting' | 'connected' | 'reconnecting') => snapshot.matches({ call: { joined: state } });
const over = (snapshot: VideoCallSnapshot) => ['ended', 'reviewing', 'left'].some((state) => snapshot.matches(state as 'ended'));

function describeEvent(event: AnyEventObject): string {
  if (event.type.startsWith('xstate.after.')) return `after ${event.type.split('.')[2]}`;
  if (event.type.startsWith('xstate.done.actor.')) {
    const output: unknown = (event as { output?: unknown }).output;
    const detail = typeof output === 'string' ? ` (${output})` : output && typeof output === 'object' ? ` ${JSON.stringify(output)}` : '';
    return `${event.type.slice('xstate.done.actor.'.length)} done${detail}`;
  }
  if (event.type.startsWith('xstate.error.actor.')) {
    const error = (event as { error?: { name?: string; status?: number } }).error;
    const detail = error?.status ?? (error instanceof DOMException ? error.name : 'no message');
    return `${event.type.slice('xstate.error.actor.'.length)} fails (${String(detail)})`;
  }
  if (event.type === 'REMOTE_ENDED') return `REMOTE_ENDED ${String(event.reason)}${event.seconds === null ? '' : ` ${String(event.seconds)} s`}`;
  if (event.type === 'REMOTE_MEDIA') return `REMOTE_MEDIA${event.muted ? ' muted' : ''}${event.cameraOff ? ' camera off' : ''}`;
  return event.type;
}

const mediaEvents = {
  'xstate.done.actor.startMedia': [doneEvent('startMedia', TWO_CAMERAS)],
  'xstate.error.actor.startMedia': [errorEvent('startMedia', denied), errorEvent('startMedia', missing)],
  'xstate.done.actor.startAudio': [doneEvent('startAudio', AUDIO_ONLY)],
  'xstate.error.actor.startAudio': [errorEvent('startAudio', denied)],
};

const shared = {
  fromActors: FROM_SIGNALS,
  describeEvent,
} satisfies Partial<ModelOptions<typeof videoCallMachine>>;

/** The ended screen, reviewing and leaving are walked from every way a call can end. */
function afterTheEnd(event: AnyEventObject): boolean {
  return event.type === 'REVIEW' || event.type === 'LEAVE' || isTimer(event, 'END_REDIRECT_DELAY');
}

/**
 * The caller: every way through the media (camera refused or missing, audio
 * only), the invite and its refusals, ringing, the server's answer and every
 * end it can report, the ring limit; once answered, connecting, a few seconds
 * connected, the other side's mute and camera, a drop and its grace.
 */
export const callerModel = createModel(videoCallMachine, {
  ...shared,
  input: INPUTS.caller,
  events: {
    ...mediaEvents,
    'xstate.error.actor.invite': [NOT_MATCHED, TOO_MANY_CALLS, SILENT_REFUSAL].map((error) => errorEvent('invite', error)),
    'xstate.done.actor.invite': [doneEvent('invite', undefined)],
    REMOTE_ENDED: [
      remoteEnded('busy'),
      remoteEnded('unavailable'),
      remoteEnded('declined'),
      remoteEnded('no-answer'),
      remoteEnded('blocked'),
      remoteEnded('hung-up', SERVER_SECONDS),
      remoteEnded('lost', SERVER_SECONDS),
    ],
    REMOTE_MEDIA: [
      { type: 'REMOTE_MEDIA', muted: true, cameraOff: false },
      { type: 'REMOTE_MEDIA', muted: false, cameraOff: true },
    ],
  },
  filterEvents: (snapshot, event) => {
    const { media, muted, elapsedSeconds, remoteMuted, remoteCameraOff } = snapshot.context;
    if (over(snapshot)) return afterTheEnd(event);
    // Once the other side's mute or camera showed, the call is only ended.
    if (remoteMuted || remoteCameraOff) return event.type === 'END';
    // A call that started other than with both cameras, or was muted while ringing, only goes straight through.
    const plain = media === null || (media.cameraCount === 2 && !muted);
    if (!plain) return ['xstate.done.actor.invite', 'ANSWERED', 'LINK_CONNECTED', 'END'].includes(event.type) && !(event.type === 'END' && !joined(snapshot, 'connected'));
    const reason = event.type === 'REMOTE_ENDED' ? (event.reason as CallEndReason) : null;
    switch (event.type) {
      case 'REMOTE_ENDED':
        // Each end where the server can send it: refusals at once, declines and no answer while ringing, a block while
        // connecting, a hang-up once connected, a loss while reconnecting.
        if (inCall(snapshot, 'inviting') || inCall(snapshot, 'calling')) return reason === 'busy' || reason === 'unavailable';
        if (inCall(snapshot, 'ringing')) return reason === 'declined' || reason === 'no-answer';
        if (joined(snapshot, 'connecting')) return reason === 'blocked';
        if (joined(snapshot, 'connected')) return reason === 'hung-up' && elapsedSeconds === 2;
        return joined(snapshot, 'reconnecting') && reason === 'lost';
      case 'TOGGLE_MUTE':
        // Muting before the answer is kept, and told to the other side once connected.
        return inCall(snapshot, 'ringing');
      case 'TOGGLE_CAMERA':
      case 'SWITCH_CAMERA':
        return false;
      case 'REMOTE_MEDIA':
        return joined(snapshot, 'connected') && elapsedSeconds === 0 && !remoteMuted && !remoteCameraOff;
      case 'LINK_INTERRUPTED':
        return joined(snapshot, 'connecting') || joined(snapshot, 'reconnecting') || elapsedSeconds === 1;
      default:
        if (isTimer(event, 'TICK')) return elapsedSeconds < 2;
        return true;
    }
  },
});

/** The callee: the media, answering, the answer refused (taken in another tab, over), the caller giving up, a short call. */
export const calleeModel = createModel(videoCallMachine, {
  ...shared,
  input: INPUTS.callee,
  events: {
    ...mediaEvents,
    'xstate.error.actor.startMedia': [errorEvent('startMedia', denied)],
    'xstate.done.actor.answer': [doneEvent('answer', undefined)],
    'xstate.error.actor.answer': [TAKEN_ELSEWHERE, CALL_GONE].map((error) => errorEvent('answer', error)),
    REMOTE_ENDED: [remoteEnded('cancelled'), remoteEnded('hung-up', SERVER_SECONDS)],
  },
  filterEvents: (snapshot, event) => {
    const { media, elapsedSeconds } = snapshot.context;
    if (over(snapshot)) return afterTheEnd(event);
    if (media?.hasVideo === false) return ['xstate.done.actor.answer', 'END'].includes(event.type);
    switch (event.type) {
      case 'REMOTE_ENDED':
        return inCall(snapshot, 'answering') ? event.reason === 'cancelled' : joined(snapshot, 'connected') && event.reason === 'hung-up';
      case 'ANSWERED':
        // Its own answer's news, or another tab's: this tab waits for its answer's result either way.
        return inCall(snapshot, 'answering');
      case 'TOGGLE_MUTE':
      case 'TOGGLE_CAMERA':
      case 'SWITCH_CAMERA':
      case 'REMOTE_MEDIA':
      case 'LINK_INTERRUPTED':
        return false;
      default:
        if (isTimer(event, 'TICK')) return elapsedSeconds < 1;
        return true;
    }
  },
});

/** A demo call: the camera variants, every in-call control, the timer to the first quality reading, the ending. */
export const demoModel = createModel(videoCallMachine, {
  ...shared,
  input: INPUTS.demo,
  events: {
    ...mediaEvents,
    'xstate.done.actor.startMedia': [doneEvent('startMedia', TWO_CAMERAS), doneEvent('startMedia', ONE_CAMERA)],
    'xstate.error.actor.startMedia': [errorEvent('startMedia', denied)],
    'xstate.done.actor.measureQuality': [doneEvent('measureQuality', 'fair'), doneEvent('measureQuality', 'poor')],
    'xstate.error.actor.measureQuality': [errorEvent('measureQuality', new Error('No statistics'))],
    'xstate.done.actor.switchCamera': [doneEvent('switchCamera', undefined)],
    'xstate.error.actor.switchCamera': [errorEvent('switchCamera', new Error('Camera busy'))],
  },
  filterEvents: (snapshot, event) => {
    const { media, muted, cameraOff, cameraIndex, elapsedSeconds } = snapshot.context;
    const untouched = !muted && !cameraOff && cameraIndex === 0;
    const fullCall = media?.cameraCount === 2;
    const switching = snapshot.matches({ call: { joined: { connected: { camera: 'switching' } } } });
    if (over(snapshot)) return afterTheEnd(event) && (untouched || event.type !== 'REVIEW');
    // Nobody on the other end of a demo call: the server and the connection say nothing.
    if (event.type in FROM_SIGNALS || LINK_EVENTS.includes(event.type)) return false;
    if (isTimer(event, 'TICK')) return fullCall && untouched && !switching && elapsedSeconds < 10;
    switch (event.type) {
      case 'TOGGLE_MUTE':
        return elapsedSeconds === 0 && !switching && (fullCall || !media?.hasVideo) && cameraIndex === 0;
      case 'TOGGLE_CAMERA':
        return elapsedSeconds === 0 && !switching && cameraIndex === 0 && (fullCall || !media?.hasVideo);
      case 'SWITCH_CAMERA':
        return elapsedSeconds === 0 && !muted && !cameraOff && media?.hasVideo === true;
      case 'END':
        return !switching && (elapsedSeconds === 0 || elapsedSeconds === 10 || !untouched);
      default:
        return true;
    }
  },
});

export const VIDEO_CALL_MODELS = [
  { name: 'caller', model: callerModel, input: INPUTS.caller },
  { name: 'callee', model: calleeModel, input: INPUTS.callee },
  { name: 'demo call', model: demoModel, input: INPUTS.demo },
] as const;
