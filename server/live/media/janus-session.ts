import type { FastifyBaseLogger } from 'fastify';
import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { z } from 'zod';

/**
 * A small typed client for Janus's WebSocket API (subprotocol
 * `janus-protocol`): one socket, one Janus session on it, plugin handles in
 * that session. Requests are matched to answers by transaction; events
 * without a pending transaction go to their handle's listeners. The session
 * is kept alive every 25 s (Janus drops it after 60 s of silence). When the
 * socket closes every pending request fails with JanusUnavailableError and
 * the close listeners hear why: the session is gone with it (Janus tears its
 * handles down), so the owner makes a new one.
 */

export interface JanusJsep {
  type: 'offer' | 'answer';
  sdp: string;
  /** false: the description is complete, no trickled candidates follow. */
  trickle?: boolean;
}

/** A plugin's answer to a message: its data and, for an offer or answer, the description. */
export interface JanusPluginReply {
  data: Record<string, unknown>;
  jsep?: JanusJsep;
}

export type JanusHandleEvent =
  /** An event the plugin sent on its own (the room was destroyed, a feed unpublished). */
  | { kind: 'plugin'; data: Record<string, unknown>; jsep?: JanusJsep }
  /** The handle's PeerConnection is up (ICE and DTLS done). */
  | { kind: 'webrtcup' }
  /** The handle's PeerConnection is gone (DTLS alert, ICE failed, closed). */
  | { kind: 'hangup'; reason: string }
  /** Media of one kind started or stopped arriving (after Janus's no_media_timer). */
  | { kind: 'media'; type: string; receiving: boolean; mid?: string }
  /** One of Janus's own candidates when it trickles (candidate null: gathering completed). */
  | { kind: 'trickle'; candidate: string | null; sdpMLineIndex?: number; sdpMid?: string }
  /** The handle was detached. */
  | { kind: 'detached' };

/** Janus (its core or the plugin) refused a request: the code is Janus's (4xx). */
export class JanusError extends Error {
  constructor(
    readonly code: number,
    readonly reason: string,
  ) {
    super(`Janus error ${code}: ${reason}`);
    this.name = 'JanusError';
  }
}

/** Janus could not be reached, stopped answering, or the socket closed. */
export class JanusUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JanusUnavailableError';
  }
}

export interface JanusSessionOptions {
  /** ws://host:8188 */
  url: string;
  /** Janus's api_secret, when it is configured with one. */
  apiSecret?: string;
  log?: FastifyBaseLogger;
  /** How long a request may wait for its answer. */
  requestTimeoutMs?: number;
  /** How often the session is kept alive (below Janus's session_timeout, 60 s by default). */
  keepaliveMs?: number;
  /** How long opening the socket may take. */
  connectTimeoutMs?: number;
}

const jsepSchema = z.object({ type: z.enum(['offer', 'answer']), sdp: z.string() });
const pluginDataSchema = z.object({ plugin: z.string(), data: z.record(z.string(), z.unknown()) });
const trickleCandidateSchema = z.union([
  z.object({ completed: z.literal(true) }),
  z.object({ candidate: z.string(), sdpMid: z.string().optional(), sdpMLineIndex: z.number().optional() }),
]);
/** Every message Janus sends has `janus`; the rest depends on its kind, so all else is optional here and checked where used. */
const incomingSchema = z.object({
  janus: z.string(),
  transaction: z.string().optional(),
  session_id: z.number().optional(),
  sender: z.number().optional(),
  data: z.object({ id: z.number() }).optional(),
  plugindata: pluginDataSchema.optional(),
  jsep: jsepSchema.optional(),
  error: z.object({ code: z.number(), reason: z.string() }).optional(),
  reason: z.string().optional(),
  type: z.string().optional(),
  receiving: z.boolean().optional(),
  mid: z.string().optional(),
  candidate: trickleCandidateSchema.optional(),
});
type Incoming = z.infer<typeof incomingSchema>;

interface PendingRequest {
  /** Plugin messages are answered by `success` (synchronous requests) or by an `event` after an `ack`; other requests by `success` or `ack`. */
  awaitsPluginAnswer: boolean;
  resolve(message: Incoming): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

const DEFAULT_REQUEST_TIMEOUT_MS = 10_000;
const DEFAULT_KEEPALIVE_MS = 25_000;
const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;

function rawText(data: WebSocket.RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data).toString('utf8');
}

/** The plugin's data as a reply, or the plugin's own error (`error_code`/`error` in its data) thrown. */
function toPluginReply(message: Incoming): JanusPluginReply {
  const data = message.plugindata?.data ?? {};
  const errorCode = data['error_code'];
  if (typeof errorCode === 'number') {
    const reason = data['error'];
    throw new JanusError(errorCode, typeof reason === 'string' ? reason : 'plugin error');
  }
  return message.jsep ? { data, jsep: message.jsep } : { data };
}

export class JanusHandle {
  private readonly listeners = new Set<(event: JanusHandleEvent) => void>();
  private detached = false;

  constructor(
    private readonly session: JanusSession,
    readonly id: number,
  ) {}

  /** A message to the plugin (with a description when one is given); resolves with the plugin's answer. */
  async message(body: Record<string, unknown>, jsep?: JanusJsep): Promise<JanusPluginReply> {
    const answer = await this.session.send({ janus: 'message', handle_id: this.id, body, ...(jsep ? { jsep } : {}) }, true);
    return toPluginReply(answer);
  }

  /** Closes the handle's PeerConnection, keeping the handle. */
  async hangup(): Promise<void> {
    await this.session.send({ janus: 'hangup', handle_id: this.id }, false);
  }

  /** Detaches the handle (its PeerConnection closes, the plugin forgets it). Errors are swallowed: a gone handle is detached. */
  async detach(): Promise<void> {
    if (this.detached) return;
    this.detached = true;
    try {
      await this.session.send({ janus: 'detach', handle_id: this.id }, false);
    } catch {
      // The session or the handle is gone already: nothing is left to detach.
    } finally {
      this.session.forget(this.id);
      this.listeners.clear();
    }
  }

  onEvent(listener: (event: JanusHandleEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** @internal The session routes this handle's events here. */
  deliver(event: JanusHandleEvent): void {
    if (event.kind === 'detached') this.detached = true;
    for (const listener of [...this.listeners]) listener(event);
  }
}

export class JanusSession {
  private readonly pending = new Map<string, PendingRequest>();
  private readonly handles = new Map<number, JanusHandle>();
  private readonly closeListeners = new Set<(reason: string) => void>();
  private keepalive: NodeJS.Timeout | null = null;
  private closedReason: string | null = null;
  private sessionId = 0;

  private constructor(
    private readonly socket: WebSocket,
    private readonly options: JanusSessionOptions,
  ) {
    socket.on('message', (data: WebSocket.RawData) => this.receive(rawText(data)));
    socket.on('close', (code: number) => this.shutDown(`the Janus socket closed (${code})`));
    socket.on('error', (error: Error) => {
      options.log?.warn({ err: error }, 'janus: socket error');
    });
  }

  /** Opens the socket and creates the Janus session; rejects with JanusUnavailableError when Janus cannot be reached. */
  static async open(options: JanusSessionOptions): Promise<JanusSession> {
    const socket = await openSocket(options.url, options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS);
    const session = new JanusSession(socket, options);
    try {
      const created = await session.send({ janus: 'create' }, false);
      if (!created.data) throw new JanusUnavailableError('Janus created no session');
      session.sessionId = created.data.id;
    } catch (error) {
      session.shutDown('could not create a Janus session');
      socket.terminate();
      throw error;
    }
    session.keepalive = setInterval(() => {
      session.send({ janus: 'keepalive' }, false).catch((error: unknown) => {
        options.log?.warn({ err: error }, 'janus: keepalive failed');
      });
    }, options.keepaliveMs ?? DEFAULT_KEEPALIVE_MS);
    session.keepalive.unref();
    return session;
  }

  get id(): number {
    return this.sessionId;
  }

  get closed(): boolean {
    return this.closedReason !== null;
  }

  async attach(plugin: string): Promise<JanusHandle> {
    const attached = await this.send({ janus: 'attach', plugin }, false);
    if (!attached.data) throw new JanusError(461, `attaching ${plugin} gave no handle`);
    const handle = new JanusHandle(this, attached.data.id);
    this.handles.set(handle.id, handle);
    return handle;
  }

  /** Called once when the session ends (socket closed, Janus timed it out, or destroy). */
  onClose(listener: (reason: string) => void): void {
    if (this.closedReason !== null) listener(this.closedReason);
    else this.closeListeners.add(listener);
  }

  /** Destroys the Janus session (every handle with it) and closes the socket. */
  async destroy(): Promise<void> {
    if (this.closedReason === null) {
      try {
        await this.send({ janus: 'destroy' }, false);
      } catch {
        // Janus is gone or forgot the session: closing the socket is all that is left.
      }
    }
    this.shutDown('destroyed');
    this.socket.close();
  }

  /** @internal A request in this session; resolves with Janus's answer, rejects with JanusError or JanusUnavailableError. */
  send(request: Record<string, unknown>, awaitsPluginAnswer: boolean): Promise<Incoming> {
    if (this.closedReason !== null) return Promise.reject(new JanusUnavailableError(`Janus session closed: ${this.closedReason}`));
    const transaction = randomUUID();
    const payload = {
      ...request,
      transaction,
      ...(this.sessionId ? { session_id: this.sessionId } : {}),
      ...(this.options.apiSecret ? { apisecret: this.options.apiSecret } : {}),
    };
    return new Promise<Incoming>((resolve, reject) => {
      const timeoutMs = this.options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
      const timer = setTimeout(() => {
        this.pending.delete(transaction);
        reject(new JanusUnavailableError(`Janus did not answer ${String(request['janus'])} within ${timeoutMs} ms`));
      }, timeoutMs);
      this.pending.set(transaction, { awaitsPluginAnswer, resolve, reject, timer });
      this.socket.send(JSON.stringify(payload), (error?: Error) => {
        if (!error) return;
        const pending = this.pending.get(transaction);
        if (!pending) return;
        clearTimeout(pending.timer);
        this.pending.delete(transaction);
        reject(new JanusUnavailableError(`could not send to Janus: ${error.message}`));
      });
    });
  }

  /** @internal */
  forget(handleId: number): void {
    this.handles.delete(handleId);
  }

  private receive(text: string): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      this.options.log?.warn('janus: a message that is not JSON');
      return;
    }
    const result = incomingSchema.safeParse(parsed);
    if (!result.success) {
      this.options.log?.warn({ issues: result.error.issues }, 'janus: a message of an unexpected shape');
      return;
    }
    const message = result.data;
    if (message.janus === 'timeout') {
      this.shutDown('Janus timed the session out');
      this.socket.close();
      return;
    }
    const pending = message.transaction ? this.pending.get(message.transaction) : undefined;
    if (pending && message.transaction && this.answers(pending, message)) {
      clearTimeout(pending.timer);
      this.pending.delete(message.transaction);
      if (message.janus === 'error') {
        pending.reject(new JanusError(message.error?.code ?? 490, message.error?.reason ?? 'unknown error'));
      } else {
        pending.resolve(message);
      }
      return;
    }
    this.route(message);
  }

  private answers(pending: PendingRequest, message: Incoming): boolean {
    if (message.janus === 'error' || message.janus === 'success') return true;
    if (pending.awaitsPluginAnswer) return message.janus === 'event';
    return message.janus === 'ack';
  }

  /** Events the handle did not ask for: to its listeners. */
  private route(message: Incoming): void {
    if (message.sender === undefined) return;
    const handle = this.handles.get(message.sender);
    if (!handle) return;
    const event = toHandleEvent(message);
    if (!event) return;
    if (event.kind === 'detached') this.handles.delete(handle.id);
    handle.deliver(event);
  }

  private shutDown(reason: string): void {
    if (this.closedReason !== null) return;
    this.closedReason = reason;
    if (this.keepalive) clearInterval(this.keepalive);
    for (const pending of this.pending.values()) {
      clearTimeout(pending.timer);
      pending.reject(new JanusUnavailableError(`Janus session closed: ${reason}`));
    }
    this.pending.clear();
    this.handles.clear();
    for (const listener of this.closeListeners) listener(reason);
    this.closeListeners.clear();
  }
}

function toHandleEvent(message: Incoming): JanusHandleEvent | null {
  switch (message.janus) {
    case 'event':
      if (!message.plugindata) return null;
      return message.jsep ? { kind: 'plugin', data: message.plugindata.data, jsep: message.jsep } : { kind: 'plugin', data: message.plugindata.data };
    case 'webrtcup':
      return { kind: 'webrtcup' };
    case 'hangup':
      return { kind: 'hangup', reason: message.reason ?? 'hangup' };
    case 'media':
      return { kind: 'media', type: message.type ?? 'unknown', receiving: message.receiving ?? false, ...(message.mid ? { mid: message.mid } : {}) };
    case 'trickle': {
      const candidate = message.candidate;
      if (!candidate) return null;
      if ('completed' in candidate) return { kind: 'trickle', candidate: null };
      return {
        kind: 'trickle',
        candidate: candidate.candidate,
        ...(candidate.sdpMLineIndex !== undefined ? { sdpMLineIndex: candidate.sdpMLineIndex } : {}),
        ...(candidate.sdpMid !== undefined ? { sdpMid: candidate.sdpMid } : {}),
      };
    }
    case 'detached':
      return { kind: 'detached' };
    default:
      return null;
  }
}

function openSocket(url: string, timeoutMs: number): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, 'janus-protocol');
    const fail = (reason: string) => {
      clearTimeout(timer);
      socket.removeAllListeners();
      socket.on('error', () => undefined);
      socket.terminate();
      reject(new JanusUnavailableError(`cannot reach Janus at ${url}: ${reason}`));
    };
    const timer = setTimeout(() => fail(`no connection after ${timeoutMs} ms`), timeoutMs);
    socket.once('open', () => {
      clearTimeout(timer);
      socket.removeAllListeners();
      resolve(socket);
    });
    socket.once('error', (error: Error) => fail(error.message));
    socket.once('unexpected-response', (_request, response) => fail(`HTTP ${response.statusCode ?? '?'}`));
  });
}
