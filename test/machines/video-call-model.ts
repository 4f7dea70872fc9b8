import type { AnyEventObject } from 'xstate';
import { videoCallMachine, type CallMedia } from '../../machines/video-call.machine';
import { createModel, doneEvent, errorEvent } from '../support/model';

/**
 * The video call model: what the browser's media can answer, and the limits
 * that keep its paths few enough to walk on the real screen (controls are
 * tried as the call starts; the timer runs to its first quality check with
 * the controls untouched).
 */

export const TWO_CAMERAS: CallMedia = { hasVideo: true, hasAudio: true, cameraCount: 2 };
export const ONE_CAMERA: CallMedia = { hasVideo: true, hasAudio: true, cameraCount: 1 };
export const AUDIO_ONLY: CallMedia = { hasVideo: false, hasAudio: true, cameraCount: 0 };

const denied = new DOMException('Permission denied', 'NotAllowedError');
const missing = new DOMException('Requested device not found', 'NotFoundError');

const isTimer = (event: AnyEventObject, delay: string) => event.type.startsWith(`xstate.after.${delay}.`);

export const videoCallModel = createModel(videoCallMachine, {
  events: {
    'xstate.done.actor.startMedia': [doneEvent('startMedia', TWO_CAMERAS), doneEvent('startMedia', ONE_CAMERA)],
    'xstate.error.actor.startMedia': [errorEvent('startMedia', denied), errorEvent('startMedia', missing)],
    'xstate.done.actor.startAudio': [doneEvent('startAudio', AUDIO_ONLY)],
    'xstate.error.actor.startAudio': [errorEvent('startAudio', denied)],
    'xstate.done.actor.measureQuality': [doneEvent('measureQuality', 'fair'), doneEvent('measureQuality', 'poor')],
    'xstate.error.actor.measureQuality': [errorEvent('measureQuality', new Error('No statistics'))],
    'xstate.done.actor.switchCamera': [doneEvent('switchCamera', undefined)],
    'xstate.error.actor.switchCamera': [errorEvent('switchCamera', new Error('Camera busy'))],
  },
  describeEvent: (event) => {
    if (event.type.startsWith('xstate.after.')) return `after ${event.type.split('.')[2]}`;
    if (event.type.startsWith('xstate.done.actor.')) {
      const output: unknown = (event as { output?: unknown }).output;
      const detail = typeof output === 'string' ? ` (${output})` : output && typeof output === 'object' ? ` ${JSON.stringify(output)}` : '';
      return `${event.type.slice('xstate.done.actor.'.length)} done${detail}`;
    }
    if (event.type.startsWith('xstate.error.actor.')) {
      const name = (event as { error?: { name?: string } }).error?.name ?? 'Error';
      return `${event.type.slice('xstate.error.actor.'.length)} fails (${name})`;
    }
    return event.type;
  },
  filterEvents: (snapshot, event) => {
    const { media, muted, cameraOff, cameraIndex, elapsedSeconds } = snapshot.context;
    const untouched = !muted && !cameraOff && cameraIndex === 0;
    const fullCall = media?.cameraCount === 2;
    const switching = snapshot.matches({ call: { connected: { camera: 'switching' } } });
    if (isTimer(event, 'TICK')) return fullCall && untouched && !switching && elapsedSeconds < 10;
    switch (event.type) {
      case 'TOGGLE_MUTE':
        return elapsedSeconds === 0 && !switching && (fullCall || !media?.hasVideo) && cameraIndex === 0;
      case 'TOGGLE_CAMERA':
        return elapsedSeconds === 0 && !switching && snapshot.matches({ call: 'connected' }) && cameraIndex === 0 && (fullCall || !media?.hasVideo);
      case 'SWITCH_CAMERA':
        return elapsedSeconds === 0 && !muted && !cameraOff && media?.hasVideo === true;
      default:
        return true;
    }
  },
});
