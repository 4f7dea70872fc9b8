import type { PeerConnection, LocalMediaSource } from '../../../../src/features/calls/call-link';

/**
 * RTCPeerConnection's negotiation as far as call-link.ts uses it, for jsdom
 * (which has no WebRTC): offers and answers (a JSON "SDP" listing the media
 * lines and the ICE username fragment), implicit rollback, transceivers
 * reused by addTrack, negotiationneeded when stable and something changed,
 * one candidate per ICE generation, and addIceCandidate's failures (no
 * remote description, a stale username fragment). Media never flows: a test
 * says when ICE connects or drops. Two real peer connections are the
 * end-to-end tests' job (Chromium).
 */

type Direction = 'sendrecv' | 'sendonly' | 'recvonly' | 'inactive';
type Kind = 'audio' | 'video';

interface FakeSdp {
  from: string;
  ufrag: string;
  media: Array<{ mid: string; kind: Kind; direction: Direction }>;
}

export class FakeTrack {
  enabled = true;
  constructor(
    readonly kind: Kind,
    readonly id: string,
  ) {}
}

export class FakeSender {
  readonly replaced: FakeTrack[] = [];
  constructor(public track: FakeTrack | null) {}
  replaceTrack(track: FakeTrack | null): Promise<void> {
    this.track = track;
    if (track) this.replaced.push(track);
    return Promise.resolve();
  }
}

interface FakeTransceiver {
  kind: Kind;
  mid: string | null;
  direction: Direction;
  /** The direction in the last local description; with the remote offer's when that was an answer. */
  negotiated: Direction | null;
  answeredTo: Direction | null;
  offered: Direction | null;
  sender: FakeSender;
  receiverTrack: FakeTrack;
  trackFired: boolean;
  /** The sender has been negotiated to send: addTrack no longer reuses it. */
  hasSent: boolean;
}

export class FakeStream {
  private readonly tracks: FakeTrack[];
  constructor(tracks: FakeTrack[] = []) {
    this.tracks = [...tracks];
  }
  getTracks = () => [...this.tracks];
  getAudioTracks = () => this.tracks.filter((track) => track.kind === 'audio');
  getVideoTracks = () => this.tracks.filter((track) => track.kind === 'video');
  addTrack = (track: FakeTrack) => {
    this.tracks.push(track);
  };
  removeTrack = (track: FakeTrack) => {
    this.tracks.splice(this.tracks.indexOf(track), 1);
  };
}

/** A LocalMediaSession stand-in: a stream whose camera a test can switch. */
export class FakeMediaSession implements LocalMediaSource {
  private view: { stream: MediaStream | null; version: number };
  private readonly listeners = new Set<() => void>();
  constructor(readonly stream: FakeStream) {
    this.view = { stream: stream as unknown as MediaStream, version: 1 };
  }
  getView = () => this.view;
  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  switchCamera(next: FakeTrack): void {
    for (const track of this.stream.getVideoTracks()) this.stream.removeTrack(track);
    this.stream.addTrack(next);
    this.view = { stream: this.view.stream, version: this.view.version + 1 };
    for (const listener of this.listeners) listener();
  }
}

export function cameraAndMicrophone(owner: string): FakeMediaSession {
  return new FakeMediaSession(new FakeStream([new FakeTrack('audio', `${owner}-mic`), new FakeTrack('video', `${owner}-camera`)]));
}

const sends = (direction: Direction) => direction === 'sendrecv' || direction === 'sendonly';
const receives = (direction: Direction) => direction === 'sendrecv' || direction === 'recvonly';
const reverse = (direction: Direction): Direction =>
  direction === 'sendonly' ? 'recvonly' : direction === 'recvonly' ? 'sendonly' : direction;
const intersect = (local: Direction, remoteReversed: Direction): Direction => {
  const send = sends(local) && sends(remoteReversed);
  const receive = receives(local) && receives(remoteReversed);
  return send && receive ? 'sendrecv' : send ? 'sendonly' : receive ? 'recvonly' : 'inactive';
};

function domError(name: string, message: string): Error {
  const error = new Error(message);
  error.name = name;
  return error;
}

type Handler = ((event: unknown) => void) | null;
const fire = (handler: unknown, event: unknown) => (handler as Handler)?.(event);

export class FakePeerConnection {
  signalingState: RTCSignalingState = 'stable';
  connectionState: RTCPeerConnectionState = 'new';
  iceConnectionState: RTCIceConnectionState = 'new';
  onnegotiationneeded: PeerConnection['onnegotiationneeded'] = null;
  onicecandidate: PeerConnection['onicecandidate'] = null;
  ontrack: PeerConnection['ontrack'] = null;
  onconnectionstatechange: PeerConnection['onconnectionstatechange'] = null;
  oniceconnectionstatechange: PeerConnection['oniceconnectionstatechange'] = null;

  /** What a test looks at. */
  readonly transceivers: FakeTransceiver[] = [];
  readonly addedCandidates: RTCIceCandidateInit[] = [];
  readonly sentOffers: FakeSdp[] = [];
  rollbacks = 0;
  closed = false;
  stats: ReadonlyMap<string, unknown> = new Map();

  private pendingLocal: RTCSessionDescriptionInit | null = null;
  private currentLocal: RTCSessionDescriptionInit | null = null;
  private pendingRemote: RTCSessionDescriptionInit | null = null;
  private currentRemote: RTCSessionDescriptionInit | null = null;
  private iceGeneration = 1;
  private restartPending = false;
  private negotiationNeeded = false;
  private gathered = new Set<string>();
  private remoteUfrag: string | null = null;
  private nextMid = 0;

  constructor(
    readonly name: string,
    readonly configuration: RTCConfiguration,
  ) {}

  get localDescription() {
    return (this.pendingLocal ?? this.currentLocal) as RTCSessionDescription | null;
  }
  get remoteDescription() {
    return (this.pendingRemote ?? this.currentRemote) as RTCSessionDescription | null;
  }
  get ufrag() {
    return `${this.name}-u${this.iceGeneration}`;
  }

  addTrack(track: FakeTrack, _stream: unknown): FakeSender {
    const reusable = this.transceivers.find((entry) => entry.kind === track.kind && !entry.sender.track && !entry.hasSent);
    if (reusable) {
      reusable.sender.track = track;
      reusable.direction = reusable.direction === 'recvonly' ? 'sendrecv' : reusable.direction === 'inactive' ? 'sendonly' : reusable.direction;
      this.checkNegotiation();
      return reusable.sender;
    }
    const transceiver = this.newTransceiver(track.kind, 'sendrecv', track);
    this.checkNegotiation();
    return transceiver.sender;
  }

  addTransceiver(kind: Kind, init?: { direction?: Direction }) {
    const transceiver = this.newTransceiver(kind, init?.direction ?? 'sendrecv', null);
    this.checkNegotiation();
    return transceiver;
  }

  getSenders(): FakeSender[] {
    return this.transceivers.map((entry) => entry.sender);
  }

  restartIce(): void {
    this.restartPending = true;
    this.checkNegotiation();
  }

  async setLocalDescription(description?: RTCSessionDescriptionInit): Promise<void> {
    await Promise.resolve();
    this.assertOpen();
    if (description?.type === 'rollback') {
      if (this.signalingState !== 'have-local-offer') throw domError('InvalidStateError', 'Nothing to roll back');
      this.rollBack();
      return;
    }
    if (this.signalingState === 'stable' || this.signalingState === 'have-local-offer') {
      if (this.restartPending) {
        this.iceGeneration += 1;
        this.restartPending = false;
      }
      for (const transceiver of this.transceivers) {
        transceiver.mid ??= String(this.nextMid++);
        transceiver.offered = transceiver.direction;
      }
      const sdp: FakeSdp = {
        from: this.name,
        ufrag: this.ufrag,
        media: this.transceivers.map((entry) => ({ mid: entry.mid ?? '', kind: entry.kind, direction: entry.direction })),
      };
      this.sentOffers.push(sdp);
      this.pendingLocal = { type: 'offer', sdp: JSON.stringify(sdp) };
      this.signalingState = 'have-local-offer';
      this.negotiationNeeded = false;
      this.gather();
      return;
    }
    if (this.signalingState === 'have-remote-offer') {
      const offer = JSON.parse(this.pendingRemote?.sdp ?? '{}') as FakeSdp;
      const media = offer.media.map((line) => {
        const transceiver = this.transceivers.find((entry) => entry.mid === line.mid);
        const direction = transceiver ? intersect(transceiver.direction, reverse(line.direction)) : 'inactive';
        if (transceiver) this.settle(transceiver, direction, direction, line.direction);
        return { mid: line.mid, kind: line.kind, direction };
      });
      const sdp: FakeSdp = { from: this.name, ufrag: this.ufrag, media };
      this.currentLocal = { type: 'answer', sdp: JSON.stringify(sdp) };
      this.currentRemote = this.pendingRemote;
      this.pendingRemote = null;
      this.signalingState = 'stable';
      this.gather();
      this.checkNegotiation();
      return;
    }
    throw domError('InvalidStateError', `Cannot set a local description in ${this.signalingState}`);
  }

  async setRemoteDescription(description: RTCSessionDescriptionInit): Promise<void> {
    await Promise.resolve();
    this.assertOpen();
    const sdp = JSON.parse(description.sdp ?? '{}') as FakeSdp;
    if (description.type === 'offer') {
      // Implicit rollback: an offer of our own gives way to theirs.
      if (this.signalingState === 'have-local-offer') this.rollBack();
      if (this.remoteUfrag !== null && sdp.ufrag !== this.remoteUfrag) {
        // They restarted ICE: the answer restarts too.
        this.iceGeneration += 1;
        this.restartPending = false;
      }
      for (const line of sdp.media) {
        let transceiver =
          this.transceivers.find((entry) => entry.mid === line.mid) ?? this.transceivers.find((entry) => entry.kind === line.kind && entry.mid === null);
        transceiver ??= this.newTransceiver(line.kind, 'recvonly', null);
        transceiver.mid = line.mid;
        if (sends(line.direction)) this.fireTrack(transceiver);
      }
      this.pendingRemote = description;
      this.remoteUfrag = sdp.ufrag;
      this.signalingState = 'have-remote-offer';
      return;
    }
    if (description.type === 'answer') {
      if (this.signalingState !== 'have-local-offer') throw domError('InvalidStateError', `Cannot take an answer in ${this.signalingState}`);
      for (const line of sdp.media) {
        const transceiver = this.transceivers.find((entry) => entry.mid === line.mid);
        if (!transceiver) continue;
        this.settle(transceiver, transceiver.offered ?? transceiver.direction, reverse(line.direction), null);
        if (sends(line.direction)) this.fireTrack(transceiver);
      }
      this.currentLocal = this.pendingLocal;
      this.pendingLocal = null;
      this.currentRemote = description;
      this.remoteUfrag = sdp.ufrag;
      this.signalingState = 'stable';
      this.checkNegotiation();
      return;
    }
    throw domError('InvalidStateError', `Unexpected description ${description.type}`);
  }

  async addIceCandidate(candidate: RTCIceCandidateInit): Promise<void> {
    await Promise.resolve();
    this.assertOpen();
    if (!this.remoteDescription) throw domError('InvalidStateError', 'No remote description');
    if (candidate.usernameFragment && candidate.usernameFragment !== this.remoteUfrag) throw domError('OperationError', 'Unknown ufrag');
    this.addedCandidates.push(candidate);
  }

  getStats(): Promise<ReadonlyMap<string, unknown>> {
    return Promise.resolve(this.stats);
  }

  close(): void {
    this.closed = true;
    this.signalingState = 'closed';
    this.connectionState = 'closed';
    this.iceConnectionState = 'closed';
  }

  /** What the ICE agent would report: both states change, each with its event. */
  reach(state: 'connected' | 'disconnected' | 'failed' | 'checking'): void {
    this.iceConnectionState = state;
    fire(this.oniceconnectionstatechange, new Event('iceconnectionstatechange'));
    this.connectionState = state === 'checking' ? 'connecting' : state;
    fire(this.onconnectionstatechange, new Event('connectionstatechange'));
  }

  /** The remote tracks the `track` events carried. */
  receivedKinds(): Kind[] {
    return this.transceivers.filter((entry) => entry.trackFired).map((entry) => entry.kind);
  }

  private newTransceiver(kind: Kind, direction: Direction, track: FakeTrack | null): FakeTransceiver {
    const transceiver: FakeTransceiver = {
      kind,
      mid: null,
      direction,
      negotiated: null,
      answeredTo: null,
      offered: null,
      sender: new FakeSender(track),
      receiverTrack: new FakeTrack(kind, `${this.name}-remote-${kind}-${this.transceivers.length}`),
      trackFired: false,
      hasSent: false,
    };
    this.transceivers.push(transceiver);
    return transceiver;
  }

  private settle(transceiver: FakeTransceiver, local: Direction, current: Direction, answeredTo: Direction | null): void {
    transceiver.negotiated = local;
    transceiver.answeredTo = answeredTo;
    if (sends(current)) transceiver.hasSent = true;
  }

  private fireTrack(transceiver: FakeTransceiver): void {
    if (transceiver.trackFired) return;
    transceiver.trackFired = true;
    fire(this.ontrack, { track: transceiver.receiverTrack, streams: [], transceiver });
  }

  private rollBack(): void {
    this.rollbacks += 1;
    this.pendingLocal = null;
    this.signalingState = 'stable';
  }

  private needsNegotiation(): boolean {
    // The spec's check: an answer is compared with what the offer allowed.
    const wanted = (entry: FakeTransceiver) => (entry.answeredTo ? intersect(entry.direction, reverse(entry.answeredTo)) : entry.direction);
    return this.restartPending || this.transceivers.some((entry) => entry.mid === null || entry.negotiated !== wanted(entry));
  }

  /** Like the browser: after the current task, and only when stable. */
  private checkNegotiation(): void {
    setTimeout(() => {
      if (this.closed || this.signalingState !== 'stable') return;
      if (!this.needsNegotiation()) {
        this.negotiationNeeded = false;
        return;
      }
      if (this.negotiationNeeded) return;
      this.negotiationNeeded = true;
      fire(this.onnegotiationneeded, new Event('negotiationneeded'));
    }, 0);
  }

  private gather(): void {
    const ufrag = this.ufrag;
    if (this.gathered.has(ufrag)) return;
    this.gathered.add(ufrag);
    setTimeout(() => {
      if (this.closed) return;
      fire(this.onicecandidate, { candidate: { candidate: `candidate:1 1 udp 2122260223 127.0.0.1 5000${this.iceGeneration} typ host`, sdpMid: '0', sdpMLineIndex: 0, usernameFragment: ufrag } });
      fire(this.onicecandidate, { candidate: null });
    }, 0);
  }

  private assertOpen(): void {
    if (this.closed) throw domError('InvalidStateError', 'Closed');
  }
}

/** Lets every queued task and promise run (negotiation, candidates, relays). */
export async function settle(rounds = 30): Promise<void> {
  for (let round = 0; round < rounds; round += 1) await new Promise((resolve) => setTimeout(resolve, 0));
}
