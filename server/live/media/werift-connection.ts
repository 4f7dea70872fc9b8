import type { RTCPeerConnection } from 'werift';

/**
 * Helpers around one werift peer connection that the forwarder and the test
 * peers (test/support/werift-peer.ts) share: complete (non-trickle)
 * descriptions and waiting for a connection state.
 */

type ConnectionState = RTCPeerConnection['connectionState'];

/** Resolves once the connection has gathered every local candidate, so its local description is complete. */
export function iceGatheringComplete(connection: RTCPeerConnection, timeoutMs: number): Promise<void> {
  if (connection.iceGatheringState === 'complete') return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      subscription.unSubscribe();
      reject(new Error(`ICE gathering did not complete within ${timeoutMs} ms`));
    }, timeoutMs);
    const subscription = connection.iceGatheringStateChange.subscribe((state) => {
      if (state !== 'complete') return;
      clearTimeout(timer);
      subscription.unSubscribe();
      resolve();
    });
  });
}

/** Resolves when the connection reaches `connected`; rejects when it fails or closes first, or on timeout. */
export function connectionEstablished(connection: RTCPeerConnection, timeoutMs: number): Promise<void> {
  if (connection.connectionState === 'connected') return Promise.resolve();
  return new Promise((resolve, reject) => {
    const settle = (error?: Error) => {
      clearTimeout(timer);
      subscription.unSubscribe();
      if (error) reject(error);
      else resolve();
    };
    const timer = setTimeout(() => settle(new Error(`not connected within ${timeoutMs} ms (state ${connection.connectionState})`)), timeoutMs);
    const subscription = connection.connectionStateChange.subscribe((state: ConnectionState) => {
      if (state === 'connected') settle();
      else if (state === 'failed' || state === 'closed') settle(new Error(`connection ${state} before it connected`));
    });
  });
}

/** The description's SDP once gathering is complete (werift writes the gathered candidates into it). */
export async function completeLocalDescription(connection: RTCPeerConnection, timeoutMs: number): Promise<string> {
  await iceGatheringComplete(connection, timeoutMs);
  const description = connection.localDescription;
  if (!description) throw new Error('no local description after gathering');
  return description.sdp;
}
