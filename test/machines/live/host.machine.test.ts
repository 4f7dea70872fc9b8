import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, type AnyEventObject } from 'xstate';
import { LIVE_HOST_GRACE_MS } from '../../../contract/live';
import {
  BLANK_TITLE_ALERT,
  liveStreamMachine,
  MEDIA_PERMISSION_ALERT,
  STREAM_DELAYS,
  type LiveStreamSnapshot,
  type StreamMedia,
  type StreamMediaRequest,
} from '../../../machines/live/host.machine';
import { createSimulatedBroadcast, SIMULATED_STREAM_ID } from './host.sim';
import { findDelayViolations } from '../../support/named-delays';
import { printCoverageAfterAll, type MachineModel, type ModelPath } from '../../support/model';
import { expectedStream, PERMISSION_WORDS, TITLE_ALERT, type ExpectedStream, type StreamEffect, type StreamPhase } from './host-expectations';
import { CAMERA, CHAT_TEXT, LIVE_STREAM_MODELS, STREAM_ID, TITLE } from './host-model';

/**
 * The host's live stream machine walked on a running actor: every shortest
 * path of both models (setup and going live; on air), the invoked actors
 * settled by the test and the host link's news delivered through its
 * callback actor. After every step the stream must match the behaviour
 * written out in live-stream-expectations (phase, context, alerts, the
 * browser effects, which actors run), the simulated clock must show exactly
 * the named delays that passed, and every actor must have been asked about
 * the right stream with the right words.
 */

type LiveStreamModel = MachineModel<typeof liveStreamMachine>;

/** SPEC section 9's redirect, the Go Live limit this design chose, and the server's grace for a host (contract/live.ts). */
const EXPECTED_DELAYS = { PUBLISH_LIMIT: 15_000, RECONNECT_LIMIT: 15_000, END_REDIRECT_DELAY: 2000 } as const;

function phaseOf(snapshot: LiveStreamSnapshot): StreamPhase {
  for (const phase of ['cameraOff', 'startingPreview', 'previewing', 'previewFailed'] as const) if (snapshot.matches({ setup: phase })) return phase;
  for (const phase of ['connecting', 'live', 'ending', 'ended', 'left'] as const) if (snapshot.matches(phase)) return phase;
  throw new Error(`Unknown live stream state ${JSON.stringify(snapshot.value)}`);
}

function seen(snapshot: LiveStreamSnapshot, alerts: string[], effects: StreamEffect[]): ExpectedStream {
  const { context } = snapshot;
  const connection = (['connected', 'interrupted', 'republishing'] as const).find((state) => snapshot.matches({ live: { connection: state } })) ?? null;
  return {
    phase: phaseOf(snapshot),
    title: context.title,
    media: context.media,
    muted: context.muted,
    cameraOff: context.cameraOff,
    streamId: context.streamId,
    chatDraft: context.chatDraft,
    chatError: context.chatError,
    share: context.share,
    endReason: context.endReason,
    startError: context.startError,
    connection,
    sendingChat: snapshot.matches({ live: { chat: 'sending' } }),
    sharing: snapshot.matches({ live: { share: 'sharing' } }),
    alerts: alerts.map((message) => (message === TITLE_ALERT ? 'title' : 'permissions')),
    effects: [...effects],
    running: Object.keys(snapshot.children).sort(),
  };
}

function specTime(events: readonly AnyEventObject[]): number {
  return events.reduce((total, event) => {
    if (!event.type.startsWith('xstate.after.')) return total;
    const name = event.type.split('.')[2] as keyof typeof EXPECTED_DELAYS;
    if (!(name in EXPECTED_DELAYS)) throw new Error(`Unknown delay ${name}`);
    return total + EXPECTED_DELAYS[name];
  }, 0);
}

function walk(model: LiveStreamModel, path: ModelPath<typeof liveStreamMachine>) {
  const alerts: string[] = [];
  const effects: StreamEffect[] = [];
  const eventsUpTo = (stepIndex: number) => path.steps.slice(0, stepIndex + 1).flatMap((step) => (step.applied.length > 0 ? step.applied : [step.event]));
  return model.replay(path, {
    mount: ({ machine, clock, inspect }) => {
      const withEffects = machine.provide({
        actions: {
          alert: (_, { message }) => void alerts.push(message),
          setMicrophoneEnabled: (_, { enabled }) => void effects.push(['microphone', enabled]),
          setCameraEnabled: (_, { enabled }) => void effects.push(['camera', enabled]),
          releaseMedia: () => void effects.push(['release']),
          closeStreamConnection: () => void effects.push(['closeConnection']),
          goToProfile: () => void effects.push(['goToProfile']),
        },
      });
      const actor = createActor(withEffects, { clock, inspect }).start();
      return { actor, unmount: () => void actor.stop() };
    },
    assertState: (_expected, { actor, clock, invocations, stepIndex }) => {
      const events = eventsUpTo(stepIndex);
      const expected = expectedStream(events);
      expect(seen(actor.getSnapshot() as LiveStreamSnapshot, alerts, effects)).toEqual(expected);
      expect(clock.now()).toBe(specTime(events));
      // SPEC's words for the alerts.
      for (const message of alerts) {
        if (message === TITLE_ALERT) continue;
        for (const word of PERMISSION_WORDS) expect(message.toLowerCase()).toContain(word);
      }

      const inputs = (src: string) => invocations.filter((invocation) => invocation.src === src).map((invocation) => invocation.input);
      // Go Live publishes the title as typed, without the spaces around it.
      for (const input of inputs('publish')) expect(input).toEqual({ title: expected.title.trim() });
      // Everything on air is about the stream the server made, and the host link is claimed once per going live.
      expect(inputs('hostLink')).toEqual(expected.streamId === null ? [] : [{ streamId: STREAM_ID }]);
      for (const src of ['republish', 'endStream']) for (const input of inputs(src)) expect(input).toEqual({ streamId: STREAM_ID });
      for (const input of inputs('sendChat')) expect(input).toEqual({ streamId: STREAM_ID, text: CHAT_TEXT });
      for (const input of inputs('shareStream')) expect(input).toEqual({ title: TITLE, streamId: STREAM_ID });
      expect(inputs('startMedia').every((input) => JSON.stringify(input) === JSON.stringify({ video: true }))).toBe(true);
    },
  });
}

printCoverageAfterAll();

for (const { name, model } of LIVE_STREAM_MODELS) {
  describe(`live stream machine (${name}), every shortest path`, () => {
    const paths = model.shortestPaths();
    it('has paths to walk', () => expect(paths.length).toBeGreaterThan(20));
    for (const path of paths) it(path.description, () => walk(model, path));
  });
}

describe('live stream machine coverage and rules', () => {
  it('entered every state and took every transition (both models together)', () => {
    const coverage = LIVE_STREAM_MODELS[0].model.coverage();
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });

  it('times the stream as SPEC and the contract say, with named delays only', () => {
    expect(STREAM_DELAYS).toEqual(EXPECTED_DELAYS);
    expect(STREAM_DELAYS.RECONNECT_LIMIT).toBe(LIVE_HOST_GRACE_MS);
    expect(findDelayViolations(liveStreamMachine)).toEqual([]);
  });

  it("keeps SPEC's alert texts", () => {
    expect(BLANK_TITLE_ALERT).toBe('Please enter a stream title');
    for (const word of PERMISSION_WORDS) expect(MEDIA_PERMISSION_ALERT.toLowerCase()).toContain(word);
  });

  it('has no simulated audience: the viewer count and chat are not machine state', () => {
    const { context } = createActor(liveStreamMachine).getSnapshot();
    expect(Object.keys(context)).not.toContain('viewers');
    expect(Object.keys(context)).not.toContain('chat');
    expect(Object.keys(liveStreamMachine.implementations.actors).sort()).toEqual(
      ['endStream', 'hostLink', 'publish', 'republish', 'sendChat', 'shareStream', 'startMedia'].sort(),
    );
  });
});

describe('live stream on the simulated broadcast', () => {
  const startMedia = fromPromise<StreamMedia, StreamMediaRequest>(() => Promise.resolve(CAMERA));
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  let errors: unknown[];
  const originalError = console.error;
  beforeEach(() => {
    errors = [];
    console.error = (...args: unknown[]) => void errors.push(args);
  });
  afterEach(() => {
    console.error = originalError;
    expect(errors).toEqual([]);
  });

  it('goes live, rides out a failed connection by publishing again, echoes chat, ends and leaves after 2 seconds', async () => {
    const clock = new SimulatedClock();
    const broadcast = createSimulatedBroadcast({ connectDelayMs: 0, now: () => new Date(Date.UTC(2026, 10, 27, 10)) });
    const left: string[] = [];
    const machine = liveStreamMachine.provide({
      actors: { ...broadcast.actors, startMedia },
      actions: { goToProfile: () => void left.push('/profile') },
    });
    const actor = createActor(machine, { clock }).start();
    await settle();
    // Opening Live asks nothing of the browser; setting up a stream turns the camera on.
    expect(actor.getSnapshot().matches({ setup: 'cameraOff' })).toBe(true);
    actor.send({ type: 'START_PREVIEW' });
    await settle();
    actor.send({ type: 'TITLE.CHANGE', title: ` ${TITLE} ` });
    actor.send({ type: 'GO_LIVE' });
    await settle();
    expect(actor.getSnapshot().matches({ live: { connection: 'connected' } })).toBe(true);
    expect(broadcast.published).toEqual([TITLE]);
    expect(broadcast.linked).toBe(true);

    broadcast.send({ type: 'MEDIA.INTERRUPTED' });
    expect(actor.getSnapshot().matches({ live: { connection: 'interrupted' } })).toBe(true);
    clock.increment(LIVE_HOST_GRACE_MS);
    await settle();
    expect(broadcast.republished).toEqual([SIMULATED_STREAM_ID]);
    expect(actor.getSnapshot().matches({ live: { connection: 'connected' } })).toBe(true);

    actor.send({ type: 'CHAT.CHANGE', text: '  hello  ' });
    actor.send({ type: 'CHAT.SEND' });
    await settle();
    expect(broadcast.chat.map(({ message, user }) => [user, message])).toEqual([['You', 'hello']]);
    expect(actor.getSnapshot().context.chatDraft).toBe('');

    actor.send({ type: 'END_STREAM' });
    await settle();
    expect(broadcast.ended).toEqual([SIMULATED_STREAM_ID]);
    expect(broadcast.linked).toBe(false);
    expect(actor.getSnapshot().context.endReason).toBe('ended');
    clock.increment(1999);
    expect(left).toEqual([]);
    clock.increment(1);
    expect(left).toEqual(['/profile']);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('ends with the reason the server gives (an admin ended it)', async () => {
    const broadcast = createSimulatedBroadcast({ connectDelayMs: 0 });
    const actor = createActor(liveStreamMachine.provide({ actors: { ...broadcast.actors, startMedia } })).start();
    actor.send({ type: 'START_PREVIEW' });
    await settle();
    actor.send({ type: 'TITLE.CHANGE', title: TITLE });
    actor.send({ type: 'GO_LIVE' });
    await settle();
    broadcast.send({ type: 'STREAM.ENDED', reason: 'admin' });
    expect(actor.getSnapshot().matches('ended')).toBe(true);
    expect(actor.getSnapshot().context.endReason).toBe('admin');
    // Nobody asked the server to end it again.
    expect(broadcast.ended).toEqual([]);
    expect(() => broadcast.send({ type: 'MEDIA.RESTORED' })).toThrow(/not on air/);
    actor.stop();
  });
});
