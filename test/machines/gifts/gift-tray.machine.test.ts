import { describe, expect, it } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { GIFT_RATE_MESSAGE } from '../../../contract/gifts';
import { GIFT_SENT_NOTE_MS, giftTrayMachine, NOT_ENOUGH_COINS, type GiftTraySnapshot } from '../../../machines/gifts/gift-tray.machine';
import { findDelayViolations } from '../../support/named-delays';
import { createModel, doneEvent, errorEvent, printCoverageAfterAll, type ModelPath } from '../../support/model';

/**
 * The gift tray walked on a running actor along every shortest and simple
 * path: the sends settled by the test (sent, short of coins, refused for
 * another reason). After every step the tray must show what the events so
 * far say it should (written out below, apart from the machine), the clock
 * must show exactly the "sent" notes that ran out, and every send must have
 * asked for the gift pressed under the name of that press.
 */

const STREAM_ID = '5a1c0de0-0000-4000-8000-00000000917f';
const ROSE = { type: 'SEND', giftId: 'gift-rose', sendId: 'press-1' } as const;
const HEART = { type: 'SEND', giftId: 'gift-heart', sendId: 'press-2' } as const;

// Errors carry their message into the model's state keys (JSON of a bare Error is {}).
const refusal = (message: string) => errorEvent('sendGift', Object.assign(new Error(message), { toJSON: () => ({ message }) }));

const model = createModel(giftTrayMachine, {
  input: { to: { streamId: STREAM_ID } },
  events: {
    SEND: [ROSE, HEART],
    'xstate.done.actor.sendGift': [doneEvent('sendGift', undefined)],
    'xstate.error.actor.sendGift': [refusal(NOT_ENOUGH_COINS), refusal(GIFT_RATE_MESSAGE)],
  },
});

type Phase = 'closed' | 'open' | 'sending' | 'sent' | 'shortOfCoins' | 'refused';

interface Shown {
  phase: Phase;
  giftId: string | null;
  sendId: string | null;
  error: string | null;
}

/** What the tray shows after these events, from the words rather than the machine. */
function expectedTray(events: readonly AnyEventObject[]): Shown {
  let shown: Shown = { phase: 'closed', giftId: null, sendId: null, error: null };
  const cleared = (phase: Phase): Shown => ({ phase, giftId: null, sendId: null, error: null });
  for (const event of events) {
    const { phase } = shown;
    if (event.type === 'OPEN' && phase === 'closed') shown = cleared('open');
    else if (event.type === 'CLOSE' && phase !== 'closed' && phase !== 'sending') shown = cleared('closed');
    else if (event.type === 'SEND' && ['open', 'sent', 'shortOfCoins', 'refused'].includes(phase)) {
      shown = { phase: 'sending', giftId: String(event.giftId), sendId: String(event.sendId), error: null };
    } else if (event.type === 'RETRY' && phase === 'refused') shown = { ...shown, phase: 'sending' };
    else if (event.type === 'xstate.done.actor.sendGift' && phase === 'sending') shown = { ...shown, phase: 'sent' };
    else if (event.type === 'xstate.error.actor.sendGift' && phase === 'sending') {
      const error = String((event as { error?: { message?: string } }).error?.message);
      shown = { ...shown, phase: error === NOT_ENOUGH_COINS ? 'shortOfCoins' : 'refused', error };
    } else if (event.type.startsWith('xstate.after.SENT_NOTE') && phase === 'sent') shown = cleared('open');
  }
  return shown;
}

function seen(snapshot: GiftTraySnapshot): Shown {
  const phases: Array<[Phase, Parameters<GiftTraySnapshot['matches']>[0]]> = [
    ['closed', 'closed'],
    ['open', 'open'],
    ['sending', 'sending'],
    ['sent', 'sent'],
    ['shortOfCoins', { refused: 'shortOfCoins' }],
    ['refused', { refused: 'otherwise' }],
  ];
  const phase = phases.find(([, state]) => snapshot.matches(state))?.[0];
  if (!phase) throw new Error(`Unknown gift tray state ${JSON.stringify(snapshot.value)}`);
  const { giftId, sendId, error } = snapshot.context;
  return { phase, giftId, sendId, error };
}

function walk(path: ModelPath<typeof giftTrayMachine>) {
  const eventsUpTo = (stepIndex: number) => path.steps.slice(0, stepIndex + 1).flatMap((step) => (step.applied.length > 0 ? step.applied : [step.event]));
  return model.replay(path, {
    assertState: (_expected, { actor, clock, invocations, stepIndex }) => {
      const events = eventsUpTo(stepIndex);
      expect(seen(actor.getSnapshot() as GiftTraySnapshot)).toEqual(expectedTray(events));
      const notes = events.filter((event) => event.type.startsWith('xstate.after.SENT_NOTE')).length;
      expect(clock.now()).toBe(notes * GIFT_SENT_NOTE_MS);
      // Each send asks for the gift of the latest press, under that press's name (a retry: the same name again).
      const presses = events.filter((event) => event.type === 'SEND').map((event) => ({ giftId: String(event.giftId), sendId: String(event.sendId) }));
      const sends = invocations.filter((invocation) => invocation.src === 'sendGift');
      for (const send of sends) expect([ROSE, HEART].map(({ giftId, sendId }) => ({ to: { streamId: STREAM_ID }, giftId, sendId }))).toContainEqual(send.input);
      const last = presses.at(-1);
      if (last && sends.length > 0) expect(sends.at(-1)?.input).toEqual({ to: { streamId: STREAM_ID }, giftId: last.giftId, sendId: last.sendId });
    },
  });
}

printCoverageAfterAll();

describe('gift tray machine, every shortest path', () => {
  const paths = model.shortestPaths();
  it('has paths to walk', () => expect(paths.length).toBeGreaterThan(10));
  for (const path of paths) it(path.description, () => walk(path));
});

describe('gift tray machine, every simple path', () => {
  const paths = model.simplePaths();
  it('has paths to walk', () => expect(paths.length).toBeGreaterThan(20));
  for (const path of paths) it(path.description, () => walk(path));
});

describe('gift tray machine coverage and rules', () => {
  it('entered every state and took every transition', () => {
    const coverage = model.coverage();
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });

  it('times the "sent" note with a named delay only', () => {
    expect(findDelayViolations(giftTrayMachine)).toEqual([]);
  });
});
