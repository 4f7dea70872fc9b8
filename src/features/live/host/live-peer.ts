/**
 * What the host's publishing and a viewer's watching share about their
 * RTCPeerConnection (docs/LIVE-STREAMS.md): descriptions are complete
 * (non-trickle), so each side gathers its candidates before it sends, and
 * the connection's states are read the same way on both sides.
 */

/** The part of RTCPeerConnection live streams use, so tests can hand in their own. */
export type LivePeerConnection = Pick<
  RTCPeerConnection,
  | 'connectionState'
  | 'iceConnectionState'
  | 'iceGatheringState'
  | 'localDescription'
  | 'addTransceiver'
  | 'createOffer'
  | 'createAnswer'
  | 'setLocalDescription'
  | 'setRemoteDescription'
  | 'getStats'
  | 'close'
  | 'addEventListener'
  | 'removeEventListener'
>;

export type CreateLivePeerConnection = () => LivePeerConnection;

/**
 * Made through the global at the moment of the call, never a reference kept
 * from load time: the end-to-end tests wrap `window.RTCPeerConnection` to
 * record each connection (e2e/support/call-media.ts). No ICE servers: the
 * forwarder is reachable directly (LIVE_MEDIA_ANNOUNCED_IP behind NAT).
 */
export const createBrowserLivePeerConnection: CreateLivePeerConnection = () => new RTCPeerConnection();

/**
 * How long a description waits for its candidates. Host candidates come in
 * milliseconds; a network interface that never answers must not hold going
 * live up, so after this the candidates gathered so far go.
 */
export const ICE_GATHERING_LIMIT_MS = 3000;

/** Resolves once gathering is complete, or after `limitMs`, or at once when aborted (the caller checks its signal). */
export function gatheringComplete(pc: LivePeerConnection, limitMs = ICE_GATHERING_LIMIT_MS, signal?: AbortSignal): Promise<void> {
  if (pc.iceGatheringState === 'complete') return Promise.resolve();
  return new Promise((resolve) => {
    const finish = () => {
      clearTimeout(timer);
      pc.removeEventListener('icegatheringstatechange', onChange);
      signal?.removeEventListener('abort', finish);
      resolve();
    };
    const onChange = () => {
      if (pc.iceGatheringState === 'complete') finish();
    };
    const timer = setTimeout(finish, limitMs);
    pc.addEventListener('icegatheringstatechange', onChange);
    signal?.addEventListener('abort', finish);
  });
}

/** The local description with every candidate gathered so far (set it first). */
export function completeDescription(pc: LivePeerConnection): string {
  const sdp = pc.localDescription?.sdp;
  if (!sdp) throw new Error('The browser made no session description');
  return sdp;
}

/** How a live connection stands, as the machines hear it. */
export type LivePeerState = 'connecting' | 'connected' | 'interrupted' | 'failed';

export function livePeerState(pc: LivePeerConnection): LivePeerState {
  const { connectionState, iceConnectionState } = pc;
  if (connectionState === 'failed' || iceConnectionState === 'failed') return 'failed';
  if (connectionState === 'disconnected' || iceConnectionState === 'disconnected') return 'interrupted';
  if (connectionState === 'connected') return 'connected';
  return 'connecting';
}

/** Calls `listener` with every change of `livePeerState`; the returned function stops. */
export function followLivePeerState(pc: LivePeerConnection, listener: (state: LivePeerState) => void): () => void {
  let last = livePeerState(pc);
  const onChange = () => {
    const next = livePeerState(pc);
    if (next === last) return;
    last = next;
    listener(next);
  };
  pc.addEventListener('connectionstatechange', onChange);
  pc.addEventListener('iceconnectionstatechange', onChange);
  return () => {
    pc.removeEventListener('connectionstatechange', onChange);
    pc.removeEventListener('iceconnectionstatechange', onChange);
  };
}

/** An error for an aborted step, named as DOM aborts are. */
export function abortError(): Error {
  const error = new Error('Stopped');
  error.name = 'AbortError';
  return error;
}
