import { fromPromise } from 'xstate';
import type { LocalMediaSession, LocalMediaSummary } from './local-media';

/**
 * The machines' media actors and effects, bound to one screen's session:
 * the call and the stream machines both take these through `.provide()`.
 */
export function createLocalMediaActors(session: LocalMediaSession) {
  return {
    startMedia: fromPromise<LocalMediaSummary, { video: boolean }>(({ input }) => session.start(input)),
    switchCamera: fromPromise<void, { cameraIndex: number }>(({ input }) => session.switchCamera(input.cameraIndex)),
  };
}

export function createLocalMediaEffects(session: LocalMediaSession) {
  return {
    setMicrophoneEnabled: (_: unknown, params: { enabled: boolean }) => session.setAudioEnabled(params.enabled),
    setCameraEnabled: (_: unknown, params: { enabled: boolean }) => session.setVideoEnabled(params.enabled),
    releaseMedia: () => session.release(),
  };
}
