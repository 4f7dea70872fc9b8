import type { LiveWatchEvent } from '../../../../machines/live/viewer.machine';
import type { RealtimeHub } from '../../../realtime/hub';
import {
  completeDescription,
  createBrowserLivePeerConnection,
  followLivePeerState,
  gatheringComplete,
  type CreateLivePeerConnection,
  type LivePeerConnection,
  type LivePeerState,
} from '../host/live-peer';

/**
 * A viewer's side of the media (docs/LIVE-STREAMS.md): `live:watch` over the
 * realtime channel, the forwarder's offer back as `live:offer`, a fresh
 * receive-only connection for each offer and its complete answer as
 * `live:answer`. Watching again (after a reconnect, a failed connection or
 * `live:republished`) asks for a fresh offer, which replaces the connection.
 * The screen makes one watcher; the `watch` actor runs it while watching.
 */

export interface RemoteStreamView {
  stream: MediaStream | null;
  /** Changes whenever the tracks do, so a <video> knows to re-read them. */
  version: number;
}

export type WatchHub = Pick<RealtimeHub, 'subscribe' | 'command'>;

export interface StreamWatcherOptions {
  hub: WatchHub;
  createPeerConnection?: CreateLivePeerConnection;
  createMediaStream?: () => MediaStream;
  gatheringLimitMs?: number;
}

export interface StreamWatcher {
  /** Starts watching `streamId`, reporting to `report`; the returned function leaves (`live:leave`) and closes. */
  watch: (streamId: string, report: (event: LiveWatchEvent) => void) => () => void;
  /** For useSyncExternalStore: the host's picture and sound. */
  subscribe: (listener: () => void) => () => void;
  getView: () => RemoteStreamView;
}

/** The command never reached the server (status 0): the hub's own words are not for members. */
const UNREACHABLE_MESSAGE = 'Orbit could not reach the server. Check your connection and try again.';

export function createStreamWatcher({
  hub,
  createPeerConnection = createBrowserLivePeerConnection,
  createMediaStream = () => new MediaStream(),
  gatheringLimitMs,
}: StreamWatcherOptions): StreamWatcher {
  let view: RemoteStreamView = { stream: null, version: 0 };
  const viewListeners = new Set<() => void>();
  const setView = (stream: MediaStream | null) => {
    view = { stream, version: view.version + 1 };
    for (const listener of [...viewListeners]) listener();
  };

  const watch = (streamId: string, report: (event: LiveWatchEvent) => void) => {
    let stopped = false;
    let pc: LivePeerConnection | null = null;
    let stopFollowing: () => void = () => {};
    let phase: 'connecting' | 'playing' | 'interrupted' = 'connecting';
    let dropped = false;

    const closeConnection = () => {
      stopFollowing();
      stopFollowing = () => {};
      pc?.close();
      pc = null;
    };

    const requestWatch = () => {
      void hub.command('live:watch', { streamId }).then((answer) => {
        if (stopped || answer.ok) return;
        report({ type: 'WATCH.REFUSED', message: answer.status === 0 ? UNREACHABLE_MESSAGE : answer.message });
      });
    };

    const follow = (state: LivePeerState) => {
      if (state === 'connected') {
        if (phase === 'connecting') report({ type: 'MEDIA.PLAYING' });
        else if (phase === 'interrupted') report({ type: 'MEDIA.RESTORED' });
        phase = 'playing';
        return;
      }
      if (state === 'interrupted' || state === 'failed') {
        if (phase === 'playing') report({ type: 'MEDIA.INTERRUPTED' });
        if (phase === 'playing') phase = 'interrupted';
      }
      // Only a fresh subscription mends a failed connection.
      if (state === 'failed') requestWatch();
    };

    /** The forwarder's offer: a new connection replaces the old one (a new subscription, a republished host). */
    const takeOffer = async (offer: string) => {
      closeConnection();
      const next = createPeerConnection();
      pc = next;
      let stream: MediaStream | null = null;
      next.addEventListener('track', (event) => {
        if (pc !== next) return;
        stream ??= event.streams[0] ?? createMediaStream();
        if (!stream.getTracks().includes(event.track)) stream.addTrack(event.track);
        setView(stream);
      });
      stopFollowing = followLivePeerState(next, follow);
      try {
        await next.setRemoteDescription({ type: 'offer', sdp: offer });
        await next.setLocalDescription(await next.createAnswer());
        await gatheringComplete(next, gatheringLimitMs);
        if (stopped || pc !== next) return;
        const answer = await hub.command('live:answer', { streamId, answer: completeDescription(next) });
        // Refused: the stream ended or this member was removed; `live:ended` says which.
        if (!answer.ok && !stopped) console.warn(`Live: the answer was not taken (${answer.status} ${answer.message})`);
      } catch (error) {
        // A broken offer leaves the screen connecting: the machine's CONNECT_LIMIT offers Try again.
        if (!stopped && pc === next) console.warn('Live: the offer could not be answered', error);
      }
    };

    const stopHub = hub.subscribe((signal) => {
      if (stopped) return;
      if (signal.type === 'status') {
        if (signal.status === 'disconnected') dropped = true;
        else if (signal.status === 'connected' && dropped) {
          dropped = false;
          // The old socket's subscription went with it.
          requestWatch();
        }
        return;
      }
      if (signal.type !== 'live' || signal.event.payload.streamId !== streamId) return;
      const { event } = signal;
      if (event.name === 'live:offer') void takeOffer(event.payload.offer);
      else if (event.name === 'live:republished') requestWatch();
      else if (event.name === 'live:muted') report({ type: 'MUTED', until: Date.parse(event.payload.until) });
      else if (event.name === 'live:ended') {
        closeConnection();
        report({ type: 'STREAM.ENDED', reason: event.payload.reason });
      }
    });
    requestWatch();

    return () => {
      stopped = true;
      stopHub();
      closeConnection();
      setView(null);
      void hub.command('live:leave', { streamId }).catch(() => {});
    };
  };

  return {
    watch,
    subscribe: (listener) => {
      viewListeners.add(listener);
      return () => viewListeners.delete(listener);
    },
    getView: () => view,
  };
}
