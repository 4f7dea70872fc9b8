import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, type AnyEventObject } from 'xstate';
import { INCOMING_CALL_DELAYS, incomingCallMachine, type IncomingCallsEvent, type IncomingCallSnapshot } from '../../../machines/calls/incoming-call.machine';
import { printCoverageAfterAll, type ModelPath } from '../../support/model';
import { expectedIncoming, type IncomingEffect } from './incoming-call-expectations';
import { BEN, BEN_CALL, incomingCallModel, MAYA, MAYA_CALL } from './incoming-call-model';

/**
 * The incoming-call machine's shortest paths, walked on a running
 * actor: calls and the server's news about them come in through its
 * `incomingCalls` callback actor (as the tab's hub sends them), Answer and
 * Decline are sent as the panel sends them, and after every step the panel
 * and the effects (ringing told to the caller, the ring tone, decline, the
 * call screen opened) must match incoming-call-expectations.
 */

/** The server rings for 30 s (CALL_RING_MS); the panel's own net is 5 s later. */
const RING_LIMIT_MS = 35_000;

function runWithHub() {
  let hub: ((event: IncomingCallsEvent) => void) | null = null;
  const effects: IncomingEffect[] = [];
  const machine = incomingCallMachine.provide({
    actors: {
      incomingCalls: fromCallback<IncomingCallsEvent, void>(({ sendBack }) => {
        hub = sendBack;
      }),
    },
    actions: {
      announceRinging: (_, { callId }) => void effects.push(['announceRinging', callId]),
      decline: (_, { callId }) => void effects.push(['decline', callId]),
      openCall: (_, params) => void effects.push(['openCall', params]),
    },
  });
  const actor = createActor(machine).start();
  const emit = (event: IncomingCallsEvent) => {
    if (!hub) throw new Error('The hub is not listened to');
    hub(event);
  };
  return { actor, emit, effects };
}

const eventsOf = (path: ModelPath<typeof incomingCallMachine>, upTo: number): AnyEventObject[] =>
  path.steps.slice(0, upTo + 1).flatMap((step) => (step.applied.length > 0 ? step.applied : [step.event]));

function walk(path: ModelPath<typeof incomingCallMachine>) {
  const effects: IncomingEffect[] = [];
  return incomingCallModel.replay(path, {
    mount: ({ machine, clock, inspect }) => {
      const withEffects = machine.provide({
        actions: {
          announceRinging: (_, { callId }) => void effects.push(['announceRinging', callId]),
          startRingTone: () => void effects.push(['startRingTone']),
          stopRingTone: () => void effects.push(['stopRingTone']),
          decline: (_, { callId }) => void effects.push(['decline', callId]),
          openCall: (_, params) => void effects.push(['openCall', params]),
        },
      });
      const actor = createActor(withEffects, { clock, inspect }).start();
      return { actor, unmount: () => void actor.stop() };
    },
    assertState: (_expected, { actor, clock, invocations, stepIndex }) => {
      const events = eventsOf(path, stepIndex);
      const snapshot = actor.getSnapshot() as IncomingCallSnapshot;
      expect({ ringing: snapshot.matches('ringing') ? snapshot.context.call : null, effects }).toEqual(expectedIncoming(events));
      const limits = events.filter((event) => event.type.startsWith('xstate.after.RING_LIMIT.')).length;
      expect(clock.now()).toBe(limits * RING_LIMIT_MS);
      // The hub is listened to for as long as the tab runs, once.
      expect(invocations.filter((invocation) => invocation.src === 'incomingCalls')).toHaveLength(1);
    },
  });
}

printCoverageAfterAll();

describe('incoming call machine, every shortest path', () => {
  const paths = incomingCallModel.shortestPaths();
  it('has paths to walk', () => expect(paths.length).toBeGreaterThan(10));
  for (const path of paths) it(path.description, () => walk(path));
});

// No simple paths: every way out of ringing leads back to idle, so they are only the two ways in.

describe('incoming call machine, one call at a time', () => {
  it("shows the first caller while a second call's news comes in, then rings for the next call", () => {
    const { actor, emit, effects } = runWithHub();
    emit({ type: 'INCOMING', callId: MAYA_CALL, peer: MAYA });
    emit({ type: 'INCOMING', callId: BEN_CALL, peer: BEN });
    expect(actor.getSnapshot().context.call).toEqual({ callId: MAYA_CALL, peer: MAYA });
    emit({ type: 'CALL_ENDED', callId: MAYA_CALL });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(actor.getSnapshot().context.call).toBeNull();
    // News of a call that is not ringing here changes nothing.
    emit({ type: 'CALL_TAKEN', callId: BEN_CALL });
    emit({ type: 'INCOMING', callId: BEN_CALL, peer: BEN });
    actor.send({ type: 'ANSWER' });
    expect(effects).toEqual([
      ['announceRinging', MAYA_CALL],
      ['announceRinging', BEN_CALL],
      ['openCall', { callId: BEN_CALL, peerId: BEN.id }],
    ]);
    actor.stop();
  });
});

describe('incoming call machine coverage', () => {
  it('entered every state and took every transition', () => {
    const coverage = incomingCallModel.coverage();
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });

  it('rings as long as the issue says, with 5 s to spare for the server', () => {
    expect(INCOMING_CALL_DELAYS).toEqual({ RING_LIMIT: RING_LIMIT_MS });
  });
});
