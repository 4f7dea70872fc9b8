import type { AnyEventObject } from 'xstate';
import type { CallMedia, CallQuality, MediaProblem } from '../../machines/video-call.machine';

/**
 * SPEC's video call written out independently of the machine: given the
 * events of a path, what the call screen must show and which effects the
 * camera and microphone must have seen.
 */

export type CallPhase = 'startingMedia' | 'mediaBlocked' | 'startingAudio' | 'connecting' | 'connected' | 'ended' | 'left';

export type CallEffect = ['microphone', boolean] | ['camera', boolean] | ['release'] | ['leave'];

export interface ExpectedCall {
  phase: CallPhase;
  media: CallMedia | null;
  problem: MediaProblem | null;
  muted: boolean;
  cameraOff: boolean;
  cameraIndex: number;
  switching: boolean;
  measuring: boolean;
  /** The call got past connecting (the clock then counts from the 2 s connect delay). */
  wasConnected: boolean;
  elapsedSeconds: number;
  quality: CallQuality;
  effects: CallEffect[];
}

/** getUserMedia's error names, as SPEC's clear messages need them told apart. */
function kindOf(error: unknown): MediaProblem['kind'] {
  const name = (error as { name?: string }).name;
  if (name === 'NotAllowedError') return 'denied';
  if (name === 'NotFoundError') return 'missing';
  return 'unavailable';
}

const IN_CALL: readonly CallPhase[] = ['connecting', 'connected'];
const CAN_END: readonly CallPhase[] = ['startingMedia', 'mediaBlocked', 'startingAudio', 'connecting', 'connected'];

export function expectedCall(events: readonly AnyEventObject[]): ExpectedCall {
  const call: ExpectedCall = {
    phase: 'startingMedia',
    media: null,
    problem: null,
    muted: false,
    cameraOff: false,
    cameraIndex: 0,
    switching: false,
    measuring: false,
    wasConnected: false,
    elapsedSeconds: 0,
    quality: 'good',
    effects: [],
  };
  for (const event of events) {
    const type = event.type;
    if (type === 'xstate.init') continue;
    if (type === 'xstate.done.actor.startMedia' || type === 'xstate.done.actor.startAudio') {
      call.media = event.output as CallMedia;
      call.problem = null;
      call.phase = 'connecting';
    } else if (type === 'xstate.error.actor.startMedia' || type === 'xstate.error.actor.startAudio') {
      call.problem = { device: type.endsWith('startMedia') ? 'camera' : 'microphone', kind: kindOf(event.error) };
      call.phase = 'mediaBlocked';
    } else if (type === 'CONTINUE_AUDIO_ONLY') {
      if (call.problem?.device === 'camera') call.phase = 'startingAudio';
    } else if (type === 'END') {
      if (!CAN_END.includes(call.phase)) continue;
      call.phase = 'ended';
      call.switching = false;
      call.measuring = false;
      call.effects.push(['release']);
    } else if (type === 'TOGGLE_MUTE') {
      if (!IN_CALL.includes(call.phase)) continue;
      call.muted = !call.muted;
      call.effects.push(['microphone', !call.muted]);
    } else if (type === 'TOGGLE_CAMERA') {
      if (!IN_CALL.includes(call.phase) || !call.media?.hasVideo) continue;
      call.cameraOff = !call.cameraOff;
      call.effects.push(['camera', !call.cameraOff]);
    } else if (type === 'SWITCH_CAMERA') {
      if (call.phase === 'connected' && !call.switching && call.media?.hasVideo && call.media.cameraCount > 1) call.switching = true;
    } else if (type === 'xstate.done.actor.switchCamera') {
      call.switching = false;
      call.cameraIndex = (call.cameraIndex + 1) % (call.media?.cameraCount ?? 1);
    } else if (type === 'xstate.error.actor.switchCamera') {
      call.switching = false;
    } else if (type.startsWith('xstate.after.CONNECT_DELAY.')) {
      call.phase = 'connected';
      call.wasConnected = true;
    } else if (type.startsWith('xstate.after.TICK.')) {
      call.elapsedSeconds += 1;
    } else if (type.startsWith('xstate.after.QUALITY_REFRESH.')) {
      // SPEC: the quality label changes every 10 seconds.
      call.measuring = true;
    } else if (type === 'xstate.done.actor.measureQuality') {
      call.quality = event.output as CallQuality;
      call.measuring = false;
    } else if (type === 'xstate.error.actor.measureQuality') {
      call.measuring = false;
    } else if (type.startsWith('xstate.after.END_REDIRECT_DELAY.')) {
      call.phase = 'left';
      // Leaving unmounts the screen, which releases the (already stopped) media once more.
      call.effects.push(['leave'], ['release']);
    } else {
      throw new Error(`No expectation for ${type}`);
    }
  }
  return call;
}

/** SPEC: mm:ss, computed here without the app's helper. */
export function clockText(totalSeconds: number): string {
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return `${minutes < 10 ? '0' : ''}${minutes}:${seconds < 10 ? '0' : ''}${seconds}`;
}
