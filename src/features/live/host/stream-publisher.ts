import type { GoLiveBody, GoLiveResponse, LiveStream } from '../../../../contract/live';
import { endStream, goLive, republishStream } from '../../../api/live';
import type { LocalMediaSession } from '../../media/local-media';
import {
  abortError,
  completeDescription,
  createBrowserLivePeerConnection,
  followLivePeerState,
  gatheringComplete,
  livePeerState,
  type CreateLivePeerConnection,
  type LivePeerConnection,
  type LivePeerState,
} from './live-peer';

/**
 * The host's side of the media (docs/LIVE-STREAMS.md): the local camera and
 * microphone go out on send-only transceivers to Orbit's media forwarder.
 * Going live and publishing again each make a fresh connection with a
 * complete offer, posted over HTTP; the forwarder's answer comes back. Only
 * an established connection is "the" connection whose state the `hostLink`
 * actor follows: one still connecting reports through its own promise.
 */

/** The HTTP side, so tests can hand in their own. */
export interface PublishApi {
  goLive: (body: GoLiveBody) => Promise<Pick<GoLiveResponse, 'stream' | 'answer'>>;
  republishStream: (streamId: string, offer: string) => Promise<{ answer: string }>;
  endStream: (streamId: string) => Promise<unknown>;
}

const browserApi: PublishApi = { goLive, republishStream, endStream };

export interface StreamPublisherOptions {
  /** The screen's session: its tracks are what goes out. */
  media: Pick<LocalMediaSession, 'getView'>;
  createPeerConnection?: CreateLivePeerConnection;
  api?: PublishApi;
  gatheringLimitMs?: number;
}

export interface StreamPublisher {
  /** Goes live with `title`; resolves with the stream once media flows. Aborting ends a stream already made. */
  publish: (title: string, signal?: AbortSignal) => Promise<LiveStream>;
  /** Replaces the connection with a fresh one for the same stream; resolves once it is connected. */
  republish: (streamId: string, signal?: AbortSignal) => Promise<void>;
  /** The established connection's state changes (interrupted, connected again, failed). */
  onState: (listener: (state: LivePeerState) => void) => () => void;
  /** Closes every connection (the stream ended, or the screen went). */
  close: () => void;
}

export const PUBLISH_FAILED_MESSAGE = 'Your stream could not connect. Check your connection and try again.';
const NO_MEDIA_MESSAGE = 'Your camera and microphone are not on';

export function createStreamPublisher({
  media,
  createPeerConnection = createBrowserLivePeerConnection,
  api = browserApi,
  gatheringLimitMs,
}: StreamPublisherOptions): StreamPublisher {
  let current: { pc: LivePeerConnection; stopFollowing: () => void } | null = null;
  /** Connections still being set up: closed with the publisher. */
  const pending = new Set<LivePeerConnection>();
  const listeners = new Set<(state: LivePeerState) => void>();

  const emit = (state: LivePeerState) => {
    for (const listener of [...listeners]) listener(state);
  };

  /** A new connection carrying the session's tracks, with its complete offer set. */
  const openWithOffer = async (signal: AbortSignal | undefined): Promise<{ pc: LivePeerConnection; offer: string }> => {
    const stream = media.getView().stream;
    const tracks = stream?.getTracks() ?? [];
    if (!stream || tracks.length === 0) throw new Error(NO_MEDIA_MESSAGE);
    const pc = createPeerConnection();
    pending.add(pc);
    try {
      for (const track of tracks) pc.addTransceiver(track, { direction: 'sendonly', streams: [stream] });
      await pc.setLocalDescription(await pc.createOffer());
      await gatheringComplete(pc, gatheringLimitMs, signal);
      if (signal?.aborted) throw abortError();
      return { pc, offer: completeDescription(pc) };
    } catch (error) {
      drop(pc);
      throw error;
    }
  };

  const drop = (pc: LivePeerConnection) => {
    pending.delete(pc);
    pc.close();
  };

  /** Sets the forwarder's answer and waits for media to flow (the machine's delays bound the wait). */
  const connect = async (pc: LivePeerConnection, answer: string, signal: AbortSignal | undefined): Promise<void> => {
    if (signal?.aborted) throw abortError();
    await pc.setRemoteDescription({ type: 'answer', sdp: answer });
    await new Promise<void>((resolve, reject) => {
      const settle = (state: LivePeerState) => {
        if (state === 'connected') finish(resolve);
        else if (state === 'failed') finish(() => reject(new Error(PUBLISH_FAILED_MESSAGE)));
      };
      const onAbort = () => finish(() => reject(abortError()));
      const stop = followLivePeerState(pc, settle);
      const finish = (then: () => void) => {
        stop();
        signal?.removeEventListener('abort', onAbort);
        then();
      };
      signal?.addEventListener('abort', onAbort);
      settle(livePeerState(pc));
    });
  };

  /** The connected one becomes the connection; the one it replaces closes. */
  const establish = (pc: LivePeerConnection) => {
    pending.delete(pc);
    closeCurrent();
    current = { pc, stopFollowing: followLivePeerState(pc, emit) };
  };

  const closeCurrent = () => {
    current?.stopFollowing();
    current?.pc.close();
    current = null;
  };

  return {
    publish: async (title, signal) => {
      const { pc, offer } = await openWithOffer(signal);
      let streamId: string | null = null;
      try {
        const { stream, answer } = await api.goLive({ title, offer });
        streamId = stream.id;
        await connect(pc, answer, signal);
        establish(pc);
        return stream;
      } catch (error) {
        drop(pc);
        // A stream the server made but no media reached would block the next Go Live ("already live").
        if (streamId) void api.endStream(streamId).catch(() => {});
        throw error;
      }
    },
    republish: async (streamId, signal) => {
      const { pc, offer } = await openWithOffer(signal);
      try {
        const { answer } = await api.republishStream(streamId, offer);
        await connect(pc, answer, signal);
        establish(pc);
      } catch (error) {
        drop(pc);
        throw error;
      }
    },
    onState: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: () => {
      closeCurrent();
      for (const pc of [...pending]) drop(pc);
    },
  };
}
