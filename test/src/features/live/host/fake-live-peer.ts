import type { LivePeerConnection } from '../../../../../src/features/live/host/live-peer';

/**
 * RTCPeerConnection as far as live streams use it, for jsdom (which has no
 * WebRTC): transceivers, offers and answers (a readable "SDP" naming the
 * media lines), gathering that completes a tick after the local description
 * is set (adding one candidate line), and states a test moves by hand.
 * Media never flows; real connections are the end-to-end tests' job.
 */

export class FakeTrack {
  enabled = true;
  constructor(
    readonly kind: 'audio' | 'video',
    readonly id: string,
  ) {}
}

export class FakeStream {
  private readonly tracks: FakeTrack[];
  constructor(tracks: FakeTrack[] = []) {
    this.tracks = [...tracks];
  }
  getTracks = () => [...this.tracks];
  getAudioTracks = () => this.tracks.filter((track) => track.kind === 'audio');
  getVideoTracks = () => this.tracks.filter((track) => track.kind === 'video');
  addTrack = (track: FakeTrack) => void this.tracks.push(track);
}

export interface FakePeerOptions {
  /** 'never': gathering never completes (the bound must send what there is). */
  gathering?: 'auto' | 'never';
}

export class FakeLivePeerConnection extends EventTarget {
  connectionState: RTCPeerConnectionState = 'new';
  iceConnectionState: RTCIceConnectionState = 'new';
  iceGatheringState: RTCIceGatheringState = 'new';
  localDescription: { type: RTCSdpType; sdp: string } | null = null;
  remoteDescription: { type: RTCSdpType; sdp: string } | null = null;
  readonly transceivers: Array<{ track: FakeTrack; direction: RTCRtpTransceiverDirection | undefined; streams: unknown[] }> = [];
  closed = false;

  constructor(private readonly options: FakePeerOptions = {}) {
    super();
  }

  addTransceiver(track: FakeTrack, init?: RTCRtpTransceiverInit) {
    this.transceivers.push({ track, direction: init?.direction, streams: init?.streams ?? [] });
    return {};
  }

  createOffer() {
    const lines = this.transceivers.map(({ track, direction }) => `m=${track.kind} ${direction ?? 'sendrecv'}`);
    return Promise.resolve({ type: 'offer' as const, sdp: `offer\n${lines.join('\n')}` });
  }

  createAnswer() {
    if (this.remoteDescription?.type !== 'offer') return Promise.reject(new Error('No remote offer to answer'));
    return Promise.resolve({ type: 'answer' as const, sdp: `answer to ${this.remoteDescription.sdp}` });
  }

  setLocalDescription(description: { type: RTCSdpType; sdp?: string }) {
    if (this.closed) return Promise.reject(new Error('closed'));
    this.localDescription = { type: description.type, sdp: description.sdp ?? '' };
    this.iceGatheringState = 'gathering';
    if (this.options.gathering !== 'never') {
      setTimeout(() => {
        if (this.closed || !this.localDescription) return;
        this.localDescription = { ...this.localDescription, sdp: `${this.localDescription.sdp}\na=candidate:host` };
        this.iceGatheringState = 'complete';
        this.dispatchEvent(new Event('icegatheringstatechange'));
      }, 0);
    }
    return Promise.resolve();
  }

  setRemoteDescription(description: { type: RTCSdpType; sdp?: string }) {
    if (this.closed) return Promise.reject(new Error('closed'));
    if (description.sdp === 'broken') return Promise.reject(new Error('Failed to parse SessionDescription'));
    this.remoteDescription = { type: description.type, sdp: description.sdp ?? '' };
    return Promise.resolve();
  }

  getStats() {
    return Promise.resolve(new Map());
  }

  close() {
    this.closed = true;
    this.connectionState = 'closed';
    this.iceConnectionState = 'closed';
  }

  /** What ICE and DTLS would do: moves the states and says so. */
  moveTo(state: 'connected' | 'disconnected' | 'failed') {
    this.connectionState = state;
    this.iceConnectionState = state;
    this.dispatchEvent(new Event('iceconnectionstatechange'));
    this.dispatchEvent(new Event('connectionstatechange'));
  }

  /** The forwarder's track arriving. */
  receive(track: FakeTrack, stream?: FakeStream) {
    const event = Object.assign(new Event('track'), { track, streams: stream ? [stream] : [] });
    this.dispatchEvent(event);
  }
}

/** A factory that records every connection it makes (newest last). */
export function fakePeerFactory(options: FakePeerOptions = {}) {
  const made: FakeLivePeerConnection[] = [];
  return {
    made,
    create: () => {
      const pc = new FakeLivePeerConnection(options);
      made.push(pc);
      return pc as unknown as LivePeerConnection;
    },
    latest: () => {
      const pc = made.at(-1);
      if (!pc) throw new Error('No peer connection was made');
      return pc;
    },
  };
}
