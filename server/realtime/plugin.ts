import { createAdapter } from '@socket.io/redis-streams-adapter';
import { eq } from 'drizzle-orm';
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
import { users, type UserRow } from '../db/schema';
import { HttpError } from '../plugins/errors';
import { keepConnectedSessionsLive } from './connected-sessions';
import { createPresenceNews } from './presence-news';

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

export type CommandHandler<Name extends ClientCommandName> = (
  member: UserRow,
  payload: z.infer<(typeof clientCommandSchemas)[Name]>,
) => Promise<void>;

export interface Realtime {
  /** Sends an event to every open Orbit tab of the member, on whichever server process it is connected. */
  toMember<Name extends ServerEventName>(userId: string, event: Name, payload: Parameters<ServerEvents[Name]>[0]): void;
  /** Answers a browser command (validated against its schema first); one handler per command. */
  handle<Name extends ClientCommandName>(name: Name, handler: CommandHandler<Name>): void;
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
  /** How long a member stays online after their last socket closed; tests shorten it. */
  presenceGraceMs?: number;
  /** How often sessions with an open socket are marked in use (a background tab stays online); tests shorten it. */
  connectedSessionsIntervalMs?: number;
}

/** Commands one socket may send per COMMAND_WINDOW_MS: typing goes out every 2 s at most, receipts a few times per message. */
const COMMANDS_PER_WINDOW = 40;
const COMMAND_WINDOW_MS = 10_000;
/** setTimeout's ceiling (about 24.8 days); a token living longer is rechecked when this much has passed. */
const MAX_TIMER_MS = 2 ** 31 - 1;

const memberRoom = (userId: string) => `member:${userId}`;
const SESSION_ROOM_PREFIX = 'session:';
const sessionRoom = (sessionId: string) => `${SESSION_ROOM_PREFIX}${sessionId}`;

function answerFor(error: unknown): CommandAnswer {
  if (error instanceof HttpError) return { ok: false, status: error.statusCode, message: error.message };
  return { ok: false, status: 500, message: 'Something went wrong' };
}

async function realtimePlugin(app: FastifyInstance, options: RealtimePluginOptions): Promise<void> {
  const io: OrbitServer = new Server(app.server, {
    path: REALTIME_PATH,
    serveClient: false,
    // A command is a few hundred bytes; nothing legitimate comes near this.
    maxHttpBufferSize: 16_384,
    // Same origin only: the SPA is served by this server.
    cors: undefined,
  });

  const redis = options.redisUrl ? createClient({ url: options.redisUrl }) : undefined;
  if (redis) {
    redis.on('error', (error: unknown) => app.log.warn({ err: error }, 'redis connection error'));
    await redis.connect();
    io.adapter(createAdapter(redis));
  }

  const handlers = new Map<ClientCommandName, (member: UserRow, payload: unknown) => Promise<void>>();
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
        next();
      },
      (error: unknown) => {
        const status = error instanceof HttpError ? error.statusCode : 500;
        if (status >= 500) app.log.error({ err: error }, 'realtime handshake failed');
        next(Object.assign(new Error(error instanceof HttpError ? error.message : 'Something went wrong'), { data: { status } }));
      },
    );
  });

  const onCommand = (socket: OrbitSocket, name: ClientCommandName, allowance: () => boolean) => {
    socket.on(name, (payload: unknown, answer?: (result: CommandAnswer) => void) => {
      const reply = typeof answer === 'function' ? answer : () => {};
      if (!allowance()) {
        reply({ ok: false, status: 429, message: 'Too many requests, please slow down' });
        return;
      }
      const parsed = clientCommandSchemas[name].safeParse(payload);
      if (!parsed.success) {
        reply({ ok: false, status: 400, message: parsed.error.issues[0]?.message ?? 'Invalid command' });
        return;
      }
      const handler = handlers.get(name);
      if (!handler) {
        reply({ ok: false, status: 404, message: 'Unknown command' });
        return;
      }
      // The member as the database has them now (receipts choice, ban); the session itself was checked at the handshake.
      app.db
        .select()
        .from(users)
        .where(eq(users.id, socket.data.userId))
        .limit(1)
        .then(async ([member]) => {
          if (!member || member.isBanned) throw new HttpError(401, 'Authentication required');
          await handler(member, parsed.data);
          reply({ ok: true });
        })
        .catch((error: unknown) => {
          if (!(error instanceof HttpError)) app.log.error({ err: error, command: name }, 'realtime command failed');
          reply(answerFor(error));
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
    // A fixed window per socket: each command costs a database read, and a script must not turn typing into a flood.
    let windowStartedAt = 0;
    let commandsInWindow = 0;
    const allowance = () => {
      const now = Date.now();
      if (now - windowStartedAt >= COMMAND_WINDOW_MS) {
        windowStartedAt = now;
        commandsInWindow = 0;
      }
      commandsInWindow += 1;
      return commandsInWindow <= COMMANDS_PER_WINDOW;
    };
    for (const name of Object.keys(clientCommandSchemas) as ClientCommandName[]) onCommand(socket, name, allowance);

    // The session's own end: the browser reconnects with a fresh token if it has one, or learns it has to sign in.
    const expiry = setTimeout(() => socket.disconnect(true), Math.min(Math.max(0, socket.data.expiresAt - Date.now()), MAX_TIMER_MS));
    expiry.unref();

    socket.on('disconnect', () => {
      clearTimeout(expiry);
      if (io.of('/').adapter.rooms.get(sessionRoom(sessionId))?.size) return;
      // The last tab of this session closed here; a reload or a short drop comes back within the grace.
      const timer = setTimeout(() => {
        leaving.delete(sessionId);
        void (async () => {
          const elsewhere = await io.in(sessionRoom(sessionId)).fetchSockets();
          if (elsewhere.length > 0) return;
          await markSessionLeft(app.db, userId, sessionId, new Date());
          const [row] = await app.db.select({ isOnline: users.isOnline }).from(users).where(eq(users.id, userId)).limit(1);
          if (row && !row.isOnline) presenceNews.announce(userId, false);
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
    handle: (name, handler) => {
      handlers.set(name, handler as (member: UserRow, payload: unknown) => Promise<void>);
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
