import type { MediaDevicesSource } from '../../../../src/features/media/local-media';

/** A stand-in MediaStreamTrack: what the screens toggle and stop. */
export class FakeTrack {
  enabled = true;
  readyState: 'live' | 'ended' = 'live';
  constructor(
    readonly kind: 'audio' | 'video',
    readonly deviceId: string,
  ) {}
  stop(): void {
    this.readyState = 'ended';
  }
  getSettings(): { deviceId: string } {
    return { deviceId: this.deviceId };
  }
}

export class FakeStream {
  constructor(private tracks: FakeTrack[]) {}
  getTracks(): FakeTrack[] {
    return [...this.tracks];
  }
  getVideoTracks(): FakeTrack[] {
    return this.tracks.filter((track) => track.kind === 'video');
  }
  getAudioTracks(): FakeTrack[] {
    return this.tracks.filter((track) => track.kind === 'audio');
  }
  addTrack(track: FakeTrack): void {
    this.tracks.push(track);
  }
  removeTrack(track: FakeTrack): void {
    this.tracks = this.tracks.filter((candidate) => candidate !== track);
  }
}

export interface FakeDevicesOptions {
  cameras?: string[];
  /** getUserMedia rejects with this when video is asked for. */
  videoError?: DOMException;
  /** getUserMedia rejects with this for audio-only requests too. */
  audioError?: DOMException;
}

/**
 * navigator.mediaDevices over fake cameras and one microphone; every track
 * made is kept for inspection. `options` stays live: clearing an error later
 * is the user allowing access in the browser's settings.
 */
export function fakeMediaDevices(options: FakeDevicesOptions = {}) {
  const cameras = options.cameras ?? ['front-camera'];
  const created: FakeTrack[] = [];
  const requests: MediaStreamConstraints[] = [];
  const make = (kind: 'audio' | 'video', deviceId: string) => {
    const track = new FakeTrack(kind, deviceId);
    created.push(track);
    return track;
  };
  const devices: MediaDevicesSource = {
    getUserMedia: (constraints) => {
      requests.push(constraints);
      if (constraints.video && options.videoError) return Promise.reject(options.videoError);
      if (!constraints.video && options.audioError) return Promise.reject(options.audioError);
      const video = constraints.video;
      const wanted = typeof video === 'object' ? (video.deviceId as { exact: string }).exact : cameras[0];
      const tracks: FakeTrack[] = [];
      if (video && wanted) tracks.push(make('video', wanted));
      if (constraints.audio) tracks.push(make('audio', 'microphone'));
      return Promise.resolve(new FakeStream(tracks) as unknown as MediaStream);
    },
    enumerateDevices: () =>
      Promise.resolve(
        [...cameras.map((deviceId) => ({ kind: 'videoinput', deviceId, label: deviceId })), { kind: 'audioinput', deviceId: 'microphone', label: 'Microphone' }].map(
          (device) => ({ ...device, groupId: '', toJSON: () => device }) as MediaDeviceInfo,
        ),
      ),
  };
  return { devices, created, requests, options, live: () => created.filter((track) => track.readyState === 'live') };
}

/** Installs fake devices as navigator.mediaDevices; returns the undo. */
export function installMediaDevices(devices: MediaDevicesSource): () => void {
  Object.defineProperty(navigator, 'mediaDevices', { value: devices, configurable: true });
  return () => Reflect.deleteProperty(navigator, 'mediaDevices');
}
