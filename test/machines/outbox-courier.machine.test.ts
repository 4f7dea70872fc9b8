import { describe, expect, it } from 'vitest';
import { createActor, type AnyEventObject } from 'xstate';
import { MAX_SEND_ATTEMPTS, SEND_RETRY_DELAY_MS } from '../../machines/outbox';
import { outboxCourierMachine, type OutboxCourierSnapshot } from '../../machines/outbox-courier.machine';
import { createModel, doneEvent, errorEvent, printCoverageAfterAll, type ModelPath } from '../support/model';

/**
 * The outbox courier's shortest and simple paths, walked on a running actor:
 * the connection's signals come through its `watchConnection` callback actor
 * as the tab's hub sends them, Messages opens and closes as the shell says,
 * and the test settles each delivery round. After every step the actor is
 * compared with rules written out here from the events alone: when a round
 * may run, and how many rounds a stretch without news may take.
 */

const UNREACHABLE = Object.assign(new Error('Message not sent'), { status: 0 });

const model = createModel(outboxCourierMachine, {
  input: { online: false, messagesOpen: false },
  fromActors: { 'CONNECTION.BACK': 'watchConnection', 'CONNECTION.LOST': 'watchConnection' },
  events: {
    'xstate.done.actor.deliverOutbox': [doneEvent('deliverOutbox', undefined)],
    'xstate.error.actor.deliverOutbox': [errorEvent('deliverOutbox', UNREACHABLE)],
  },
});

interface Expected {
  online: boolean;
  messagesOpen: boolean;
  /** A round runs now, or is due after RETRY_DELAY. */
  busy: boolean;
}

/** What the rules say after these events, worked out without the machine. */
function expected(events: readonly AnyEventObject[]): Expected {
  let online = false;
  let messagesOpen = false;
  let due = true;
  let failures = 0;
  let resting = false;
  const mayRun = () => due && online && !messagesOpen;
  for (const event of events) {
    switch (event.type) {
      case 'CONNECTION.BACK':
        online = true;
        due = true;
        failures = 0;
        break;
      case 'CONNECTION.LOST':
        online = false;
        resting = false;
        break;
      case 'MESSAGES.OPENED':
        messagesOpen = true;
        resting = false;
        break;
      case 'MESSAGES.CLOSED':
        messagesOpen = false;
        due = true;
        failures = 0;
        break;
      case 'xstate.done.actor.deliverOutbox':
        due = false;
        failures = 0;
        break;
      case 'xstate.error.actor.deliverOutbox':
        if (failures + 1 < MAX_SEND_ATTEMPTS) {
          failures += 1;
          resting = true;
        } else {
          due = false;
          failures = 0;
        }
        break;
      default:
        if (event.type.startsWith('xstate.after.')) resting = false;
    }
  }
  return { online, messagesOpen, busy: resting || mayRun() };
}

const appliedEvents = (path: ModelPath<typeof outboxCourierMachine>, upTo: number): AnyEventObject[] =>
  path.steps.slice(0, upTo + 1).flatMap((step) => (step.applied.length > 0 ? step.applied : [step.event]));

function walk(path: ModelPath<typeof outboxCourierMachine>) {
  return model.replay(path, {
    mount: ({ machine, input, clock, inspect }) => {
      const actor = createActor(machine, { input, clock, inspect }).start();
      return { actor, unmount: () => void actor.stop() };
    },
    assertState: (_expected, { actor, stepIndex, invocations }) => {
      const events = appliedEvents(path, stepIndex);
      const snapshot = actor.getSnapshot() as OutboxCourierSnapshot;
      const rules = expected(events);
      expect({ online: snapshot.context.online, messagesOpen: snapshot.context.messagesOpen }).toEqual({ online: rules.online, messagesOpen: rules.messagesOpen });
      expect(snapshot.matches('delivering') || snapshot.matches('resting')).toBe(rules.busy);
      // Never while Messages is open (it sends its own) or while offline.
      if (snapshot.matches('delivering')) expect(rules.online && !rules.messagesOpen).toBe(true);
      // Rounds: one per entry into delivering, never two at once.
      const rounds = invocations.filter((invocation) => invocation.src === 'deliverOutbox').length;
      const settled = events.filter((event) => event.type.startsWith('xstate.done.actor.deliverOutbox') || event.type.startsWith('xstate.error.actor.deliverOutbox')).length;
      const interrupted = rounds - settled - (snapshot.matches('delivering') ? 1 : 0);
      expect(interrupted).toBeGreaterThanOrEqual(0);
      // The connection is watched for as long as the courier runs.
      expect(invocations.filter((invocation) => invocation.src === 'watchConnection')).toHaveLength(1);
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
  it('has paths to walk', () => expect(paths.length).toBeGreaterThan(10));
  for (const path of paths) it(path.description, () => walk(path));
});

describe('outbox courier coverage', () => {
  it('entered every state and took every transition', () => {
    const coverage = model.coverage();
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });

  it('waits as long between rounds as the Messages screen between tries', () => {
    expect(outboxCourierMachine.implementations.delays.RETRY_DELAY).toBe(SEND_RETRY_DELAY_MS);
  });
});
