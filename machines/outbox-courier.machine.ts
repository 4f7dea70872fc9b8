import { assign, setup, type SnapshotFrom } from 'xstate';
import { actorNotProvided, callbackActorNotProvided } from './actor-not-provided';
import { MAX_SEND_ATTEMPTS, SEND_RETRY_DELAY_MS } from './outbox';

/**
 * Messages a member wrote wait in the outbox (kept in the browser) until the
 * server has stored them. While the Messages screen is open, its own machine
 * sends them; this one sends them from anywhere else in Orbit, so a message
 * written offline goes out when the connection is back, whichever page the
 * member has moved on to.
 */

export interface OutboxCourierInput {
  /** Whether the realtime connection is up as the courier starts. */
  online: boolean;
  /** Whether the Messages screen is open (it sends its own outbox then). */
  messagesOpen: boolean;
}

export interface OutboxCourierContext {
  online: boolean;
  messagesOpen: boolean;
  /** Something may be waiting: set at the start, when the connection comes back, and when Messages closes. */
  due: boolean;
  /** Failed rounds in a row (a round stops at the first message the server could not be reached for). */
  failures: number;
}

/** What the tab's realtime connection tells the courier. */
export type ConnectionSignal = { type: 'CONNECTION.BACK' } | { type: 'CONNECTION.LOST' };

export type OutboxCourierEvent = ConnectionSignal | { type: 'MESSAGES.OPENED' } | { type: 'MESSAGES.CLOSED' };

export const outboxCourierMachine = setup({
  types: {
    input: {} as OutboxCourierInput,
    context: {} as OutboxCourierContext,
    events: {} as OutboxCourierEvent,
  },
  actors: {
    /**
     * Sends what waits in the outbox, oldest first, and takes each message out once stored (or once its conversation
     * has ended); a message the server refused stays for the Messages screen to explain. Fails when the server cannot
     * be reached, leaving the rest in place.
     */
    deliverOutbox: actorNotProvided<void, void>('outbox courier', 'deliverOutbox'),
    /** The tab's realtime connection, as CONNECTION.BACK and CONNECTION.LOST. */
    watchConnection: callbackActorNotProvided<ConnectionSignal, void>('outbox courier', 'watchConnection'),
  },
  actions: {
    connectionBack: assign({ online: true, due: true, failures: 0 }),
    connectionLost: assign({ online: false }),
    messagesOpened: assign({ messagesOpen: true }),
    messagesClosed: assign({ messagesOpen: false, due: true, failures: 0 }),
    delivered: assign({ due: false, failures: 0 }),
    countFailure: assign(({ context }) => ({ failures: context.failures + 1 })),
    giveUp: assign({ due: false, failures: 0 }),
  },
  guards: {
    mayDeliver: ({ context }) => context.due && context.online && !context.messagesOpen,
    triesLeft: ({ context }) => context.failures + 1 < MAX_SEND_ATTEMPTS,
  },
  delays: {
    /** The same pause as the Messages screen's between tries. */
    RETRY_DELAY: SEND_RETRY_DELAY_MS,
  },
}).createMachine({
  id: 'outboxCourier',
  description:
    'Sends the outbox from anywhere in Orbit except the Messages screen (which sends its own): when the connection comes back, ' +
    'when Messages closes, and when a signed-in tab opens. A round that cannot reach the server tries again after RETRY_DELAY, ' +
    'three tries in all; what is still waiting then goes with the next reconnection or visit to Messages.',
  context: ({ input }) => ({ online: input.online, messagesOpen: input.messagesOpen, due: true, failures: 0 }),
  invoke: { id: 'watchConnection', src: 'watchConnection' },
  on: {
    'CONNECTION.BACK': { actions: 'connectionBack' },
    'CONNECTION.LOST': { actions: 'connectionLost' },
    'MESSAGES.OPENED': { actions: 'messagesOpened' },
    'MESSAGES.CLOSED': { actions: 'messagesClosed' },
  },
  initial: 'waiting',
  states: {
    waiting: {
      description: 'Nothing is known to wait, the connection is down, or Messages is open.',
      always: { guard: 'mayDeliver', target: 'delivering' },
    },
    delivering: {
      description: 'A round through the outbox, one message after the other.',
      invoke: {
        id: 'deliverOutbox',
        src: 'deliverOutbox',
        onDone: { target: 'waiting', actions: 'delivered' },
        onError: [
          { guard: 'triesLeft', target: 'resting', actions: 'countFailure' },
          { target: 'waiting', actions: 'giveUp' },
        ],
      },
      on: {
        // Messages takes over (the round stops between two messages); a lost connection ends the round.
        'MESSAGES.OPENED': { target: 'waiting', actions: 'messagesOpened' },
        'CONNECTION.LOST': { target: 'waiting', actions: 'connectionLost' },
      },
    },
    resting: {
      description: 'The server could not be reached: the next round starts after RETRY_DELAY.',
      after: { RETRY_DELAY: { target: 'waiting' } },
      on: {
        'MESSAGES.OPENED': { target: 'waiting', actions: 'messagesOpened' },
        'CONNECTION.LOST': { target: 'waiting', actions: 'connectionLost' },
      },
    },
  },
});

export type OutboxCourierSnapshot = SnapshotFrom<typeof outboxCourierMachine>;
