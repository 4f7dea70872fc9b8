import { describe, expect, it } from 'vitest';
import { createActor, type AnyEventObject } from 'xstate';
import type { messagingMachine } from '../../../machines/messaging/messaging.machine';
import { selectChatPhase, selectIsTyping, type MessagingSnapshot } from '../../../machines/messaging/messaging.machine';
import { printCoverageAfterAll, type ModelPath } from '../../support/model';
import { expectedMessages, type ExpectedMessages } from './messaging-expectations';
import { ANA, messagingModel } from './messaging-model';

/**
 * The messaging machine's shortest and simple paths, walked on a running
 * actor whose invoked actors the test settles (the realtime signals come in
 * through its `watchRealtime` callback actor, as the tab's hub sends them),
 * compared after every step with the behaviour written out in
 * messaging-expectations; and what it asks the browser to do (hand messages
 * to the outbox, tell the other member about typing) checked on the way.
 */

function seen(snapshot: MessagingSnapshot, outboxCalls: readonly string[]): ExpectedMessages {
  const { context } = snapshot;
  const chat = snapshot.matches('loading') ? 'loading' : snapshot.matches('failed') ? 'failed' : selectChatPhase(snapshot);
  return {
    chat,
    selectedId: context.selectedId,
    view: context.view,
    draft: context.draft,
    outbox: [...outboxCalls],
    typing: selectIsTyping(snapshot),
    ended: context.endedIds,
    notice: context.notice?.text ?? null,
  };
}

const appliedEvents = (path: ModelPath<typeof messagingMachine>, upTo: number): AnyEventObject[] =>
  path.steps.slice(0, upTo + 1).flatMap((step) => (step.applied.length > 0 ? step.applied : [step.event]));

function walk(path: ModelPath<typeof messagingMachine>) {
  const outboxCalls: string[] = [];
  const typingSignals: string[] = [];
  return messagingModel.replay(path, {
    mount: ({ machine, input, clock, inspect }) => {
      const withEffects = machine.provide({
        actions: {
          restartOutbox: () => void outboxCalls.push('restart'),
          handToOutbox: (_, { entry }) => void outboxCalls.push(`add ${entry.id} ${entry.peerId} ${entry.text}`),
          retryInOutbox: (_, { id }) => void outboxCalls.push(`retry ${id}`),
          dropFromOutbox: (_, { peerId }) => void outboxCalls.push(`drop ${peerId}`),
          signalTyping: (_, { peerId }) => void typingSignals.push(peerId),
        },
      });
      const actor = createActor(withEffects, { input, clock, inspect }).start();
      return { actor, unmount: () => void actor.stop() };
    },
    assertState: (_expected, { actor, stepIndex, invocations }) => {
      const events = appliedEvents(path, stepIndex);
      const snapshot = actor.getSnapshot() as MessagingSnapshot;
      expect(seen(snapshot, outboxCalls)).toEqual(expectedMessages(events));
      // Typing is told to the person whose chat is open, at most once per TYPING_THROTTLE.
      const typed = events.filter((event) => event.type === 'DRAFT.CHANGE' && String(event.text).trim() !== '').length;
      const throttles = events.filter((event) => event.type.startsWith('xstate.after.TYPING_THROTTLE.')).length;
      expect(typingSignals.length).toBeLessThanOrEqual(Math.min(typed, throttles + 1));
      for (const peerId of typingSignals) expect(peerId).toBe(ANA);
      // Threads and unmatch for the open chat.
      for (const invocation of invocations) {
        if (invocation.src === 'unmatch' || invocation.src === 'loadThread') expect(['c-ana', 'c-ben']).toContain((invocation.input as { peerId: string }).peerId);
      }
      // The realtime source and the outbox's refusals are watched for as long as the screen runs.
      expect(invocations.filter((invocation) => invocation.src === 'watchRealtime')).toHaveLength(1);
      expect(invocations.filter((invocation) => invocation.src === 'watchOutbox')).toHaveLength(1);
    },
  });
}

printCoverageAfterAll();

describe('messaging machine, every shortest path', () => {
  const paths = messagingModel.shortestPaths();
  it('has paths to walk', () => expect(paths.length).toBeGreaterThan(50));
  for (const path of paths) it(path.description, () => walk(path));
});

// No simple paths here: the chat's typing and composer regions run in parallel, and the
// paths that never revisit a state number far too many to walk; the shortest paths already reach
// every (state, event) pair of the model once.

describe('messaging machine coverage', () => {
  it('entered every state and took every transition', () => {
    const coverage = messagingModel.coverage();
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });
});
