/**
 * The local camera and microphone of one screen (a call or a stream), behind
 * the few operations the machines ask for. The machines never see a
 * MediaStream: they get a summary, and toggle or release through this.
 */

export type MediaAccessKind = 'denied' | 'missing' | 'unavailable';

/** A getUserMedia failure already read as one of three kinds (the machines read `kind`). */
export class MediaAccessError extends Error {
  constructor(
    readonly kind: MediaAccessKind,
    message: string,
  ) {
    super(message);
    this.name = 'MediaAccessError';
  }
}

/** The part of `navigator.mediaDevices` this uses, so tests can hand in their own. */
export interface MediaDevicesSource {
  getUserMedia(constraints: MediaStreamConstraints): Promise<MediaStream>;
  enumerateDevices(): Promise<MediaDeviceInfo[]>;
}

export interface LocalMediaSummary {
  hasVideo: boolean;
  hasAudio: boolean;
  cameraCount: number;
}

export interface LocalMediaView {
  stream: MediaStream | null;
  /** Changes whenever the tracks do, so a <video> knows to re-read them. */
  version: number;
}

function stopTracks(stream: MediaStream): void {
  for (const track of stream.getTracks()) track.stop();
}

function browserMediaDevices(): MediaDevicesSource | undefined {
  // `mediaDevices` is missing outside secure contexts and in old browsers.
  return typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
}

export class LocalMediaSession {
  private view: LocalMediaView = { stream: null, version: 0 };
  private cameras: MediaDeviceInfo[] = [];
  private active = true;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly devices: MediaDevicesSource | undefined = browserMediaDevices()) {}

  /** For useSyncExternalStore: the stream to show. */
  readonly getView = (): LocalMediaView => this.view;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The screen is (again) on the page; streams that arrive from now on are kept. */
  activate(): void {
    this.active = true;
  }

  async start({ video }: { video: boolean }): Promise<LocalMediaSummary> {
    const devices = this.devices;
    if (!devices?.getUserMedia) {
      throw new MediaAccessError('unavailable', 'This browser cannot use a camera or microphone on this page.');
    }
    const stream = await devices.getUserMedia({ video, audio: true });
    if (!this.active) {
      // The screen was left while the browser was asking: nothing may keep running.
      stopTracks(stream);
      throw new MediaAccessError('unavailable', 'The screen was closed before the camera started.');
    }
    this.replaceStream(stream);
    this.cameras = video ? await this.listCameras(stream) : [];
    return {
      hasVideo: stream.getVideoTracks().length > 0,
      hasAudio: stream.getAudioTracks().length > 0,
      cameraCount: Math.max(this.cameras.length, stream.getVideoTracks().length > 0 ? 1 : 0),
    };
  }

  /** Opens camera number `cameraIndex` (0 is the one in use at start) in place of the current one. */
  async switchCamera(cameraIndex: number): Promise<void> {
    const camera = this.cameras[cameraIndex];
    const stream = this.view.stream;
    if (!camera || !stream || !this.devices) throw new MediaAccessError('missing', 'That camera is not available.');
    const next = await this.devices.getUserMedia({ video: { deviceId: { exact: camera.deviceId } } });
    const [nextTrack] = next.getVideoTracks();
    if (!this.active || this.view.stream !== stream || !nextTrack) {
      stopTracks(next);
      throw new MediaAccessError('unavailable', 'The camera could not be switched.');
    }
    const previous = stream.getVideoTracks();
    // Camera off stays off on the new camera.
    nextTrack.enabled = previous.every((track) => track.enabled);
    for (const track of previous) {
      stream.removeTrack(track);
      track.stop();
    }
    stream.addTrack(nextTrack);
    this.publish(stream);
  }

  setAudioEnabled(enabled: boolean): void {
    for (const track of this.view.stream?.getAudioTracks() ?? []) track.enabled = enabled;
  }

  setVideoEnabled(enabled: boolean): void {
    for (const track of this.view.stream?.getVideoTracks() ?? []) track.enabled = enabled;
    this.publish(this.view.stream);
  }

  /** Stops every track; later arrivals are stopped too until `activate()`. */
  release(): void {
    this.active = false;
    if (this.view.stream) stopTracks(this.view.stream);
    this.publish(null);
  }

  private replaceStream(stream: MediaStream): void {
    if (this.view.stream && this.view.stream !== stream) stopTracks(this.view.stream);
    this.publish(stream);
  }

  private publish(stream: MediaStream | null): void {
    this.view = { stream, version: this.view.version + 1 };
    for (const listener of this.listeners) listener();
  }

  /** Video inputs, the one `stream` uses first, so index 0 is the current camera. */
  private async listCameras(stream: MediaStream): Promise<MediaDeviceInfo[]> {
    const inUse = stream.getVideoTracks()[0]?.getSettings().deviceId;
    let inputs: MediaDeviceInfo[];
    try {
      inputs = (await this.devices?.enumerateDevices())?.filter((device) => device.kind === 'videoinput') ?? [];
    } catch {
      return [];
    }
    return [...inputs.filter((device) => device.deviceId === inUse), ...inputs.filter((device) => device.deviceId !== inUse)];
  }
}
