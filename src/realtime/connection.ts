import type { QueryClient } from '@tanstack/react-query';
import { io, type Socket } from 'socket.io-client';
import {
  REALTIME_PATH,
  serverEventSchemas,
  type ClientCommands,
  type CommandAnswer,
  type ServerEventName,
  type ServerEvents,
} from '../../contract/realtime';
import type { Message } from '../../contract/messaging';
import { fetchCurrentUser } from '../api/auth/sign-in';
import { readTokens } from '../api/auth/tokens';
import { discoveryKeys } from '../api/discovery';
import { refetchAccount } from '../api/member-keys';
import {
  cachedConversationPeers,
  catchUp,
  followsHeld,
  messagingKeys,
  noteMessageInList,
  noteReceipts,
  notePresence,
  storeMessages,
  type MessagesData,
} from '../api/messaging';
import { showMatchMoment } from '../features/discovery/match-moment/match-moment';
import { realtimeHub, type CallHubEvent, type LiveHubEvent, type RealtimeHub } from './hub';
import { applyLiveEvent } from './live-cache';

/**
 * The tab's realtime connection (socket.io at REALTIME_PATH, same origin),
 * loaded only for a signed-in member. Every server event is checked against
 * contract/realtime.ts and lands in TanStack Query's cache; the hub hears of
 * connection status, typing, new messages, call events and purchase updates
 * for the screens.
 */

export type OrbitSocket = Socket<ServerEvents, ClientCommands>;
const COMMAND_TIMEOUT_MS = 10_000;
/** After the server refused the connection as one too many for this sign-in (429): when to try again, once some other tab may have closed. */
export const TOO_MANY_TABS_RETRY_MS = 30_000;
const NO_ANSWER: CommandAnswer = { ok: false, status: 0, message: 'No answer' };
const LIVE_EVENT_NAMES = ['live:offer', 'live:viewers', 'live:chat', 'live:chat-removed', 'live:muted', 'live:republished', 'live:ended', 'live:gift'] as const satisfies ReadonlyArray<
  LiveHubEvent['name']
>;

export interface ConnectionOptions {
  token: string;
  queryClient: QueryClient;
  hub?: RealtimeHub;
  /** For tests: how the socket is made. */
  connect?: (token: string) => OrbitSocket;
}

const defaultConnect = (token: string): OrbitSocket => io({ path: REALTIME_PATH, auth: { token }, transports: ['websocket', 'polling'] });


function parse<Name extends ServerEventName>(name: Name, payload: unknown): Parameters<ServerEvents[Name]>[0] | null {
  const result = serverEventSchemas[name].safeParse(payload);
  if (!result.success) {
    console.warn(`Realtime: dropped a malformed "${name}" event`);
    return null;
  }
  return result.data as Parameters<ServerEvents[Name]>[0];
}

/** Opens the connection; the returned function closes it. */
export function openConnection({ token, queryClient, hub = realtimeHub, connect = defaultConnect }: ConnectionOptions): () => void {
  const socket = connect(token);
  let closed = false;

  const catchUpAll = () => {
    for (const peerId of cachedConversationPeers(queryClient)) {
      catchUp(queryClient, peerId).catch((error: unknown) => console.warn('Realtime: catching up failed', error));
    }
    void queryClient.invalidateQueries({ queryKey: messagingKeys.conversations() });
  };

  const markDelivered = (peerId: string, seq: number) => {
    void hub.command('receipts:mark', { peerId, deliveredSeq: seq });
  };

  const onMessage = (peerId: string, message: Message) => {
    const held = queryClient.getQueryData<MessagesData>(messagingKeys.messages(peerId));
    if (held && !followsHeld(held, message.seq)) {
      // Something in between was missed: fetch the gap, which brings this one too.
      catchUp(queryClient, peerId).catch((error: unknown) => console.warn('Realtime: fetching a gap failed', error));
    } else {
      storeMessages(queryClient, peerId, [message]);
    }
    const fromThem = message.senderId === peerId;
    if (!noteMessageInList(queryClient, peerId, message, fromThem && hub.isReading(peerId))) {
      void queryClient.invalidateQueries({ queryKey: messagingKeys.conversations() });
    }
    if (fromThem) markDelivered(peerId, message.seq);
    hub.publish({ type: 'message', peerId, message });
  };

  socket.on('message:new', (payload: unknown) => {
    const event = parse('message:new', payload);
    if (event) onMessage(event.peerId, event.message);
  });
  socket.on('receipts:update', (payload: unknown) => {
    const event = parse('receipts:update', payload);
    if (event) noteReceipts(queryClient, event.peerId, event.receipts);
  });
  socket.on('typing', (payload: unknown) => {
    const event = parse('typing', payload);
    if (event) hub.publish({ type: 'typing', peerId: event.peerId });
  });
  socket.on('conversation:ended', (payload: unknown) => {
    const event = parse('conversation:ended', payload);
    if (!event) return;
    hub.publish({ type: 'ended', peerId: event.peerId });
    void queryClient.invalidateQueries({ queryKey: messagingKeys.conversations() });
    void queryClient.invalidateQueries({ queryKey: discoveryKeys.matches() });
  });
  socket.on('match:new', (payload: unknown) => {
    const event = parse('match:new', payload);
    if (!event) return;
    void queryClient.invalidateQueries({ queryKey: messagingKeys.conversations() });
    void queryClient.invalidateQueries({ queryKey: discoveryKeys.matches() });
    // The other member just liked this one back: the match moment, wherever they are. Set here rather than by the
    // moment's host, which loads with the member's layer of the shell and may not be there yet when the news comes.
    if (event.likedBackBy) showMatchMoment({ id: event.peerId, ...event.likedBackBy });
  });
  socket.on('coins:balance', (payload: unknown) => {
    // Refetched rather than set from the event: two changes committing at once may announce themselves in either order.
    if (parse('coins:balance', payload)) void refetchAccount(queryClient);
  });
  socket.on('purchase:updated', (payload: unknown) => {
    const event = parse('purchase:updated', payload);
    if (!event) return;
    // The purchase history (and, once granted, the balance) are under the account's key.
    void refetchAccount(queryClient);
    hub.publish({ type: 'purchase', purchase: event.purchase });
  });
  socket.on('subscription:updated', (payload: unknown) => {
    // The subscription and the VIP it gives are both under the account's key.
    if (parse('subscription:updated', payload)) void refetchAccount(queryClient);
  });
  socket.on('presence', (payload: unknown) => {
    const event = parse('presence', payload);
    if (event) notePresence(queryClient, event.userId, event.isOnline);
  });

  // Calls: the hub carries them to the call screen and the incoming-call panel; nothing of them is cached.
  const publishCall = <Name extends CallHubEvent['name']>(name: Name, payload: unknown) => {
    const event = parse(name, payload);
    // TypeScript cannot pair a generic name with its payload; parse checked them together.
    if (event) hub.publish({ type: 'call', event: { name, payload: event } as CallHubEvent });
  };
  socket.on('call:incoming', (payload: unknown) => publishCall('call:incoming', payload));
  socket.on('call:ringing', (payload: unknown) => publishCall('call:ringing', payload));
  socket.on('call:answered', (payload: unknown) => publishCall('call:answered', payload));
  socket.on('call:ended', (payload: unknown) => publishCall('call:ended', payload));
  socket.on('call:signal', (payload: unknown) => publishCall('call:signal', payload));

  // Live streams: the cache takes what changed (count, chat, end), then the live screens hear of it.
  const onLive = <Name extends LiveHubEvent['name']>(name: Name, payload: unknown) => {
    const parsed = parse(name, payload);
    if (!parsed) return;
    // As for calls: parse checked the name and payload together.
    const event = { name, payload: parsed } as LiveHubEvent;
    applyLiveEvent(queryClient, event);
    hub.publish({ type: 'live', event });
  };
  for (const name of LIVE_EVENT_NAMES) socket.on(name, (payload: unknown) => onLive(name, payload));

  socket.on('connect', () => {
    hub.publish({ type: 'status', status: 'connected' });
    catchUpAll();
  });
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  socket.on('connect_error', (error: Error & { data?: { status?: number } }) => {
    hub.publish({ type: 'status', status: 'disconnected' });
    if (socket.active) return;
    if (error.data?.status === 429) {
      // Too many tabs of this sign-in are connected: the session stands, so asking about it would only reconnect at once, refused again.
      clearTimeout(retryTimer);
      retryTimer = setTimeout(() => {
        if (!closed) socket.connect();
      }, TOO_MANY_TABS_RETRY_MS);
      return;
    }
    // A refused handshake may be an ended session: an ordinary call finds out (a 401 signs out).
    recheckSession();
  });
  socket.on('disconnect', (reason) => {
    hub.publish({ type: 'status', status: 'disconnected' });
    // The server ended the connection (ban, sign-out, ended session): ask the API whether the session still stands.
    if (reason === 'io server disconnect') recheckSession();
  });

  const recheckSession = () => {
    // The tab's session already ended (the member deleted the account or logged out here; the socket
    // lingers for its release grace): nothing to ask, and asking without a token would read as a sign-out.
    if (closed || readTokens().userToken !== token) return;
    fetchCurrentUser()
      .then(() => {
        if (!closed) socket.connect();
      })
      .catch(() => {
        // A 401 has signed the tab out through the usual path (the session actor stops this connection).
      });
  };

  hub.setCommandSender(
    (name, payload) =>
      new Promise((resolve) => {
        if (!socket.connected) {
          resolve({ ok: false, status: 0, message: 'Not connected' });
          return;
        }
        const answered = (error: Error | null, answer?: CommandAnswer) => resolve(error || !answer ? NO_ANSWER : answer);
        // socket.io cannot follow a generic command name; the hub already typed this one's payload by its name.
        const timed = socket.timeout(COMMAND_TIMEOUT_MS);
        (timed.emit as (event: string, body: unknown, ack: typeof answered) => void).call(timed, name, payload, answered);
      }),
  );
  hub.publish({ type: 'status', status: 'connecting' });

  return () => {
    closed = true;
    clearTimeout(retryTimer);
    hub.setCommandSender(null);
    socket.removeAllListeners();
    socket.disconnect();
    hub.publish({ type: 'status', status: 'disconnected' });
  };
}

// One connection per tab. The session actor restarts on every navigation
// (the auth machine passes through `resolving`), so a release waits a moment:
// acquiring again with the same token keeps the socket.
let shared: { token: string; queryClient: QueryClient; users: number; close: () => void; timer: ReturnType<typeof setTimeout> | null } | null = null;
const RELEASE_GRACE_MS = 1000;

/** The tab's connection with the member's session token (from storage, like every request); the returned function lets go of it. */
export function acquireConnection(queryClient: QueryClient, token = readTokens().userToken ?? ''): () => void {
  if (shared && (shared.token !== token || shared.queryClient !== queryClient)) {
    shared.close();
    if (shared.timer) clearTimeout(shared.timer);
    shared = null;
  }
  if (!shared) shared = { token, queryClient, users: 0, close: openConnection({ token, queryClient }), timer: null };
  const entry = shared;
  entry.users += 1;
  if (entry.timer) {
    clearTimeout(entry.timer);
    entry.timer = null;
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    entry.users -= 1;
    if (entry.users > 0) return;
    entry.timer = setTimeout(() => {
      if (shared === entry && entry.users === 0) {
        entry.close();
        shared = null;
        // The member's messages go with the session.
        queryClient.removeQueries({ queryKey: messagingKeys.all });
      }
    }, RELEASE_GRACE_MS);
  };
}
