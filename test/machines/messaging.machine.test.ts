import { describe, expect, it } from 'vitest';
import { createActor, type AnyEventObject } from 'xstate';
import type { messagingMachine} from '../../machines/messaging.machine';
import { selectChatPhase, selectIsTyping, type MessagingSnapshot, type OutboxEntry } from '../../machines/messaging.machine';
import { printCoverageAfterAll, type ModelPath } from '../support/model';
import { expectedMessages, type ExpectedMessages } from './messaging-expectations';
import { ANA, messagingModel } from './messaging-model';

/**
 * The messaging machine's shortest and simple paths, walked on a running
 * actor whose invoked actors the test settles (the realtime signals come in
 * through its `watchRealtime` callback actor, as the tab's hub sends them),
 * compared after every step with the behaviour written out in
 * messaging-expectations; and what it asks the browser to do (keep the
 * outbox, tell the other member about typing) checked on the way.
 */

function seen(snapshot: MessagingSnapshot): ExpectedMessages {
  const { context } = snapshot;
  const chat = snapshot.matches('loading') ? 'loading' : snapshot.matches('failed') ? 'failed' : selectChatPhase(snapshot);
  return {
    chat,
    selectedId: context.selectedId,
    view: context.view,
    draft: context.draft,
    outbox: context.outbox.map(({ id, peerId, text, status }) => ({ id, peerId, text, status })),
    sending: snapshot.matches({ ready: { outbox: 'sending' } }),
    online: context.online,
    typing: selectIsTyping(snapshot),
    ended: context.endedIds,
    notice: context.notice?.text ?? null,
  };
}

const appliedEvents = (path: ModelPath<typeof messagingMachine>, upTo: number): AnyEventObject[] =>
  path.steps.slice(0, upTo + 1).flatMap((step) => (step.applied.length > 0 ? step.applied : [step.event]));

function walk(path: ModelPath<typeof messagingMachine>) {
  const persisted: OutboxEntry[][] = [];
  const typingSignals: string[] = [];
  return messagingModel.replay(path, {
    mount: ({ machine, input, clock, inspect }) => {
      const withEffects = machine.provide({
        actions: {
          persistOutbox: (_, { outbox }) => void persisted.push(outbox),
          signalTyping: (_, { peerId }) => void typingSignals.push(peerId),
        },
      });
      const actor = createActor(withEffects, { input, clock, inspect }).start();
      return { actor, unmount: () => void actor.stop() };
    },
    assertState: (_expected, { actor, stepIndex, invocations }) => {
      const events = appliedEvents(path, stepIndex);
      const snapshot = actor.getSnapshot() as MessagingSnapshot;
      expect(seen(snapshot)).toEqual(expectedMessages(events));
      // The outbox in storage is the outbox on screen (ids and states), after every step.
      const stored = persisted.at(-1) ?? [];
      expect(stored.map(({ id, status }) => [id, status])).toEqual(snapshot.context.outbox.map(({ id, status }) => [id, status]));
      // Typing is told to the person whose chat is open, at most once per TYPING_THROTTLE.
      const typed = events.filter((event) => event.type === 'DRAFT.CHANGE' && String(event.text).trim() !== '').length;
      const throttles = events.filter((event) => event.type.startsWith('xstate.after.TYPING_THROTTLE.')).length;
      expect(typingSignals.length).toBeLessThanOrEqual(Math.min(typed, throttles + 1));
      for (const peerId of typingSignals) expect(peerId).toBe(ANA);
      // Every send went with its browser-made id and the text as written; threads and unmatch for the open chat.
      for (const invocation of invocations) {
        if (invocation.src === 'sendMessage') expect(invocation.input).toEqual({ entry: expect.objectContaining({ id: 'm-1', peerId: ANA, text: 'Hello there' }) as unknown });
        if (invocation.src === 'unmatch' || invocation.src === 'loadThread') expect(['c-ana', 'c-ben']).toContain((invocation.input as { peerId: string }).peerId);
      }
      // The realtime source runs for as long as the screen does.
      expect(invocations.filter((invocation) => invocation.src === 'watchRealtime')).toHaveLength(1);
    },
  });
}

printCoverageAfterAll();

describe('messaging machine, every shortest path', () => {
  const paths = messagingModel.shortestPaths();
  it('has paths to walk', () => expect(paths.length).toBeGreaterThan(50));
  for (const path of paths) it(path.description, () => walk(path));
});

// No simple paths here: the chat, typing, composer and outbox regions run in parallel, and the
// paths that never revisit a state number far too many to walk; the shortest paths already reach
// every (state, event) pair of the model once.

describe('messaging machine coverage', () => {
  it('entered every state and took every transition', () => {
    const coverage = messagingModel.coverage();
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });
});
