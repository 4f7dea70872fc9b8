import type { CallSignal } from '../../../contract/calls';
import type { CallLinkEvent } from '../../../machines/calls/video-call.machine';
import type { LocalMediaSession } from '../media/local-media';

/**
 * The RTCPeerConnection of one call, with MDN's "perfect negotiation": either
 * side may (re)negotiate at any time; when both offer at once the polite side
 * (the callee) gives its offer up and answers, the impolite side (the caller)
 * ignores the other's offer. The link knows nothing of the socket: it hands
 * its signals to `send` and takes the other side's through `receive`.
 */

/** The part of RTCPeerConnection the link uses, so tests can hand in their own. */
export type PeerConnection = Pick<
  RTCPeerConnection,
  | 'signalingState'
  | 'connectionState'
  | 'iceConnectionState'
  | 'localDescription'
  | 'remoteDescription'
  | 'setLocalDescription'
  | 'setRemoteDescription'
  | 'addIceCandidate'
  | 'addTrack'
  | 'addTransceiver'
  | 'getSenders'
  | 'restartIce'
  | 'getStats'
  | 'close'
  | 'onnegotiationneeded'
  | 'onicecandidate'
  | 'ontrack'
  | 'onconnectionstatechange'
  | 'oniceconnectionstatechange'
>;

export type CreatePeerConnection = (configuration: RTCConfiguration) => PeerConnection;

export const createBrowserPeerConnection: CreatePeerConnection = (configuration) => new RTCPeerConnection(configuration);

/** The local media the link sends: the screen's session (its stream changes when the camera is switched). */
export type LocalMediaSource = Pick<LocalMediaSession, 'getView' | 'subscribe'>;

export interface CallLinkOptions {
  configuration: RTCConfiguration;
  /** The callee: gives its own offer up when both offer at once. */
  polite: boolean;
  media: LocalMediaSource;
  send: (signal: CallSignal) => void;
  onEvent: (event: CallLinkEvent) => void;
  /** A track of the other side arrived (the screen shows it). */
  onRemoteTrack: (track: MediaStreamTrack) => void;
  createPeerConnection?: CreatePeerConnection;
}

type LinkState = 'new' | 'connected' | 'interrupted';
const MEDIA_KINDS = ['audio', 'video'] as const;

export class CallLink {
  private readonly pc: PeerConnection;
  private readonly polite: boolean;
  private readonly options: CallLinkOptions;
  private makingOffer = false;
  private ignoreOffer = false;
  private isSettingRemoteAnswerPending = false;
  /** The other side's signals, one at a time in the order they came (a candidate never overtakes its description). */
  private incoming: Promise<void> = Promise.resolve();
  /** Candidates that came before any remote description: added once there is one. */
  private earlyCandidates: RTCIceCandidateInit[] = [];
  private tracksAdded = false;
  private linkState: LinkState = 'new';
  private closed = false;
  private readonly stopFollowingMedia: () => void;

  constructor(options: CallLinkOptions) {
    this.options = options;
    this.polite = options.polite;
    this.pc = (options.createPeerConnection ?? createBrowserPeerConnection)(options.configuration);
    this.pc.onnegotiationneeded = () => void this.negotiate();
    this.pc.onicecandidate = ({ candidate }) => {
      // null: gathering finished; the other side needs no word of it.
      if (candidate) this.options.send({ kind: 'candidate', candidate: candidateInit(candidate) });
    };
    this.pc.ontrack = ({ track }) => this.options.onRemoteTrack(track);
    this.pc.onconnectionstatechange = () => this.followConnection();
    this.pc.oniceconnectionstatechange = () => this.followConnection();
    this.stopFollowingMedia = options.media.subscribe(() => this.followCamera());
    // The caller offers its tracks at once. The callee adds its own when the
    // caller's offer arrives, so they ride on the answer: offering them now
    // too would make every call start with both sides offering at once.
    if (!this.polite) this.addLocalTracks();
  }

  /** A signal from the other side of this call. */
  receive(signal: CallSignal): void {
    if (this.closed) return;
    if (signal.kind === 'media') {
      this.options.onEvent({ type: 'REMOTE_MEDIA', muted: signal.muted, cameraOff: signal.cameraOff });
      return;
    }
    this.incoming = this.incoming
      .then(() => (signal.kind === 'description' ? this.takeDescription(signal.description) : this.takeCandidate(signal.candidate)))
      .catch((error: unknown) => {
        if (!this.closed) console.warn('Call: a signal could not be applied', error);
      });
  }

  /** A new offer with fresh ICE credentials; `negotiationneeded` does the rest. */
  restartIce(): void {
    if (!this.closed) this.pc.restartIce();
  }

  /**
   * The socket is back and this tab holds its side of the call again: signals sent meanwhile were lost.
   * An offer still waiting for its answer goes again (with the candidates gathered so far); a link that
   * is not connected restarts ICE. A connected one needs nothing: media does not go through the socket.
   */
  resume(): void {
    if (this.closed) return;
    if (this.pc.signalingState === 'have-local-offer') this.sendLocalDescription();
    else if (this.linkState !== 'connected') this.pc.restartIce();
  }

  getStats(): Promise<RTCStatsReport> {
    return this.pc.getStats();
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.stopFollowingMedia();
    this.pc.onnegotiationneeded = null;
    this.pc.onicecandidate = null;
    this.pc.ontrack = null;
    this.pc.onconnectionstatechange = null;
    this.pc.oniceconnectionstatechange = null;
    this.pc.close();
  }

  private async negotiate(): Promise<void> {
    try {
      this.makingOffer = true;
      await this.pc.setLocalDescription();
      this.sendLocalDescription();
    } catch (error) {
      if (!this.closed) console.warn('Call: making an offer failed', error);
    } finally {
      this.makingOffer = false;
    }
  }

  private async takeDescription(description: RTCSessionDescriptionInit): Promise<void> {
    const readyForOffer = !this.makingOffer && (this.pc.signalingState === 'stable' || this.isSettingRemoteAnswerPending);
    const offerCollision = description.type === 'offer' && !readyForOffer;
    this.ignoreOffer = !this.polite && offerCollision;
    if (this.ignoreOffer) return;
    this.isSettingRemoteAnswerPending = description.type === 'answer';
    // On a collision the polite side's own offer is rolled back by this (implicit rollback).
    await this.pc.setRemoteDescription(description);
    this.isSettingRemoteAnswerPending = false;
    await this.addEarlyCandidates();
    if (description.type === 'offer') {
      // Added after the offer, the callee's tracks take the transceivers the offer made and go out with the answer.
      this.addLocalTracks();
      await this.pc.setLocalDescription();
      this.sendLocalDescription();
    }
  }

  private async takeCandidate(candidate: RTCIceCandidateInit): Promise<void> {
    if (!this.pc.remoteDescription) {
      this.earlyCandidates.push(candidate);
      return;
    }
    try {
      await this.pc.addIceCandidate(candidate);
    } catch (error) {
      // A candidate of the offer this side ignored fails by design.
      if (!this.ignoreOffer) throw error;
    }
  }

  private async addEarlyCandidates(): Promise<void> {
    const early = this.earlyCandidates;
    this.earlyCandidates = [];
    for (const candidate of early) {
      // They may belong to an offer that was ignored or rolled back since: those fail, the rest count.
      await this.pc.addIceCandidate(candidate).catch(() => {});
    }
  }

  private sendLocalDescription(): void {
    const local = this.pc.localDescription;
    if (this.closed || !local || (local.type !== 'offer' && local.type !== 'answer')) return;
    this.options.send({ kind: 'description', description: { type: local.type, sdp: local.sdp } });
  }

  private addLocalTracks(): void {
    if (this.tracksAdded) return;
    this.tracksAdded = true;
    const stream = this.options.media.getView().stream;
    const tracks = stream?.getTracks() ?? [];
    for (const track of tracks) if (stream) this.pc.addTrack(track, stream);
    // No camera (audio only): the caller's offer still asks for the other side's picture (the callee's
    // tracks go into the transceivers that offer made).
    if (this.polite) return;
    for (const kind of MEDIA_KINDS) {
      if (!tracks.some((track) => track.kind === kind)) this.pc.addTransceiver(kind, { direction: 'recvonly' });
    }
  }

  /** A switched camera: the new track replaces the old one in place, no renegotiation. */
  private followCamera(): void {
    const next = this.options.media.getView().stream?.getVideoTracks()[0];
    if (this.closed || !next) return;
    for (const sender of this.pc.getSenders()) {
      if (sender.track?.kind === 'video' && sender.track !== next) {
        sender.replaceTrack(next).catch((error: unknown) => console.warn('Call: the new camera could not be sent', error));
      }
    }
  }

  private followConnection(): void {
    const { connectionState, iceConnectionState } = this.pc;
    const broken = (state: string) => state === 'disconnected' || state === 'failed';
    let next: LinkState = this.linkState;
    if (broken(connectionState) || broken(iceConnectionState)) next = 'interrupted';
    else if (connectionState === 'connected' && (iceConnectionState === 'connected' || iceConnectionState === 'completed')) next = 'connected';
    if (next === this.linkState || this.closed) return;
    this.linkState = next;
    this.options.onEvent({ type: next === 'connected' ? 'LINK_CONNECTED' : 'LINK_INTERRUPTED' });
  }
}

type SignalledCandidate = Extract<CallSignal, { kind: 'candidate' }>['candidate'];

function candidateInit(candidate: RTCIceCandidate): SignalledCandidate {
  return {
    candidate: candidate.candidate,
    sdpMid: candidate.sdpMid,
    sdpMLineIndex: candidate.sdpMLineIndex,
    usernameFragment: candidate.usernameFragment,
  };
}
