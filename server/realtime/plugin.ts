import { createAdapter } from '@socket.io/redis-streams-adapter';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createClient } from 'redis';
import { Server, type Socket } from 'socket.io';
import type { z } from 'zod';
import {
  clientCommandSchemas,
  handshakeAuthSchema,
  PRESENCE_GRACE_MS,
  REALTIME_PATH,
  type ClientCommandName,
  type CommandAnswer,
  type ServerEventName,
  type ServerEvents,
} from '../../contract/realtime';
import { markSessionLeft } from '../auth/presence';
import type { UserRow } from '../db/schema';
import { HttpError, toErrorResponse } from '../plugins/errors';
import { keepConnectedSessionsLive } from './connected-sessions';
import { createPresenceNews } from './presence-news';
import { findMember, isOnlineNow } from './queries';

/** What a socket carries once its handshake passed: whose it is and with which token (rechecked when sessions end). */
interface SocketData {
  userId: string;
  sessionId: string;
  token: string;
  /** When the token stops being valid (ms since the epoch): the socket closes then, as an HTTP call would be refused. */
  expiresAt: number;
}

type ClientCommandHandlers = Record<ClientCommandName, (payload: unknown, answer?: (result: CommandAnswer) => void) => void>;
type OrbitSocket = Socket<ClientCommandHandlers, ServerEvents, Record<string, never>, SocketData>;
type OrbitServer = Server<ClientCommandHandlers, ServerEvents, Record<string, never>, SocketData>;

type CommandPayload<Name extends ClientCommandName> = z.infer<(typeof clientCommandSchemas)[Name]>;

/** The socket a command came from: a call's handlers put it in the call's room and relay from it. */
export interface CommandContext {
  socketId: string;
  userId: string;
  /** The rooms the socket is in now. */
  rooms: ReadonlySet<string>;
  /** The network address the socket connected from. */
  address: string;
  /** Puts the socket in a room. */
  join(room: string): void;
  /** Sends an event to every other socket of a room, on whichever process it is connected. */
  broadcast<Name extends ServerEventName>(room: string, event: Name, payload: Parameters<ServerEvents[Name]>[0]): void;
}

export type CommandHandler<Name extends ClientCommandName> = (member: UserRow, payload: CommandPayload<Name>, context: CommandContext) => Promise<void>;
/** A command answered from the socket alone (no database read): throws HttpError to refuse. */
export type RelayHandler<Name extends ClientCommandName> = (payload: CommandPayload<Name>, context: CommandContext) => void;

/** One socket that left: the rooms it was in, read before socket.io emptied them. */
export interface DisconnectedSocket {
  socketId: string;
  userId: string;
  rooms: ReadonlySet<string>;
}

/** A socket in a room, on this process or another. */
export interface RoomSocket {
  socketId: string;
  userId: string;
}

export interface Realtime {
  /** Sends an event to every open Orbit tab of the member, on whichever server process it is connected. */
  toMember<Name extends ServerEventName>(userId: string, event: Name, payload: Parameters<ServerEvents[Name]>[0]): void;
  /** Sends an event to every socket in the rooms (a socket counted once), on whichever process; a socket's id is a room of its own. */
  toRoom<Name extends ServerEventName>(rooms: string | string[], event: Name, payload: Parameters<ServerEvents[Name]>[0]): void;
  /** Answers a browser command (validated against its schema first, the member read afresh); one handler per command. */
  handle<Name extends ClientCommandName>(name: Name, handler: CommandHandler<Name>): void;
  /**
   * Answers a command from the socket alone, with no database read and an
   * allowance of its own (RELAYS_PER_WINDOW): call signalling, where a call's
   * room is the permission and an offer's candidates come in bursts.
   */
  relay<Name extends ClientCommandName>(name: Name, handler: RelayHandler<Name>): void;
  /** The sockets in a room now, on every process. */
  socketsIn(room: string): Promise<RoomSocket[]>;
  /** The sockets in each of several rooms now, on every process, from one fetch (a room nobody is in maps to []). */
  socketsInRooms(rooms: readonly string[]): Promise<Map<string, RoomSocket[]>>;
  /** Takes one socket (by id), or every socket, out of a room. */
  leaveRoom(room: string, socketId?: string): void;
  /** Whether the member has any Orbit tab open, on any process. */
  isConnected(userId: string): Promise<boolean>;
  /** Called when a socket of this process closed. */
  onDisconnect(listener: (socket: DisconnectedSocket) => void): void;
  /**
   * Checks the member's open sockets against their sessions again and closes
   * those whose session ended (logout, ban, password change, deletion).
   * Not awaited by callers: the change is committed, this only tells the pipe.
   */
  recheckMember(userId: string): void;
  /** The socket.io server, for tests and benchmarks. */
  io: OrbitServer;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

export interface RealtimePluginOptions {
  /** Redis for several server processes (REDIS_URL); unset, rooms live in this process's memory. */
  redisUrl?: string | undefined;
  /** Orbit's own address (PUBLIC_URL): a browser page there may open a connection. */
  publicUrl: string;
  /** How long a member stays online after their last socket closed; tests shorten it. */
  presenceGraceMs?: number;
  /** How often sessions with an open socket are marked in use (a background tab stays online); tests shorten it. */
  connectedSessionsIntervalMs?: number;
}

/**
 * Commands one member may send per COMMAND_WINDOW_MS, from all their sockets
 * on this process together (a script opening more sockets gets no more):
 * typing goes out every 2 s at most, receipts a few times per message.
 */
const COMMANDS_PER_WINDOW = 40;
const COMMAND_WINDOW_MS = 10_000;
/** Relayed commands (call signalling) one member may send per COMMAND_WINDOW_MS: an ICE gathering sends dozens of candidates at once. */
const RELAYS_PER_WINDOW = 300;
/** Sockets one session (one browser's sign-in, shared by its tabs) may hold open on this process. */
export const SOCKETS_PER_SESSION = 10;
export const TOO_MANY_CONNECTIONS_MESSAGE = 'Too many open Orbit tabs for this sign-in; close some and try again';
/** setTimeout's ceiling (about 24.8 days); a token living longer is rechecked when this much has passed. */
const MAX_TIMER_MS = 2 ** 31 - 1;

const memberRoom = (userId: string) => `member:${userId}`;
const SESSION_ROOM_PREFIX = 'session:';
const sessionRoom = (sessionId: string) => `${SESSION_ROOM_PREFIX}${sessionId}`;

/** A fixed-window counter: true while fewer than `max` calls came in the current COMMAND_WINDOW_MS. */
function fixedWindow(max: number): () => boolean {
  let windowStartedAt = 0;
  let inWindow = 0;
  return () => {
    const now = Date.now();
    if (now - windowStartedAt >= COMMAND_WINDOW_MS) {
      windowStartedAt = now;
      inWindow = 0;
    }
    inWindow += 1;
    return inWindow <= max;
  };
}

/** A member's command allowances, shared by their sockets; kept a window after the last one closed, so reconnecting does not refill them. */
interface MemberAllowance {
  commands: () => boolean;
  relays: () => boolean;
  sockets: number;
}

/**
 * A failed command's answer, as an HTTP route would answer it: the database
 * out of reach (a pool with no connection free in time, under a crowd) is a
 * 503 the member may try again, not a fault.
 */
export function commandAnswerFor(error: unknown): Extract<CommandAnswer, { ok: false }> {
  const { statusCode, body } = toErrorResponse(error, 0);
  return { ok: false, status: statusCode, message: body.message };
}

/**
 * Whether a connection from `origin` may open: no Origin (a client that is
 * not a browser, or a browser's same-origin polling request, which sends
 * none), Orbit's own address, or the address the request was sent to (the
 * page and the connection on one server, as behind the dev proxy).
 */
export function originAllowed(origin: string | undefined, host: string | undefined, publicOrigin: string): boolean {
  if (origin === undefined) return true;
  let from: URL;
  try {
    from = new URL(origin);
  } catch {
    return false;
  }
  return from.origin === publicOrigin || (host !== undefined && from.host === host.toLowerCase());
}

async function realtimePlugin(app: FastifyInstance, options: RealtimePluginOptions): Promise<void> {
  const publicOrigin = new URL(options.publicUrl).origin;
  /** What a handshake or command that threw answers; a fault is logged, a database briefly out of reach only warned of. */
  const failedAnswer = (error: unknown, where: { step: 'handshake' } | { command: ClientCommandName }) => {
    const answer = commandAnswerFor(error);
    if (!(error instanceof HttpError)) {
      if (answer.status === 503) app.log.warn({ err: error, ...where }, 'realtime: database unavailable');
      else app.log.error({ err: error, ...where }, 'realtime failed');
    }
    return answer;
  };
  const io: OrbitServer = new Server(app.server, {
    path: REALTIME_PATH,
    serveClient: false,
    // A command is a few hundred bytes; a call's session description (CALL_SDP_MAX characters) is the largest, with room to spare.
    maxHttpBufferSize: 65_536,
    // Same origin only: the SPA is served by this server.
    cors: undefined,
    // socket.io accepts any Origin by itself, so a page on another site could open a member's connection with their token.
    allowRequest: (request, answer) => answer(null, originAllowed(request.headers.origin, request.headers.host, publicOrigin)),
  });

  const redis = options.redisUrl ? createClient({ url: options.redisUrl }) : undefined;
  if (redis) {
    redis.on('error', (error: unknown) => app.log.warn({ err: error }, 'redis connection error'));
    await redis.connect();
    io.adapter(createAdapter(redis));
  }

  const handlers = new Map<ClientCommandName, (member: UserRow, payload: unknown, context: CommandContext) => Promise<void>>();
  const relays = new Map<ClientCommandName, (payload: unknown, context: CommandContext) => void>();
  const disconnectListeners: Array<(socket: DisconnectedSocket) => void> = [];
  const graceMs = options.presenceGraceMs ?? PRESENCE_GRACE_MS;
  const leaving = new Map<string, NodeJS.Timeout>();

  const toMember: Realtime['toMember'] = (userId, event, payload) => {
    // socket.io's typed emit cannot follow a generic event name; the signature above keeps callers honest.
    (io.to(memberRoom(userId)).emit as (name: string, body: unknown) => boolean)(event, payload);
  };

  const stopKeepingSessionsLive = keepConnectedSessionsLive(
    app.db,
    () => [...io.of('/').adapter.rooms.keys()].filter((room) => room.startsWith(SESSION_ROOM_PREFIX)).map((room) => room.slice(SESSION_ROOM_PREFIX.length)),
    (error) => app.log.warn({ err: error }, 'keeping connected sessions live failed'),
    options.connectedSessionsIntervalMs,
  );
  const presenceNews = createPresenceNews(
    app.db,
    (peerId, event) => toMember(peerId, 'presence', event),
    (error) => app.log.warn({ err: error }, 'presence announcement failed'),
  );

  // Sockets let in per session, counted when let in (before 'connection'), so parallel handshakes cannot all pass.
  const socketsBySession = new Map<string, number>();
  const reserveSessionSocket = (socket: OrbitSocket, sessionId: string): boolean => {
    const open = socketsBySession.get(sessionId) ?? 0;
    if (open >= SOCKETS_PER_SESSION) return false;
    socketsBySession.set(sessionId, open + 1);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      const left = (socketsBySession.get(sessionId) ?? 1) - 1;
      if (left > 0) socketsBySession.set(sessionId, left);
      else socketsBySession.delete(sessionId);
    };
    // A socket let in but gone before it connected never hears 'disconnect': its connection's close releases it.
    socket.once('disconnect', release);
    socket.conn.once('close', release);
    return true;
  };

  const memberAllowances = new Map<string, MemberAllowance>();
  const allowanceOf = (userId: string): MemberAllowance => {
    const known = memberAllowances.get(userId);
    if (known) return known;
    const created = { commands: fixedWindow(COMMANDS_PER_WINDOW), relays: fixedWindow(RELAYS_PER_WINDOW), sockets: 0 };
    memberAllowances.set(userId, created);
    return created;
  };
  const forgetAllowanceLater = (userId: string, allowance: MemberAllowance) => {
    const timer = setTimeout(() => {
      if (allowance.sockets === 0 && memberAllowances.get(userId) === allowance) memberAllowances.delete(userId);
    }, COMMAND_WINDOW_MS);
    timer.unref();
  };

  io.use((socket, next) => {
    const auth = handshakeAuthSchema.safeParse(socket.handshake.auth);
    if (!auth.success) {
      next(Object.assign(new Error('Authentication required'), { data: { status: 401 } }));
      return;
    }
    app.authenticateToken(auth.data.token).then(
      ({ user, sessionId }) => {
        if (user.role !== 'user') {
          next(Object.assign(new Error('This channel is for member accounts'), { data: { status: 403 } }));
          return;
        }
        const { exp } = app.jwt.decode<{ exp?: number }>(auth.data.token) ?? {};
        socket.data = { userId: user.id, sessionId, token: auth.data.token, expiresAt: (exp ?? 0) * 1000 };
        if (!reserveSessionSocket(socket, sessionId)) {
          next(Object.assign(new Error(TOO_MANY_CONNECTIONS_MESSAGE), { data: { status: 429 } }));
          return;
        }
        next();
      },
      (error: unknown) => {
        const { status, message } = failedAnswer(error, { step: 'handshake' });
        next(Object.assign(new Error(message), { data: { status } }));
      },
    );
  });

  const contextOf = (socket: OrbitSocket): CommandContext => ({
    socketId: socket.id,
    userId: socket.data.userId,
    rooms: socket.rooms,
    address: socket.handshake.address,
    join: (room) => void socket.join(room),
    broadcast: (room, event, payload) => {
      // As in toMember: the typed emit cannot follow a generic event name.
      (socket.to(room).emit as (name: string, body: unknown) => boolean)(event, payload);
    },
  });

  const onCommand = (socket: OrbitSocket, name: ClientCommandName, allowance: () => boolean, relayAllowance: () => boolean) => {
    socket.on(name, (payload: unknown, answer?: (result: CommandAnswer) => void) => {
      const reply = typeof answer === 'function' ? answer : () => {};
      const relay = relays.get(name);
      if (!(relay ? relayAllowance() : allowance())) {
        reply({ ok: false, status: 429, message: 'Too many requests, please slow down' });
        return;
      }
      const parsed = clientCommandSchemas[name].safeParse(payload);
      if (!parsed.success) {
        reply({ ok: false, status: 400, message: parsed.error.issues[0]?.message ?? 'Invalid command' });
        return;
      }
      if (relay) {
        try {
          relay(parsed.data, contextOf(socket));
          reply({ ok: true });
        } catch (error) {
          reply(failedAnswer(error, { command: name }));
        }
        return;
      }
      const handler = handlers.get(name);
      if (!handler) {
        reply({ ok: false, status: 404, message: 'Unknown command' });
        return;
      }
      // The member as the database has them now (receipts choice, ban); the session itself was checked at the handshake.
      findMember(app.db, socket.data.userId)
        .then(async (member) => {
          if (!member || member.isBanned) throw new HttpError(401, 'Authentication required');
          await handler(member, parsed.data, contextOf(socket));
          reply({ ok: true });
        })
        .catch((error: unknown) => {
          reply(failedAnswer(error, { command: name }));
        });
    });
  };

  io.on('connection', (socket: OrbitSocket) => {
    const { userId, sessionId } = socket.data;
    const firstHere = !io.of('/').adapter.rooms.get(memberRoom(userId))?.size;
    void socket.join([memberRoom(userId), sessionRoom(sessionId)]);
    const pending = leaving.get(sessionId);
    if (pending) {
      clearTimeout(pending);
      leaving.delete(sessionId);
    }
    if (firstHere) presenceNews.announce(userId, true);
    // A fixed window per member: each command costs a database read (counted before it), and a script must not turn
    // typing into a flood, however many sockets it opens. Relayed commands cost no read and count apart, so a call's
    // burst of candidates never starves typing, nor typing a call.
    const allowance = allowanceOf(userId);
    allowance.sockets += 1;
    for (const name of Object.keys(clientCommandSchemas) as ClientCommandName[]) onCommand(socket, name, allowance.commands, allowance.relays);

    // The session's own end: the browser reconnects with a fresh token if it has one, or learns it has to sign in.
    const expiry = setTimeout(() => socket.disconnect(true), Math.min(Math.max(0, socket.data.expiresAt - Date.now()), MAX_TIMER_MS));
    expiry.unref();

    // socket.io empties a socket's rooms before 'disconnect'; listeners want to know which it was in.
    let roomsAtDisconnect: ReadonlySet<string> = new Set();
    socket.on('disconnecting', () => {
      roomsAtDisconnect = new Set(socket.rooms);
    });

    socket.on('disconnect', () => {
      clearTimeout(expiry);
      allowance.sockets -= 1;
      if (allowance.sockets === 0) forgetAllowanceLater(userId, allowance);
      for (const listener of disconnectListeners) {
        try {
          listener({ socketId: socket.id, userId, rooms: roomsAtDisconnect });
        } catch (error) {
          app.log.warn({ err: error }, 'realtime disconnect listener failed');
        }
      }
      if (io.of('/').adapter.rooms.get(sessionRoom(sessionId))?.size) return;
      // The last tab of this session closed here; a reload or a short drop comes back within the grace.
      const timer = setTimeout(() => {
        leaving.delete(sessionId);
        void (async () => {
          const elsewhere = await io.in(sessionRoom(sessionId)).fetchSockets();
          if (elsewhere.length > 0) return;
          await markSessionLeft(app.db, userId, sessionId, new Date());
          const isOnline = await isOnlineNow(app.db, userId);
          if (isOnline === false) presenceNews.announce(userId, false);
        })().catch((error: unknown) => app.log.warn({ err: error }, 'presence settling failed'));
      }, graceMs);
      timer.unref();
      leaving.set(sessionId, timer);
    });
  });

  const recheckMember: Realtime['recheckMember'] = (userId) => {
    void (async () => {
      const sockets = await io.in(memberRoom(userId)).fetchSockets();
      for (const socket of sockets) {
        const stillValid = await app.authenticateToken(socket.data.token).then(
          () => true,
          () => false,
        );
        if (!stillValid) socket.disconnect(true);
      }
    })().catch((error: unknown) => app.log.warn({ err: error }, 'realtime session recheck failed'));
  };

  app.decorate('realtime', {
    toMember,
    toRoom: (rooms, event, payload) => {
      // As in toMember: the typed emit cannot follow a generic event name.
      (io.to(rooms).emit as (name: string, body: unknown) => boolean)(event, payload);
    },
    handle: (name, handler) => {
      handlers.set(name, handler as (member: UserRow, payload: unknown, context: CommandContext) => Promise<void>);
    },
    relay: (name, handler) => {
      relays.set(name, handler as (payload: unknown, context: CommandContext) => void);
    },
    socketsIn: async (room) => (await io.in(room).fetchSockets()).map((socket) => ({ socketId: socket.id, userId: socket.data.userId })),
    socketsInRooms: async (rooms) => {
      const byRoom = new Map(rooms.map((room): [string, RoomSocket[]] => [room, []]));
      if (rooms.length === 0) return byRoom;
      // Each socket comes once, however many of the rooms it is in, with all its rooms (remote ones too).
      for (const socket of await io.in([...rooms]).fetchSockets()) {
        for (const room of socket.rooms) byRoom.get(room)?.push({ socketId: socket.id, userId: socket.data.userId });
      }
      return byRoom;
    },
    leaveRoom: (room, socketId) => {
      io.in(socketId ?? room).socketsLeave(room);
    },
    isConnected: async (userId) => (await io.in(memberRoom(userId)).fetchSockets()).length > 0,
    onDisconnect: (listener) => {
      disconnectListeners.push(listener);
    },
    recheckMember,
    io,
  } satisfies Realtime);

  // Before the HTTP server closes: open sockets would hold it open, and pending presence work would outlive the database.
  app.addHook('preClose', (hookDone) => {
    for (const timer of leaving.values()) clearTimeout(timer);
    leaving.clear();
    io.local.disconnectSockets(true);
    io.engine.close();
    hookDone();
  });
  app.addHook('onClose', async () => {
    presenceNews.stop();
    stopKeepingSessionsLive();
    if (redis) await redis.quit().catch(() => {});
  });
}

export default fp(realtimePlugin, { name: 'orbit-realtime', fastify: '5.x', dependencies: ['orbit-database', 'orbit-auth', 'orbit-errors'] });
