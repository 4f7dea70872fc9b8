import type { z } from 'zod';
import type {
  CallAnsweredEvent,
  CallEndedEvent,
  CallIncomingEvent,
  CallRingingEvent,
  CallSignalEvent,
  CommandAnswer,
  ClientCommandName,
  clientCommandSchemas,
  serverEventSchemas,
} from '../../contract/realtime';
import type { Message } from '../../contract/messaging';
import type { Purchase } from '../../contract/store/purchases';

/**
 * The tab's realtime hub: what the socket (src/realtime/connection.ts, loaded
 * lazily) tells the screens that is not server state (connection status, call events,
 * typing), and the way screens send commands back. Server state itself goes
 * to TanStack Query's cache; this carries signals only. Plain and tiny: no
 * socket.io here, so a screen can subscribe without loading the socket.
 */

export type ConnectionStatus = 'connecting' | 'connected' | 'disconnected';

/** A call event from the server, already checked against its schema (docs/VIDEO-CALLS.md). */
export type CallHubEvent =
  | { name: 'call:incoming'; payload: CallIncomingEvent }
  | { name: 'call:ringing'; payload: CallRingingEvent }
  | { name: 'call:answered'; payload: CallAnsweredEvent }
  | { name: 'call:ended'; payload: CallEndedEvent }
  | { name: 'call:signal'; payload: CallSignalEvent };

/** A live-stream event from the server, already checked and applied to the cache (docs/LIVE-STREAMS.md). */
export type LiveHubEvent = {
  [Name in LiveEventName]: { name: Name; payload: z.infer<(typeof serverEventSchemas)[Name]> };
}[LiveEventName];
type LiveEventName = Extract<keyof typeof serverEventSchemas, `live:${string}`>;

export type HubSignal =
  | { type: 'status'; status: ConnectionStatus }
  | { type: 'typing'; peerId: string }
  /** A message reached the cache (the member's own from another tab included). */
  | { type: 'message'; peerId: string; message: Message }
  | { type: 'ended'; peerId: string }
  | { type: 'call'; event: CallHubEvent }
  | { type: 'live'; event: LiveHubEvent }
  /** One of the member's purchases changed state (paid, processing, failed, cancelled, expired), after the server's commit. */
  | { type: 'purchase'; purchase: Purchase };

export type CommandPayloads = { [Name in ClientCommandName]: z.infer<(typeof clientCommandSchemas)[Name]> };

type CommandSender = <Name extends ClientCommandName>(name: Name, payload: CommandPayloads[Name]) => Promise<CommandAnswer>;
type Listener = (signal: HubSignal) => void;

const OFFLINE_ANSWER: CommandAnswer = { ok: false, status: 0, message: 'Not connected' };
/**
 * How long a command waits for the connection before it counts as not
 * connected: a page just loaded (a call link opened directly) connects a
 * moment after the screen wants to invite. Typing is worth nothing later and never waits.
 */
export const CONNECTION_WAIT_MS = 10_000;

export interface RealtimeHub {
  status: () => ConnectionStatus;
  subscribe: (listener: Listener) => () => void;
  publish: (signal: HubSignal) => void;
  /** The connection registers how commands go out (null when it closes). */
  setCommandSender: (sender: CommandSender | null) => void;
  command: <Name extends ClientCommandName>(name: Name, payload: CommandPayloads[Name]) => Promise<CommandAnswer>;
  /** The person whose chat is open in this tab (their messages count as read while the tab is visible), set by the chat. */
  setReading: (peerId: string | null) => void;
  isReading: (peerId: string) => boolean;
  /** Whose chat is open in this tab, visible or not. */
  openChat: () => string | null;
}

export function createRealtimeHub(): RealtimeHub {
  const listeners = new Set<Listener>();
  let status: ConnectionStatus = 'disconnected';
  let sender: CommandSender | null = null;
  let reading: string | null = null;
  const subscribe = (listener: Listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };

  /** Resolves with the sender once the connection is up, or null after CONNECTION_WAIT_MS. */
  const connected = (): Promise<CommandSender | null> =>
    new Promise((resolve) => {
      const finish = (found: CommandSender | null) => {
        clearTimeout(timer);
        stopWaiting();
        resolve(found);
      };
      const stopWaiting = subscribe((signal) => {
        if (signal.type === 'status' && signal.status === 'connected' && sender) finish(sender);
      });
      const timer = setTimeout(() => finish(null), CONNECTION_WAIT_MS);
    });

  return {
    setReading: (peerId) => {
      reading = peerId;
    },
    openChat: () => reading,
    isReading: (peerId) => reading === peerId && (typeof document === 'undefined' || document.visibilityState === 'visible'),
    status: () => status,
    subscribe,
    publish: (signal) => {
      if (signal.type === 'status') status = signal.status;
      for (const listener of [...listeners]) listener(signal);
    },
    setCommandSender: (next) => {
      sender = next;
    },
    command: async (name, payload) => {
      if (sender && status === 'connected') return sender(name, payload);
      if (name === 'typing') return sender ? sender(name, payload) : OFFLINE_ANSWER;
      const ready = await connected();
      return ready ? ready(name, payload) : OFFLINE_ANSWER;
    },
  };
}

/** The one hub of this tab. */
export const realtimeHub = createRealtimeHub();
