import { assign, setup, type SnapshotFrom } from 'xstate';
import { actorNotProvided, callbackActorNotProvided } from '../actor-not-provided';
import { errorMessage } from '../error-message';
import { MAX_SEND_ATTEMPTS, SEND_RETRY_DELAY_MS, statusOf, type OutboxEntry } from './outbox';

/**
 * Messages a member wrote wait in the outbox (one per member, kept in the
 * browser) until the server has stored them. This machine is the one sender,
 * on every page, the Messages screen included: a message written offline goes
 * out when the connection is back, whichever page the member is on.
 */

export interface OutboxCourierInput {
  /** Whether the realtime connection is up as the courier starts. */
  online: boolean;
}

export interface OutboxCourierContext {
  online: boolean;
  /** Something may be waiting: set at the start, when the outbox changes and when the connection comes back. */
  due: boolean;
}

/** One try at the oldest message still trying: stored, or the failure it met (`error`). */
export type Delivery = { entry: OutboxEntry; stored: true } | { entry: OutboxEntry; stored: false; error: unknown };

/** What the tab's realtime connection tells the courier. */
export type ConnectionSignal = { type: 'CONNECTION.BACK' } | { type: 'CONNECTION.LOST' };

/** What the outbox tells the courier: something was written or changed, or the member asked to retry a message that stopped trying. */
export type OutboxSignal = { type: 'OUTBOX.CHANGED' } | { type: 'OUTBOX.RETRIED' };

export type OutboxCourierEvent = ConnectionSignal | OutboxSignal;

/** The delivery a try ended with (null: nothing was waiting). */
const deliveryOf = ({ event }: { event: { output: Delivery | null } }) => ({ delivery: event.output });

function entryOf(delivery: Delivery | null): OutboxEntry {
  if (!delivery) throw new Error('outbox courier: no message was tried');
  return delivery.entry;
}

const failureOf = (delivery: Delivery | null): unknown => (delivery && !delivery.stored ? delivery.error : null);

export const outboxCourierMachine = setup({
  types: {
    input: {} as OutboxCourierInput,
    context: {} as OutboxCourierContext,
    events: {} as OutboxCourierEvent,
  },
  actors: {
    /** Sends the oldest message still trying, with its browser-made id; null when none is. */
    sendNext: actorNotProvided<Delivery | null, void>('outbox courier', 'sendNext'),
    /** The tab's realtime connection, as CONNECTION.BACK and CONNECTION.LOST. */
    watchConnection: callbackActorNotProvided<ConnectionSignal, void>('outbox courier', 'watchConnection'),
    /** The outbox, as OUTBOX.CHANGED and OUTBOX.RETRIED. */
    watchOutbox: callbackActorNotProvided<OutboxSignal, void>('outbox courier', 'watchOutbox'),
  },
  actions: {
    // Changes to the outbox, which the courier's owner injects: the machine itself holds no message.
    /** Stored: the message leaves the outbox. */
    forget: (_, _params: { id: string }) => {},
    /** The conversation has ended (403): its messages leave the outbox, and an open Messages screen is told. */
    endConversation: (_, _params: { peerId: string }) => {},
    /** Refused (too long, too fast): it waits for the Messages screen to put its text back and show `message`. */
    handBack: (_, _params: { id: string; message: string }) => {},
    /** The server was not reached: one try more. */
    countAttempt: (_, _params: { id: string }) => {},
    /** Its last try did not reach the server either: "Not sent · Retry". */
    markFailed: (_, _params: { id: string }) => {},
    /** The connection is back: messages showing "Not sent · Retry" try again by themselves, three tries afresh. */
    retryStopped: () => {},
    connectionBack: assign({ online: true, due: true }),
    connectionLost: assign({ online: false }),
    markDue: assign({ due: true }),
    settle: assign({ due: false }),
  },
  guards: {
    mayDeliver: ({ context }) => context.due && context.online,
    nothingWaiting: (_, { delivery }: { delivery: Delivery | null }) => delivery === null,
    stored: (_, { delivery }: { delivery: Delivery | null }) => delivery?.stored === true,
    /** 403: the match ended before (or while) this went out. */
    ended: (_, { delivery }: { delivery: Delivery | null }) => delivery?.stored === false && statusOf(delivery.error) === 403,
    /** 400 (too long), 404 (no such conversation) and 429 (rate limit): trying again now cannot help. */
    refused: (_, { delivery }: { delivery: Delivery | null }) => delivery?.stored === false && [400, 404, 429].includes(statusOf(delivery.error)),
    triesLeft: (_, { delivery }: { delivery: Delivery | null }) => entryOf(delivery).attempts + 1 < MAX_SEND_ATTEMPTS,
  },
  delays: {
    RETRY_DELAY: SEND_RETRY_DELAY_MS,
  },
}).createMachine({
  id: 'outboxCourier',
  description:
    'Sends the outbox, oldest first and one message at a time, from every page while the connection is up. A message whose try ' +
    'did not reach the server is tried again after RETRY_DELAY (or as soon as the connection is back), three tries in all; then it shows ' +
    '"Not sent · Retry" and the next one goes. When the connection comes back, what shows "Not sent · Retry" tries again by itself.',
  context: ({ input }) => ({ online: input.online, due: true }),
  invoke: [
    { id: 'watchConnection', src: 'watchConnection' },
    { id: 'watchOutbox', src: 'watchOutbox' },
  ],
  on: {
    'CONNECTION.BACK': { actions: ['connectionBack', 'retryStopped'] },
    'CONNECTION.LOST': { actions: 'connectionLost' },
    'OUTBOX.CHANGED': { actions: 'markDue' },
    'OUTBOX.RETRIED': { actions: 'markDue' },
  },
  initial: 'idle',
  states: {
    idle: {
      description: 'Nothing is known to wait, or the connection is down.',
      always: { guard: 'mayDeliver', target: 'sending' },
    },
    sending: {
      description: 'The oldest message still trying is on its way (it shows as "Sending…").',
      invoke: {
        id: 'sendNext',
        src: 'sendNext',
        onDone: [
          { guard: { type: 'nothingWaiting', params: deliveryOf }, target: 'idle', actions: 'settle' },
          {
            guard: { type: 'stored', params: deliveryOf },
            target: 'idle',
            actions: { type: 'forget', params: ({ event }) => ({ id: entryOf(event.output).id }) },
          },
          {
            guard: { type: 'ended', params: deliveryOf },
            target: 'idle',
            actions: { type: 'endConversation', params: ({ event }) => ({ peerId: entryOf(event.output).peerId }) },
          },
          {
            guard: { type: 'refused', params: deliveryOf },
            target: 'idle',
            actions: {
              type: 'handBack',
              params: ({ event }) => ({ id: entryOf(event.output).id, message: errorMessage(failureOf(event.output), 'Message not sent') }),
            },
          },
          {
            guard: { type: 'triesLeft', params: deliveryOf },
            target: 'resting',
            actions: { type: 'countAttempt', params: ({ event }) => ({ id: entryOf(event.output).id }) },
          },
          { target: 'idle', actions: { type: 'markFailed', params: ({ event }) => ({ id: entryOf(event.output).id }) } },
        ],
        // Only a fault in the sender itself gets here: stop until something changes rather than try in a loop.
        onError: { target: 'idle', actions: 'settle' },
      },
    },
    resting: {
      description: 'The last try did not reach the server: the next goes after RETRY_DELAY, as soon as the connection is back, or when the member retries a message.',
      after: { RETRY_DELAY: { target: 'idle' } },
      on: {
        'CONNECTION.BACK': { target: 'idle', actions: ['connectionBack', 'retryStopped'] },
        'OUTBOX.RETRIED': { target: 'idle', actions: 'markDue' },
      },
    },
  },
});

export type OutboxCourierSnapshot = SnapshotFrom<typeof outboxCourierMachine>;
