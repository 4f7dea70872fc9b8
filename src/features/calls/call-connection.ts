import type { CallSignal, IceServersResponse } from '../../../contract/calls';
import type { CallLinkEvent, CallQuality } from '../../../machines/calls/video-call.machine';
import type { RealtimeHub } from '../../realtime/hub';
import { CallLink, type CreatePeerConnection, type LocalMediaSource } from './call-link';
import { EMPTY_QUALITY_HISTORY, addQualityReading, type QualityHistory } from './call-quality';

/**
 * One call screen's connection to the other side: the realtime hub carries
 * the signalling, a CallLink (call-link.ts) the media. The screen makes one
 * per mount; the `link` actor starts it for the call and stops it when the
 * call ends. Signals that come before the link is ready (the caller's offer
 * can overtake the ICE servers request) wait for it.
 */

export interface RemoteView {
  stream: MediaStream | null;
  /** Changes whenever the tracks do, so a <video> knows to re-read them. */
  version: number;
}

export interface CallConnection {
  /** Opens the peer connection for this call; `polite` for the callee. */
  start: (callId: string, polite: boolean) => void;
  /** Closes it and lets go of the hub; call it when the screen goes too. */
  stop: () => void;
  restartIce: () => void;
  /** After a dropped socket, once this tab rejoined the call: repeats what the other side may have missed. */
  resume?: () => void;
  /** Tells the other side what to show instead of the picture or the sound. */
  sendMediaState: (muted: boolean, cameraOff: boolean) => void;
  /** The label from the connection's statistics, averaged over the last readings. */
  measure: () => Promise<CallQuality>;
  /** For useSyncExternalStore: the other side's picture and sound. */
  subscribe: (listener: () => void) => () => void;
  getRemoteView: () => RemoteView;
  /** LINK_CONNECTED, LINK_INTERRUPTED, REMOTE_MEDIA, for the `link` actor. */
  onEvent: (listener: (event: CallLinkEvent) => void) => () => void;
}

export interface CallConnectionOptions {
  hub: Pick<RealtimeHub, 'subscribe' | 'command'>;
  /** The screen's local media (its stream is what the call sends). */
  session: LocalMediaSource;
  /** GET /calls/ice-servers (through the query cache: iceServersQueryOptions). */
  iceServers: () => Promise<IceServersResponse>;
  /** For tests: RTCPeerConnection and MediaStream of their own. */
  createPeerConnection?: CreatePeerConnection;
  createMediaStream?: () => MediaStream;
}

/** Signals kept while no link is ready for them; far more than a call's set-up sends. */
const WAITING_SIGNALS_MAX = 500;

export function createCallConnection({
  hub,
  session,
  iceServers,
  createPeerConnection,
  createMediaStream = () => new MediaStream(),
}: CallConnectionOptions): CallConnection {
  let callId: string | null = null;
  let link: CallLink | null = null;
  /** Bumped by every start and stop, so a late ICE servers answer for an older start is dropped. */
  let run = 0;
  let waiting: Array<{ callId: string; signal: CallSignal }> = [];
  let remote: RemoteView = { stream: null, version: 0 };
  let quality: { history: QualityHistory; last: CallQuality } = { history: EMPTY_QUALITY_HISTORY, last: 'good' };
  const viewListeners = new Set<() => void>();
  const eventListeners = new Set<(event: CallLinkEvent) => void>();

  const setRemote = (stream: MediaStream | null) => {
    remote = { stream, version: remote.version + 1 };
    for (const listener of [...viewListeners]) listener();
  };
  const emit = (event: CallLinkEvent) => {
    for (const listener of [...eventListeners]) listener(event);
  };
  const send = (signal: CallSignal) => {
    if (!callId) return;
    void hub.command('call:signal', { callId, signal }).then((answer) => {
      // A lost signal is not fatal: a dropped connection ends in an ICE restart, which sends everything again.
      if (!answer.ok) console.warn(`Call: a signal was not relayed (${answer.status} ${answer.message})`);
    });
  };

  const listen = () =>
    hub.subscribe((hubSignal) => {
      if (hubSignal.type !== 'call' || hubSignal.event.name !== 'call:signal') return;
      const { callId: forCall, signal } = hubSignal.event.payload;
      if (link && forCall === callId) link.receive(signal);
      else if (!link && waiting.length < WAITING_SIGNALS_MAX) waiting.push({ callId: forCall, signal });
    });
  let unlisten: (() => void) | null = listen();

  const openLink = (forCall: string, polite: boolean, configuration: RTCConfiguration) => {
    link = new CallLink({
      configuration,
      polite,
      media: session,
      send,
      onEvent: emit,
      onRemoteTrack: (track) => {
        const stream = remote.stream ?? createMediaStream();
        if (!stream.getTracks().includes(track)) stream.addTrack(track);
        setRemote(stream);
      },
      createPeerConnection,
    });
    const earlier = waiting;
    waiting = [];
    for (const entry of earlier) if (entry.callId === forCall) link.receive(entry.signal);
  };

  const stop = () => {
    run += 1;
    link?.close();
    link = null;
    callId = null;
    waiting = [];
    unlisten?.();
    unlisten = null;
    if (remote.stream) setRemote(null);
  };

  return {
    start: (forCall, polite) => {
      if (link || callId) stop();
      unlisten ??= listen();
      callId = forCall;
      quality = { history: EMPTY_QUALITY_HISTORY, last: 'good' };
      const thisRun = ++run;
      iceServers()
        .then(
          (answer) => ({ iceServers: answer.iceServers }),
          (error: unknown) => {
            // Without the list a call still works on the same machine or network (host candidates).
            console.warn('Call: no ICE servers, trying host candidates only', error);
            return { iceServers: [] };
          },
        )
        .then((configuration) => {
          if (thisRun === run) openLink(forCall, polite, configuration);
        })
        .catch((error: unknown) => {
          console.warn('Call: the connection could not be opened', error);
          if (thisRun === run) emit({ type: 'LINK_INTERRUPTED' });
        });
    },
    stop,
    restartIce: () => link?.restartIce(),
    resume: () => link?.resume(),
    sendMediaState: (muted, cameraOff) => send({ kind: 'media', muted, cameraOff }),
    measure: async () => {
      if (!link) return quality.last;
      const next = addQualityReading(quality.history, await link.getStats());
      quality = { history: next.history, last: next.quality };
      return next.quality;
    },
    subscribe: (listener) => {
      viewListeners.add(listener);
      return () => viewListeners.delete(listener);
    },
    getRemoteView: () => remote,
    onEvent: (listener) => {
      eventListeners.add(listener);
      return () => eventListeners.delete(listener);
    },
  };
}
