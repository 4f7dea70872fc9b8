import type { AnyEventObject } from 'xstate';
import type { CallEndReason } from '../../../contract/calls';
import type { CallMedia, CallQuality, MediaProblem } from '../../../machines/calls/video-call.machine';

/**
 * The video call written out independently of the machine (issue 38, SPEC's
 * call screen, docs/VIDEO-CALLS.md): given who this tab is and the events of
 * a path, where the call must be, what the screen has to show, and which
 * effects the browser and the server must have seen.
 */

export type CallPhase =
  | 'startingMedia'
  | 'mediaBlocked'
  | 'startingAudio'
  | 'inviting'
  | 'calling'
  | 'ringing'
  | 'answering'
  | 'demoConnecting'
  | 'connecting'
  | 'connected'
  | 'reconnecting'
  | 'ended'
  | 'reviewing'
  | 'left';

export type CallEffect =
  | ['microphone', boolean]
  | ['camera', boolean]
  | ['release']
  | ['leave']
  /** call:hangup, and why. */
  | ['hangUp', 'hung-up' | 'lost']
  /** Told to the peer connection. */
  | ['restartIce']
  | ['mediaState', { muted: boolean; cameraOff: boolean }];

export interface CallSetup {
  role: 'caller' | 'callee';
  demo: boolean;
}

export interface ExpectedCall {
  phase: CallPhase;
  media: CallMedia | null;
  problem: MediaProblem | null;
  muted: boolean;
  cameraOff: boolean;
  cameraIndex: number;
  switching: boolean;
  measuring: boolean;
  elapsedSeconds: number;
  quality: CallQuality;
  remoteMuted: boolean;
  remoteCameraOff: boolean;
  endReason: CallEndReason | null;
  refusal: string | null;
  seconds: number | null;
  effects: CallEffect[];
}

/** What the ended screen says when the server's refusal carries no message. */
export const REFUSAL_FALLBACK = 'The call could not be started';

/** Issue 38: quality every 10 s of connected time; the timer counts seconds. */
const QUALITY_EVERY_SECONDS = 10;

const PRE_MEDIA: readonly CallPhase[] = ['startingMedia', 'mediaBlocked', 'startingAudio'];
const BEFORE_ANSWER: readonly CallPhase[] = ['inviting', 'calling', 'ringing'];
const JOINED: readonly CallPhase[] = ['connecting', 'connected', 'reconnecting'];
const IN_CALL: readonly CallPhase[] = [...BEFORE_ANSWER, 'answering', 'demoConnecting', ...JOINED];
const OVER: readonly CallPhase[] = ['ended', 'reviewing', 'left'];

/** getUserMedia's error names, as the screen's messages need them told apart. */
function kindOf(error: unknown): MediaProblem['kind'] {
  const name = (error as { name?: string }).name;
  if (name === 'NotAllowedError') return 'denied';
  if (name === 'NotFoundError') return 'missing';
  return 'unavailable';
}

function refusalOf(error: unknown): string {
  const message = (error as { message?: unknown }).message;
  return typeof message === 'string' && message !== '' ? message : REFUSAL_FALLBACK;
}

const timerOf = (type: string) => (type.startsWith('xstate.after.') ? type.split('.')[2] : null);

export function expectedCall(setup: CallSetup, events: readonly AnyEventObject[]): ExpectedCall {
  const call: ExpectedCall = {
    phase: 'startingMedia',
    media: null,
    problem: null,
    muted: false,
    cameraOff: false,
    cameraIndex: 0,
    switching: false,
    measuring: false,
    elapsedSeconds: 0,
    quality: 'good',
    remoteMuted: false,
    remoteCameraOff: false,
    endReason: null,
    refusal: null,
    seconds: null,
    effects: [],
  };
  let wasConnected = false;
  /** Connected seconds since the quality was last read (or the call connected). */
  let sinceQuality = 0;

  const real = !setup.demo;
  const end = (how: { reason?: CallEndReason | null; seconds?: number | null; refusal?: string; hangUp?: 'hung-up' | 'lost' }) => {
    if (how.hangUp) call.effects.push(['hangUp', how.hangUp]);
    call.phase = 'ended';
    call.endReason = how.reason ?? null;
    call.seconds = how.seconds === undefined ? (wasConnected ? call.elapsedSeconds : null) : how.seconds;
    call.refusal = how.refusal ?? null;
    call.switching = false;
    call.measuring = false;
    call.effects.push(['release']);
  };
  const connect = () => {
    call.phase = 'connected';
    wasConnected = true;
    sinceQuality = 0;
    call.switching = false;
    call.measuring = false;
  };
  const shareMediaState = () => call.effects.push(['mediaState', { muted: call.muted, cameraOff: call.cameraOff }]);
  const leave = () => {
    call.phase = 'left';
    call.effects.push(['leave']);
  };

  for (const event of events) {
    const { type } = event;
    const timer = timerOf(type);
    if (type === 'xstate.init') continue;

    if (type === 'xstate.done.actor.startMedia' || type === 'xstate.done.actor.startAudio') {
      call.media = event.output as CallMedia;
      call.problem = null;
      call.phase = setup.demo ? 'demoConnecting' : setup.role === 'caller' ? 'inviting' : 'answering';
    } else if (type === 'xstate.error.actor.startMedia' || type === 'xstate.error.actor.startAudio') {
      call.problem = { device: type.endsWith('startMedia') ? 'camera' : 'microphone', kind: kindOf(event.error) };
      call.phase = 'mediaBlocked';
    } else if (type === 'CONTINUE_AUDIO_ONLY') {
      if (call.phase === 'mediaBlocked' && call.problem?.device === 'camera') call.phase = 'startingAudio';
    } else if (type === 'END') {
      if (PRE_MEDIA.includes(call.phase)) {
        // Only a callee's call is already ringing on the server; a caller has invited nobody yet.
        if (real && setup.role === 'callee') end({ reason: 'hung-up', hangUp: 'hung-up' });
        else end({ reason: 'cancelled' });
      } else if (BEFORE_ANSWER.includes(call.phase)) end({ reason: 'cancelled', hangUp: 'hung-up' });
      else if (IN_CALL.includes(call.phase)) end({ reason: 'hung-up', ...(real && { hangUp: 'hung-up' as const }) });
    } else if (type === 'xstate.done.actor.invite') {
      call.phase = 'calling';
    } else if (type === 'xstate.error.actor.invite' || type === 'xstate.error.actor.answer') {
      end({ refusal: refusalOf(event.error), seconds: null });
    } else if (type === 'xstate.done.actor.answer') {
      call.phase = 'connecting';
    } else if (type === 'RINGING') {
      if (call.phase === 'inviting' || call.phase === 'calling') call.phase = 'ringing';
    } else if (type === 'ANSWERED') {
      // The callee's own tab waits for its answer's result (another tab may have answered).
      if (BEFORE_ANSWER.includes(call.phase)) call.phase = 'connecting';
    } else if (type === 'REMOTE_ENDED') {
      if (IN_CALL.includes(call.phase)) end({ reason: event.reason as CallEndReason, seconds: event.seconds as number | null });
    } else if (type === 'LINK_CONNECTED') {
      if (call.phase === 'connecting' || call.phase === 'reconnecting') {
        connect();
        shareMediaState();
      }
    } else if (type === 'LINK_INTERRUPTED') {
      if (call.phase === 'connected') call.phase = 'reconnecting';
      if (JOINED.includes(call.phase)) call.effects.push(['restartIce']);
    } else if (type === 'REMOTE_MEDIA') {
      if (JOINED.includes(call.phase)) {
        call.remoteMuted = event.muted as boolean;
        call.remoteCameraOff = event.cameraOff as boolean;
      }
    } else if (type === 'TOGGLE_MUTE') {
      if (!IN_CALL.includes(call.phase)) continue;
      call.muted = !call.muted;
      call.effects.push(['microphone', !call.muted]);
      if (JOINED.includes(call.phase)) shareMediaState();
    } else if (type === 'TOGGLE_CAMERA') {
      if (!IN_CALL.includes(call.phase) || !call.media?.hasVideo) continue;
      call.cameraOff = !call.cameraOff;
      call.effects.push(['camera', !call.cameraOff]);
      if (JOINED.includes(call.phase)) shareMediaState();
    } else if (type === 'SWITCH_CAMERA') {
      if (call.phase === 'connected' && !call.switching && call.media?.hasVideo && call.media.cameraCount > 1) call.switching = true;
    } else if (type === 'xstate.done.actor.switchCamera') {
      call.switching = false;
      call.cameraIndex = (call.cameraIndex + 1) % (call.media?.cameraCount ?? 1);
    } else if (type === 'xstate.error.actor.switchCamera') {
      call.switching = false;
    } else if (type === 'xstate.done.actor.measureQuality') {
      call.quality = event.output as CallQuality;
      call.measuring = false;
      sinceQuality = 0;
    } else if (type === 'xstate.error.actor.measureQuality') {
      call.measuring = false;
      sinceQuality = 0;
    } else if (type === 'REVIEW') {
      if (call.phase === 'ended') call.phase = 'reviewing';
    } else if (type === 'LEAVE') {
      if (call.phase === 'ended' || call.phase === 'reviewing') leave();
    } else if (timer === 'TICK') {
      call.elapsedSeconds += 1;
      if (!call.measuring) sinceQuality += 1;
      // The quality is read again every 10 connected seconds (its own timer fires with the tenth second).
      if (sinceQuality === QUALITY_EVERY_SECONDS) call.measuring = true;
    } else if (timer === 'QUALITY_REFRESH') {
      // Told apart from the seconds above: measuring follows from the seconds counted, not from this timer.
    } else if (timer === 'CONNECT_DELAY') {
      if (call.phase === 'demoConnecting') connect();
    } else if (timer === 'RING_LIMIT') {
      if (call.phase === 'calling' || call.phase === 'ringing') end({ reason: 'no-answer', hangUp: 'hung-up' });
    } else if (timer === 'CONNECT_LIMIT') {
      if (call.phase === 'connecting') end({ reason: 'lost', hangUp: 'lost' });
    } else if (timer === 'RECONNECT_GRACE') {
      if (call.phase === 'reconnecting') end({ reason: 'lost', hangUp: 'lost' });
    } else if (timer === 'END_REDIRECT_DELAY') {
      if (call.phase === 'ended') leave();
    } else {
      throw new Error(`No expectation for ${type}`);
    }
    if (OVER.includes(call.phase)) {
      call.switching = false;
      call.measuring = false;
    }
  }
  return call;
}
