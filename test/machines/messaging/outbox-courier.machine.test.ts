import { describe, expect, it } from 'vitest';
import { createActor, type AnyEventObject } from 'xstate';
import { SEND_RETRY_DELAY_MS, type OutboxEntry } from '../../../machines/messaging/outbox';
import { outboxCourierMachine, type Delivery, type OutboxCourierSnapshot } from '../../../machines/messaging/outbox-courier.machine';
import { createModel, doneEvent, errorEvent, printCoverageAfterAll, type ModelPath } from '../../support/model';

/**
 * The outbox courier's shortest and simple paths, walked on a running actor:
 * the connection's signals come through its `watchConnection` callback actor
 * as the tab's hub sends them, the outbox's through `watchOutbox`, and the
 * test settles each try with what the server made of it. After every step
 * the actor is compared with rules written out here from the events alone:
 * when a message may go, and what happens to the outbox after each try (the
 * changes the courier asks of it, in order).
 */

const ANA = 'p-ana';
const entry = (attempts: number): OutboxEntry => ({ id: 'm-1', peerId: ANA, text: 'Hello', createdAt: '2026-11-26T10:00:00.000Z', attempts, status: 'pending' });
const failedCall = (status: number, message: string) => Object.assign(new Error(message), { status });

const UNREACHABLE = failedCall(0, 'Message not sent');
const SERVER_DOWN = failedCall(503, 'Service unavailable');
const ENDED = failedCall(403, 'This conversation has ended. You can no longer message each other.');
const TOO_FAST = failedCall(429, 'You are sending messages too fast. Try again in a moment.');
const TOO_LONG = failedCall(400, 'Messages can be up to 2,000 characters');
const NO_SUCH = failedCall(404, '');

const deliveries: (Delivery | null)[] = [
  null,
  { entry: entry(0), stored: true },
  // Not reached: the first, the second and the last of the three tries.
  { entry: entry(0), stored: false, error: UNREACHABLE },
  { entry: entry(1), stored: false, error: SERVER_DOWN },
  { entry: entry(2), stored: false, error: UNREACHABLE },
  { entry: entry(0), stored: false, error: ENDED },
  { entry: entry(0), stored: false, error: TOO_FAST },
  { entry: entry(0), stored: false, error: TOO_LONG },
  // A refusal without words gets the screen's own.
  { entry: entry(0), stored: false, error: NO_SUCH },
];

const model = createModel(outboxCourierMachine, {
  input: { online: false },
  fromActors: {
    'CONNECTION.BACK': 'watchConnection',
    'CONNECTION.LOST': 'watchConnection',
    'OUTBOX.CHANGED': 'watchOutbox',
    'OUTBOX.RETRIED': 'watchOutbox',
  },
  events: {
    'xstate.done.actor.sendNext': deliveries.map((delivery) => doneEvent('sendNext', delivery)),
    'xstate.error.actor.sendNext': [errorEvent('sendNext', new Error('outbox courier: the sender broke'))],
  },
  describeEvent: (event) => {
    if (event.type === 'xstate.done.actor.sendNext') {
      const delivery = event.output as Delivery | null;
      if (!delivery) return 'nothing waiting';
      if (delivery.stored) return 'stored';
      return `try ${String(delivery.entry.attempts + 1)} fails ${String((delivery.error as { status: number }).status)}`;
    }
    return event.type;
  },
});

interface Expected {
  online: boolean;
  /** A message is on its way (it starts only while the connection is up; one already going out finishes). */
  sending: boolean;
  /** Waiting RETRY_DELAY before the next try. */
  resting: boolean;
  /** The changes asked of the outbox, in order. */
  changes: string[];
}

const TRIES = 3;
const REFUSED = [400, 404, 429];

/** What the rules say after these events, worked out without the machine. */
function expected(events: readonly AnyEventObject[]): Expected {
  const state: Expected = { online: false, sending: false, resting: false, changes: [] };
  // Something may be waiting: at the start, and after any change to the outbox or a reconnection.
  let due = true;
  for (const event of events) {
    switch (event.type) {
      case 'xstate.init':
        break;
      case 'CONNECTION.BACK':
        state.online = true;
        due = true;
        state.resting = false;
        // What showed "Not sent · Retry" tries again by itself.
        state.changes.push('retry stopped');
        break;
      case 'CONNECTION.LOST':
        state.online = false;
        break;
      case 'OUTBOX.CHANGED':
        due = true;
        break;
      case 'OUTBOX.RETRIED':
        due = true;
        state.resting = false;
        break;
      case 'xstate.done.actor.sendNext': {
        state.sending = false;
        const delivery = event.output as Delivery | null;
        if (!delivery) {
          due = false;
          break;
        }
        const { id, peerId, attempts } = delivery.entry;
        if (delivery.stored) {
          state.changes.push(`forget ${id}`);
          break;
        }
        const { status, message } = delivery.error as { status: number; message: string };
        if (status === 403) state.changes.push(`end ${peerId}`);
        else if (REFUSED.includes(status)) state.changes.push(`hand back ${id}: ${message || 'Message not sent'}`);
        else if (attempts + 1 < TRIES) {
          state.changes.push(`count ${id}`);
          state.resting = true;
        } else state.changes.push(`failed ${id}`);
        break;
      }
      case 'xstate.error.actor.sendNext':
        state.sending = false;
        due = false;
        break;
      default:
        if (event.type.startsWith('xstate.after.RETRY_DELAY.')) state.resting = false;
        else throw new Error(`No rule for ${event.type}`);
    }
    if (!state.sending && !state.resting && due && state.online) state.sending = true;
  }
  return state;
}

const appliedEvents = (path: ModelPath<typeof outboxCourierMachine>, upTo: number): AnyEventObject[] =>
  path.steps.slice(0, upTo + 1).flatMap((step) => (step.applied.length > 0 ? step.applied : [step.event]));

function walk(path: ModelPath<typeof outboxCourierMachine>) {
  const changes: string[] = [];
  return model.replay(path, {
    mount: ({ machine, input, clock, inspect }) => {
      const withOutbox = machine.provide({
        actions: {
          forget: (_, { id }) => void changes.push(`forget ${id}`),
          endConversation: (_, { peerId }) => void changes.push(`end ${peerId}`),
          handBack: (_, { id, message }) => void changes.push(`hand back ${id}: ${message}`),
          countAttempt: (_, { id }) => void changes.push(`count ${id}`),
          markFailed: (_, { id }) => void changes.push(`failed ${id}`),
          retryStopped: () => void changes.push('retry stopped'),
        },
      });
      const actor = createActor(withOutbox, { input, clock, inspect }).start();
      return { actor, unmount: () => void actor.stop() };
    },
    assertState: (_expected, { actor, stepIndex, invocations }) => {
      const snapshot = actor.getSnapshot() as OutboxCourierSnapshot;
      const rules = expected(appliedEvents(path, stepIndex));
      expect({ online: snapshot.context.online, sending: snapshot.matches('sending'), resting: snapshot.matches('resting'), changes }).toEqual(rules);
      // The connection and the outbox are watched for as long as the courier runs.
      expect(invocations.filter((invocation) => invocation.src === 'watchConnection')).toHaveLength(1);
      expect(invocations.filter((invocation) => invocation.src === 'watchOutbox')).toHaveLength(1);
    },
  });
}

printCoverageAfterAll();

describe('outbox courier, every shortest path', () => {
  const paths = model.shortestPaths();
  it('has paths to walk', () => expect(paths.length).toBeGreaterThan(10));
  for (const path of paths) it(path.description, () => walk(path));
});

describe('outbox courier, every simple path', () => {
  const paths = model.simplePaths();
  it('has paths to walk', () => expect(paths.length).toBeGreaterThan(5));
  for (const path of paths) it(path.description, () => walk(path));
});

describe('outbox courier coverage', () => {
  it('entered every state and took every transition', () => {
    const coverage = model.coverage();
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });

  it('pauses between tries as long as the product says', () => {
    expect(outboxCourierMachine.implementations.delays.RETRY_DELAY).toBe(SEND_RETRY_DELAY_MS);
  });
});
