import { afterAll, describe, expect, it, vi } from 'vitest';
import { createActor, SimulatedClock, type AnyEventObject } from 'xstate';
import { LIVE_HOST_GRACE_MS, LIVE_MUTE_MS } from '../../../contract/live';
import { liveViewerMachine, WATCH_LIMITS, type LiveViewerSnapshot } from '../../../machines/live/viewer.machine';
import { createSimulatedWatch } from './viewer.sim';
import { findDelayViolations } from '../../support/named-delays';
import { printCoverageAfterAll, type ModelPath } from '../../support/model';
import { expectedWatch, type ExpectedWatch, type WatchPhase } from './viewer-expectations';
import { CHAT_TEXT, FIRST_MUTE, liveViewerModel, NOW, SECOND_MUTE, STREAM_ID } from './viewer-model';

/**
 * The viewer's live stream machine walked on a running actor: every shortest
 * path of the model, the chat's sends settled by the test and the watch's
 * news delivered through its callback actor. After every step the viewer
 * must match the behaviour written out in live-viewer-expectations, the
 * simulated clock must show exactly the named delays that passed (a mute's
 * from the moment it came to its end), and every actor must have been asked
 * about this stream.
 */

/** Issue 39's limits as this design chose them: a picture within 10 s, and the host's grace plus 5 s to come back. */
const EXPECTED_LIMITS = { CONNECT_LIMIT: 10_000, RECONNECT_LIMIT: LIVE_HOST_GRACE_MS + 5000 } as const;

// The mute is measured against the wall clock; hold it still so the walk and the replay agree.
const wallClock = vi.spyOn(Date, 'now').mockReturnValue(NOW);
afterAll(() => wallClock.mockRestore());

function phaseOf(snapshot: LiveViewerSnapshot): WatchPhase {
  for (const phase of ['connecting', 'playing', 'interrupted'] as const) if (snapshot.matches({ watching: { media: phase } })) return phase;
  for (const phase of ['failed', 'ended', 'left'] as const) if (snapshot.matches(phase)) return phase;
  throw new Error(`Unknown viewer state ${JSON.stringify(snapshot.value)}`);
}

function seen(snapshot: LiveViewerSnapshot, watches: number): ExpectedWatch {
  const { context } = snapshot;
  return {
    phase: phaseOf(snapshot),
    chatDraft: context.chatDraft,
    chatError: context.chatError,
    mutedUntil: context.mutedUntil,
    muted: snapshot.matches({ watching: { mute: 'muted' } }),
    sendingChat: snapshot.matches({ watching: { chat: 'sending' } }),
    endReason: context.endReason,
    failure: context.failure,
    running: Object.keys(snapshot.children).sort(),
    watches,
  };
}

/** The named delays that fired, added up; a mute runs from its start (the wall clock stands at NOW) to its end. */
function specTime(events: readonly AnyEventObject[]): number {
  let mutedUntil: number | null = null;
  return events.reduce((total, event) => {
    if (event.type === 'MUTED') mutedUntil = event.until as number;
    if (!event.type.startsWith('xstate.after.')) return total;
    const name = event.type.split('.')[2];
    if (name === 'MUTE_LEFT') {
      if (mutedUntil === null) throw new Error('A mute ran out that never began');
      return total + (mutedUntil - NOW);
    }
    if (name !== 'CONNECT_LIMIT' && name !== 'RECONNECT_LIMIT') throw new Error(`Unknown delay ${String(name)}`);
    return total + EXPECTED_LIMITS[name];
  }, 0);
}

function walk(path: ModelPath<typeof liveViewerMachine>) {
  const eventsUpTo = (stepIndex: number) => path.steps.slice(0, stepIndex + 1).flatMap((step) => (step.applied.length > 0 ? step.applied : [step.event]));
  return liveViewerModel.replay(path, {
    assertState: (_expected, { actor, clock, invocations, stepIndex }) => {
      const events = eventsUpTo(stepIndex);
      const expected = expectedWatch(events);
      const watches = invocations.filter((invocation) => invocation.src === 'watch');
      expect(seen(actor.getSnapshot() as LiveViewerSnapshot, watches.length)).toEqual(expected);
      expect(clock.now()).toBe(specTime(events));
      for (const invocation of watches) expect(invocation.input).toEqual({ streamId: STREAM_ID });
      for (const invocation of invocations.filter(({ src }) => src === 'sendChat')) expect(invocation.input).toEqual({ streamId: STREAM_ID, text: CHAT_TEXT });
    },
  });
}

printCoverageAfterAll();

describe('live viewer machine, every shortest path', () => {
  const paths = liveViewerModel.shortestPaths();
  it('has paths to walk', () => expect(paths.length).toBeGreaterThan(30));
  it('walks a second mute and a mute outliving a failed connection', () => {
    const descriptions = paths.map((path) => path.description);
    expect(descriptions.some((description) => description.includes('MUTED again'))).toBe(true);
    expect(descriptions.some((description) => /MUTED for 10 minutes.*RECONNECT_LIMIT → RETRY/.test(description))).toBe(true);
  });
  for (const path of paths) it(path.description, () => walk(path));
});

describe('live viewer machine coverage and rules', () => {
  it('entered every state and took every transition', () => {
    const coverage = liveViewerModel.coverage();
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });

  it('times watching as designed, with named delays only', () => {
    expect(WATCH_LIMITS).toEqual(EXPECTED_LIMITS);
    expect(findDelayViolations(liveViewerMachine)).toEqual([]);
  });

  it('has no viewer count or chat list of its own: those are server state', () => {
    const { context } = createActor(liveViewerMachine, { input: { streamId: STREAM_ID } }).getSnapshot();
    expect(Object.keys(context).sort()).toEqual(['chatDraft', 'chatError', 'endReason', 'failure', 'mutedUntil', 'now', 'streamId']);
  });
});

describe('live viewer on the simulated watch', () => {
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('plays, chats (echoed), is muted for 10 minutes and free after, then sees the stream end', async () => {
    const clock = new SimulatedClock();
    const watch = createSimulatedWatch({ playDelayMs: 0, viewer: { id: 'v1', name: 'Maya' } });
    const actor = createActor(liveViewerMachine.provide({ actors: watch.actors }), { input: { streamId: STREAM_ID }, clock }).start();
    await settle();
    expect(actor.getSnapshot().matches({ watching: { media: 'playing' } })).toBe(true);
    expect(watch.watched).toEqual([STREAM_ID]);

    actor.send({ type: 'CHAT.CHANGE', text: ` ${CHAT_TEXT} ` });
    actor.send({ type: 'CHAT.SEND' });
    await settle();
    expect(watch.chat.map(({ user, message }) => [user, message])).toEqual([['Maya', CHAT_TEXT]]);

    watch.send({ type: 'MUTED', until: FIRST_MUTE });
    actor.send({ type: 'CHAT.CHANGE', text: 'Still here?' });
    actor.send({ type: 'CHAT.SEND' });
    expect(actor.getSnapshot().matches({ watching: { chat: 'idle', mute: 'muted' } })).toBe(true);
    clock.increment(LIVE_MUTE_MS - 1);
    expect(actor.getSnapshot().matches({ watching: { mute: 'muted' } })).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().matches({ watching: { mute: 'free' } })).toBe(true);
    expect(actor.getSnapshot().context.mutedUntil).toBeNull();

    watch.send({ type: 'STREAM.ENDED', reason: 'ended' });
    expect(actor.getSnapshot().matches('ended')).toBe(true);
    // Leaving the watching phase unsubscribes (`live:leave`).
    expect(watch.left).toEqual([STREAM_ID]);
    expect(watch.watching).toBe(false);
    actor.send({ type: 'LEAVE' });
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('reads what is left of a mute from the clock it was given, not the browser’s', async () => {
    const clock = new SimulatedClock();
    const watch = createSimulatedWatch({ playDelayMs: 0 });
    const input = { streamId: STREAM_ID, now: () => NOW + clock.now() };
    const actor = createActor(liveViewerMachine.provide({ actors: watch.actors }), { input, clock }).start();
    await settle();
    // Half the mute has passed on the given clock when the news arrives (the browser's clock stands still at NOW).
    clock.increment(LIVE_MUTE_MS / 2);
    watch.send({ type: 'MUTED', until: FIRST_MUTE });
    clock.increment(LIVE_MUTE_MS / 2 - 1);
    expect(actor.getSnapshot().matches({ watching: { mute: 'muted' } })).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().matches({ watching: { mute: 'free' } })).toBe(true);
    actor.stop();
  });

  it('fails when no picture comes within 10 seconds, and Try again watches afresh', () => {
    const clock = new SimulatedClock();
    const watch = createSimulatedWatch({ playDelayMs: null });
    const actor = createActor(liveViewerMachine.provide({ actors: watch.actors }), { input: { streamId: STREAM_ID }, clock }).start();
    clock.increment(EXPECTED_LIMITS.CONNECT_LIMIT);
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    expect(watch.left).toEqual([STREAM_ID]);
    actor.send({ type: 'RETRY' });
    watch.send({ type: 'MEDIA.PLAYING' });
    expect(actor.getSnapshot().matches({ watching: { media: 'playing' } })).toBe(true);
    expect(watch.watched).toEqual([STREAM_ID, STREAM_ID]);
    expect(SECOND_MUTE).toBeGreaterThan(FIRST_MUTE);
    actor.stop();
  });
});
