import type { FastifyBaseLogger } from 'fastify';
import { createHash } from 'node:crypto';
import { collectCandidates } from './janus-candidates';
import { JanusError, type JanusHandle, type JanusHandleEvent, JanusSession, JanusUnavailableError } from './janus-session';
import { type MediaForwarder, MediaForwarderError } from './forwarder';

/**
 * The media forwarder on Janus's VideoRoom plugin (LIVE_MEDIA=janus): one
 * room per stream (its number derived from the stream id, so every Orbit
 * process talking to the same Janus finds it), the host as the room's one
 * publisher, each viewer a subscriber handle. Janus asks the publisher for a
 * keyframe when a subscriber's PeerConnection comes up ("New subscriber
 * available" in janus_videoroom.c), so late joiners get a picture at once.
 * If the socket to Janus closes, every source is reported lost (Janus drops
 * the session's PeerConnections with it) and the forwarder reconnects.
 */

export interface JanusForwarderOptions {
  /** ws://host:8188, Janus's WebSockets API. */
  url: string;
  apiSecret?: string;
  log?: FastifyBaseLogger;
  /** How long a source may send no media at all before it counts as lost (Janus keeps a PeerConnection whose peer vanished without a DTLS alert). */
  sourceSilenceLimitMs?: number;
  /** How long a subscription to a source of this process waits for the source's PeerConnection to come up. */
  sourceReadyLimitMs?: number;
  /** First wait before reconnecting to Janus (doubles up to 10 s). */
  reconnectDelayMs?: number;
  /** Janus's answer limit per request. */
  requestTimeoutMs?: number;
}

const VIDEOROOM = 'janus.plugin.videoroom';
const DEFAULT_SOURCE_SILENCE_LIMIT_MS = 10_000;
const DEFAULT_SOURCE_READY_LIMIT_MS = 5_000;
const DEFAULT_RECONNECT_DELAY_MS = 1_000;
const REMOTE_SOURCE_POLL_MS = 200;
const RECONNECT_DELAY_MAX_MS = 10_000;

// Janus's error codes (janus/apierror.h and the VideoRoom plugin's) that Orbit maps to its own.
const JANUS_BAD_DESCRIPTION_CODES = new Set([
  464, // JSEP error: unknown message type
  465, // JSEP error: invalid SDP
  431, // VideoRoom: invalid SDP type
  437, // VideoRoom: invalid SDP
]);
const JANUS_NOT_PUBLISHED_CODES = new Set([
  426, // VideoRoom: no such room
  428, // VideoRoom: no such feed
  435, // VideoRoom: not published
]);
const JANUS_NO_SUCH_ROOM = 426;
const JANUS_ROOM_EXISTS = 427;

/** The VideoRoom room of a stream: 48 bits of a hash of its id (Janus room ids are integers; below 2^53 for JSON). */
export function janusRoomId(streamId: string): number {
  const id = createHash('sha256').update(`orbit-live:${streamId}`).digest().readUIntBE(0, 6);
  return id === 0 ? 1 : id;
}

interface Source {
  streamId: string;
  room: number;
  handle: JanusHandle;
  publisherId: number;
  /** The publisher's PeerConnection is up: Janus accepts subscribers to it only then. */
  up: boolean;
  whenUp: Array<() => void>;
  /** Whether each kind of media (audio, video) is arriving, from Janus's `media` events. */
  receiving: Map<string, boolean>;
  /** Runs while no kind of media arrives; when it fires the source is lost. */
  silence: NodeJS.Timeout | null;
}

interface Subscription {
  streamId: string;
  handle: JanusHandle;
}

interface Connection {
  session: JanusSession;
  /** Room administration (create, destroy, listparticipants), not attached to any PeerConnection. */
  manager: JanusHandle;
}

function toForwarderError(error: unknown, doing: string): MediaForwarderError {
  if (error instanceof MediaForwarderError) return error;
  if (error instanceof JanusError) {
    if (JANUS_BAD_DESCRIPTION_CODES.has(error.code)) return new MediaForwarderError('bad-description', `Janus refused the description (${error.reason})`);
    if (JANUS_NOT_PUBLISHED_CODES.has(error.code)) return new MediaForwarderError('not-published', `The stream has no source (${error.reason})`);
    return new MediaForwarderError('unavailable', `Janus refused ${doing} (${error.code}: ${error.reason})`);
  }
  if (error instanceof JanusUnavailableError) return new MediaForwarderError('unavailable', `Janus is unavailable (${error.message})`);
  return new MediaForwarderError('unavailable', `${doing} failed: ${error instanceof Error ? error.message : String(error)}`);
}

function numberField(data: Record<string, unknown>, field: string): number | null {
  const value = data[field];
  return typeof value === 'number' ? value : null;
}

class JanusForwarder implements MediaForwarder {
  readonly kind = 'janus' as const;
  private connection: Connection | null = null;
  private readonly sources = new Map<string, Source>();
  private readonly subscriptions = new Map<string, Subscription>();
  private readonly lostListeners = new Set<(streamId: string) => void>();
  /** Publish and unpublish of one stream run one after the other. */
  private readonly streamQueues = new Map<string, Promise<unknown>>();
  private reconnectTimer: NodeJS.Timeout | null = null;
  private reconnectDelay: number;
  private closed = false;

  constructor(private readonly options: JanusForwarderOptions) {
    this.reconnectDelay = options.reconnectDelayMs ?? DEFAULT_RECONNECT_DELAY_MS;
  }

  async connect(): Promise<void> {
    const session = await JanusSession.open({
      url: this.options.url,
      ...(this.options.apiSecret ? { apiSecret: this.options.apiSecret } : {}),
      ...(this.options.log ? { log: this.options.log } : {}),
      ...(this.options.requestTimeoutMs ? { requestTimeoutMs: this.options.requestTimeoutMs } : {}),
    });
    let manager: JanusHandle;
    try {
      manager = await session.attach(VIDEOROOM);
    } catch (error) {
      await session.destroy();
      throw error;
    }
    this.connection = { session, manager };
    this.reconnectDelay = this.options.reconnectDelayMs ?? DEFAULT_RECONNECT_DELAY_MS;
    session.onClose((reason) => this.connectionLost(session, reason));
    this.options.log?.info({ url: this.options.url, session: session.id }, 'janus: session created');
  }

  publish(streamId: string, offerSdp: string): Promise<string> {
    return this.oneAtATime(streamId, async () => {
      const { session, manager } = this.requireConnection();
      // Publishing again replaces the source: its room goes, with every subscription to it.
      this.dropLocalSource(streamId);
      const room = janusRoomId(streamId);
      try {
        await this.createRoom(manager, room, streamId);
      } catch (error) {
        throw toForwarderError(error, 'creating the room');
      }
      let handle: JanusHandle | null = null;
      try {
        handle = await session.attach(VIDEOROOM);
        const joined = await handle.message({ request: 'join', ptype: 'publisher', room, display: streamId });
        const publisherId = numberField(joined.data, 'id');
        if (publisherId === null) throw new MediaForwarderError('unavailable', 'Janus gave the publisher no id');
        const source: Source = { streamId, room, handle, publisherId, up: false, whenUp: [], receiving: new Map(), silence: null };
        handle.onEvent((event) => this.sourceEvent(source, event));
        const candidates = collectCandidates(handle);
        let reply;
        try {
          reply = await handle.message({ request: 'publish' }, { type: 'offer', sdp: offerSdp, trickle: false });
        } catch (error) {
          candidates.stop();
          throw error;
        }
        if (reply.jsep?.type !== 'answer') {
          candidates.stop();
          throw new MediaForwarderError('bad-description', 'Janus answered the offer with no description');
        }
        const answer = await candidates.complete(reply.jsep.sdp);
        this.sources.set(streamId, source);
        return answer;
      } catch (error) {
        await handle?.detach();
        await this.destroyRoom(manager, room);
        throw toForwarderError(error, 'publishing');
      }
    });
  }

  async subscribe(streamId: string, subscriptionId: string): Promise<string> {
    const { session, manager } = this.requireConnection();
    // A subscription id subscribes again (a viewer's new connection): the old one ends first.
    await this.unsubscribe(subscriptionId);
    const room = janusRoomId(streamId);
    let handle: JanusHandle | null = null;
    try {
      const feed = await this.sourceFeed(manager, streamId, room);
      handle = await session.attach(VIDEOROOM);
      const candidates = collectCandidates(handle);
      let reply;
      try {
        // autoupdate false: Orbit never renegotiates a subscription; a replaced source means subscribing afresh.
        reply = await handle.message({ request: 'join', ptype: 'subscriber', room, streams: [{ feed }], autoupdate: false });
      } catch (error) {
        candidates.stop();
        throw error;
      }
      if (reply.jsep?.type !== 'offer') {
        candidates.stop();
        throw new MediaForwarderError('unavailable', 'Janus made no offer for the subscription');
      }
      const offer = await candidates.complete(reply.jsep.sdp);
      const subscription: Subscription = { streamId, handle };
      handle.onEvent((event) => this.subscriptionEvent(subscriptionId, subscription, event));
      // Two subscribes of one id at once: the later one stands.
      const overtaken = this.subscriptions.get(subscriptionId);
      if (overtaken) void overtaken.handle.detach();
      this.subscriptions.set(subscriptionId, subscription);
      return offer;
    } catch (error) {
      await handle?.detach();
      throw toForwarderError(error, 'subscribing');
    }
  }

  async answer(subscriptionId: string, answerSdp: string): Promise<void> {
    const subscription = this.subscriptions.get(subscriptionId);
    if (!subscription) throw new MediaForwarderError('unknown-subscription', 'No such subscription');
    this.requireConnection();
    try {
      await subscription.handle.message({ request: 'start' }, { type: 'answer', sdp: answerSdp, trickle: false });
    } catch (error) {
      throw toForwarderError(error, 'starting the subscription');
    }
  }

  async unsubscribe(subscriptionId: string): Promise<void> {
    const subscription = this.subscriptions.get(subscriptionId);
    if (!subscription) return;
    this.subscriptions.delete(subscriptionId);
    await subscription.handle.detach();
  }

  unpublish(streamId: string): Promise<void> {
    return this.oneAtATime(streamId, async () => {
      this.dropLocalSource(streamId);
      // The room goes even when another Orbit process published it (every process shares the one Janus).
      if (this.connection) await this.destroyRoom(this.connection.manager, janusRoomId(streamId));
    });
  }

  onSourceLost(listener: (streamId: string) => void): void {
    this.lostListeners.add(listener);
  }

  counts(): { sources: number; subscriptions: number } {
    return { sources: this.sources.size, subscriptions: this.subscriptions.size };
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    const connection = this.connection;
    const streamIds = [...this.sources.keys()];
    for (const streamId of streamIds) this.dropLocalSource(streamId);
    for (const subscriptionId of [...this.subscriptions.keys()]) await this.unsubscribe(subscriptionId);
    if (!connection) return;
    for (const streamId of streamIds) await this.destroyRoom(connection.manager, janusRoomId(streamId));
    this.connection = null;
    await connection.session.destroy();
  }

  private requireConnection(): Connection {
    if (this.closed) throw new MediaForwarderError('unavailable', 'The Janus forwarder is closed');
    if (!this.connection) throw new MediaForwarderError('unavailable', 'Janus is not connected');
    return this.connection;
  }

  private oneAtATime<T>(streamId: string, work: () => Promise<T>): Promise<T> {
    const previous = this.streamQueues.get(streamId) ?? Promise.resolve();
    const result = previous.then(work, work);
    const settled = result.catch(() => undefined);
    this.streamQueues.set(streamId, settled);
    void settled.then(() => {
      if (this.streamQueues.get(streamId) === settled) this.streamQueues.delete(streamId);
    });
    return result;
  }

  /** A fresh room for the stream: an old one (a source published before, here or in another process) is destroyed first. */
  private async createRoom(manager: JanusHandle, room: number, streamId: string): Promise<void> {
    const request = {
      request: 'create',
      room,
      description: `Orbit live ${streamId}`,
      is_private: true,
      permanent: false,
      publishers: 1,
      audiocodec: 'opus',
      videocodec: 'vp8,h264',
      record: false,
      notify_joining: false,
    };
    await this.destroyRoom(manager, room);
    try {
      await manager.message(request);
    } catch (error) {
      if (!(error instanceof JanusError) || error.code !== JANUS_ROOM_EXISTS) throw error;
      // Another process made it between the destroy and the create: take it over.
      await this.destroyRoom(manager, room);
      await manager.message(request);
    }
  }

  /** Destroys a room if it exists (its publisher and subscribers are hung up by Janus). */
  private async destroyRoom(manager: JanusHandle, room: number): Promise<void> {
    try {
      await manager.message({ request: 'destroy', room, permanent: false });
    } catch (error) {
      if (error instanceof JanusError && error.code === JANUS_NO_SUCH_ROOM) return;
      if (error instanceof JanusUnavailableError) return;
      this.options.log?.warn({ err: error, room }, 'janus: could not destroy a room');
    }
  }

  /** The publisher id to subscribe to: this process's source once it is up, or the room's publisher in Janus (a source of another process) once Janus has it up. */
  private async sourceFeed(manager: JanusHandle, streamId: string, room: number): Promise<number> {
    const source = this.sources.get(streamId);
    if (source) {
      if (!source.up) await this.sourceUp(source);
      return source.publisherId;
    }
    const deadline = Date.now() + (this.options.sourceReadyLimitMs ?? DEFAULT_SOURCE_READY_LIMIT_MS);
    for (;;) {
      const participant = await this.roomPublisher(manager, room);
      if (participant === null) throw new MediaForwarderError('not-published', 'The stream has no source');
      if (participant.up) return participant.id;
      if (Date.now() >= deadline) throw new MediaForwarderError('not-published', "The stream's source has not connected");
      await new Promise((resolve) => setTimeout(resolve, REMOTE_SOURCE_POLL_MS));
    }
  }

  /** The room's publisher as Janus lists it (up: its PeerConnection is up), or null when the room has none. */
  private async roomPublisher(manager: JanusHandle, room: number): Promise<{ id: number; up: boolean } | null> {
    const reply = await manager.message({ request: 'listparticipants', room });
    const participants = Array.isArray(reply.data['participants']) ? (reply.data['participants'] as unknown[]) : [];
    for (const participant of participants) {
      if (typeof participant !== 'object' || participant === null) continue;
      const entry = participant as Record<string, unknown>;
      if (typeof entry['id'] === 'number') return { id: entry['id'], up: entry['publisher'] === true };
    }
    return null;
  }

  private sourceUp(source: Source): Promise<void> {
    const limit = this.options.sourceReadyLimitMs ?? DEFAULT_SOURCE_READY_LIMIT_MS;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new MediaForwarderError('not-published', "The stream's source has not connected")), limit);
      source.whenUp.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  private sourceEvent(source: Source, event: JanusHandleEvent): void {
    switch (event.kind) {
      case 'webrtcup':
        source.up = true;
        for (const resolve of source.whenUp.splice(0)) resolve();
        return;
      case 'hangup':
        this.sourceLost(source, `its connection ended (${event.reason})`);
        return;
      case 'detached':
        this.sourceLost(source, 'its handle was detached');
        return;
      case 'media': {
        source.receiving.set(event.type, event.receiving);
        // A host with the camera off still sends (black frames, silence): only no media of any kind is silence.
        const silent = [...source.receiving.values()].every((receiving) => !receiving);
        if (!silent) {
          if (source.silence) clearTimeout(source.silence);
          source.silence = null;
        } else if (!source.silence) {
          const limit = this.options.sourceSilenceLimitMs ?? DEFAULT_SOURCE_SILENCE_LIMIT_MS;
          source.silence = setTimeout(() => this.sourceLost(source, `no media for ${limit} ms`), limit);
        }
        return;
      }
      case 'plugin':
        // The room went (unpublished from another Orbit process): not lost, ended.
        if (event.data['videoroom'] === 'destroyed' && this.sources.get(source.streamId) === source) this.dropLocalSource(source.streamId);
        return;
      default:
        return;
    }
  }

  private subscriptionEvent(subscriptionId: string, subscription: Subscription, event: JanusHandleEvent): void {
    const ended = event.kind === 'hangup' || event.kind === 'detached' || (event.kind === 'plugin' && event.data['videoroom'] === 'destroyed');
    if (!ended || this.subscriptions.get(subscriptionId) !== subscription) return;
    this.subscriptions.delete(subscriptionId);
    void subscription.handle.detach();
  }

  /** The source's connection is gone without unpublish: its room goes and the live service hears of it. */
  private sourceLost(source: Source, why: string): void {
    if (this.sources.get(source.streamId) !== source) return;
    this.options.log?.info({ streamId: source.streamId, why }, 'janus: source lost');
    this.dropLocalSource(source.streamId);
    const connection = this.connection;
    if (connection) void this.destroyRoom(connection.manager, source.room);
    this.tellLost(source.streamId);
  }

  /** Forgets this process's source of a stream and its subscriptions, detaching their handles (Janus closes their PeerConnections). */
  private dropLocalSource(streamId: string): void {
    const source = this.sources.get(streamId);
    if (source) {
      this.sources.delete(streamId);
      if (source.silence) clearTimeout(source.silence);
      source.whenUp.length = 0;
      void source.handle.detach();
    }
    for (const [subscriptionId, subscription] of this.subscriptions) {
      if (subscription.streamId !== streamId) continue;
      this.subscriptions.delete(subscriptionId);
      void subscription.handle.detach();
    }
  }

  private tellLost(streamId: string): void {
    for (const listener of this.lostListeners) {
      try {
        listener(streamId);
      } catch (error) {
        this.options.log?.error({ err: error, streamId }, 'janus: a source-lost listener threw');
      }
    }
  }

  /** The socket to Janus closed: Janus drops the session's PeerConnections, so every source is lost; then reconnect. */
  private connectionLost(session: JanusSession, reason: string): void {
    if (this.connection?.session !== session) return;
    this.connection = null;
    if (this.closed) return;
    this.options.log?.warn({ reason }, 'janus: connection lost');
    const lost = [...this.sources.values()];
    for (const source of lost) {
      if (source.silence) clearTimeout(source.silence);
    }
    this.sources.clear();
    this.subscriptions.clear();
    for (const source of lost) this.tellLost(source.streamId);
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.closed || this.reconnectTimer) return;
    const delay = this.reconnectDelay;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (this.closed) return;
      this.connect().catch((error: unknown) => {
        this.options.log?.warn({ err: error, url: this.options.url }, 'janus: reconnect failed');
        this.reconnectDelay = Math.min(this.reconnectDelay * 2, RECONNECT_DELAY_MAX_MS);
        this.scheduleReconnect();
      });
    }, delay);
    this.reconnectTimer.unref();
  }
}

/** Connects to Janus and creates the forwarder's session; rejects with MediaForwarderError 'unavailable' when Janus cannot be reached. */
export async function createJanusForwarder(options: JanusForwarderOptions): Promise<MediaForwarder> {
  const forwarder = new JanusForwarder(options);
  try {
    await forwarder.connect();
  } catch (error) {
    throw toForwarderError(error, 'connecting to Janus');
  }
  return forwarder;
}
