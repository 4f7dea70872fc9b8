import { describe, expect, it } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { withdrawalAboveBalanceMessage, type MemberWithdrawal } from '../../../contract/creators';
import { withdrawalMachine, type WithdrawalDraft, type WithdrawalSnapshot } from '../../../machines/creators/withdrawal.machine';
import { findDelayViolations } from '../../support/named-delays';
import { createModel, doneEvent, errorEvent, printCoverageAfterAll, type ModelPath } from '../../support/model';

/**
 * The withdrawal flow walked on a running actor along every shortest and
 * simple path, the requests settled by the test. After every step the flow
 * must show what the events so far say it should (written out below, apart
 * from the machine), and every request must carry the draft reviewed last
 * under the name of the confirmation that sent it.
 */

const PAYPAL: WithdrawalDraft = { amountMinor: 2500, currency: 'USD', test: false, method: 'paypal', account: 'maya@example.com' };
const IBAN: WithdrawalDraft = { amountMinor: 4000, currency: 'USD', test: false, method: 'iban', account: 'DE89370400440532013000' };
const STORED: MemberWithdrawal = {
  _id: 'withdrawal-1',
  amount: { amountMinor: 2500, currency: 'USD' },
  test: false,
  method: 'PayPal',
  accountEnding: '.com',
  status: 'pending',
  reference: null,
  reason: null,
  createdAt: '2026-12-01T10:00:00.000Z',
  decidedAt: null,
};

const refusal = (message: string) => errorEvent('requestWithdrawal', Object.assign(new Error(message), { toJSON: () => ({ message }) }));
const ABOVE = withdrawalAboveBalanceMessage(4000, 3000, 'USD');

const model = createModel(withdrawalMachine, {
  events: {
    REVIEW: [
      { type: 'REVIEW', draft: PAYPAL },
      { type: 'REVIEW', draft: IBAN },
    ],
    CONFIRM: [{ type: 'CONFIRM', requestId: 'confirm-1' }],
    'xstate.done.actor.requestWithdrawal': [doneEvent('requestWithdrawal', STORED)],
    'xstate.error.actor.requestWithdrawal': [refusal(ABOVE)],
  },
});

type Phase = 'closed' | 'editing' | 'confirming' | 'submitting' | 'requested' | 'failed';

interface Shown {
  phase: Phase;
  draft: WithdrawalDraft | null;
  requestId: string | null;
  error: string | null;
  requested: MemberWithdrawal | null;
}

const CLOSED: Shown = { phase: 'closed', draft: null, requestId: null, error: null, requested: null };

/** What the flow shows after these events, from the words rather than the machine. */
function expectedFlow(events: readonly AnyEventObject[]): Shown {
  let shown = CLOSED;
  for (const event of events) {
    const { phase } = shown;
    if (event.type === 'OPEN' && phase === 'closed') shown = { ...CLOSED, phase: 'editing' };
    else if (event.type === 'CLOSE' && phase !== 'submitting' && phase !== 'closed') shown = CLOSED;
    else if (event.type === 'REVIEW' && phase === 'editing') shown = { ...shown, phase: 'confirming', draft: event.draft as WithdrawalDraft, error: null };
    else if (event.type === 'EDIT' && (phase === 'confirming' || phase === 'failed')) shown = { ...shown, phase: 'editing' };
    else if (event.type === 'CONFIRM' && phase === 'confirming') shown = { ...shown, phase: 'submitting', requestId: String(event.requestId), error: null };
    else if (event.type === 'RETRY' && phase === 'failed') shown = { ...shown, phase: 'submitting' };
    else if (event.type === 'xstate.done.actor.requestWithdrawal' && phase === 'submitting') shown = { ...shown, phase: 'requested', requested: STORED };
    else if (event.type === 'xstate.error.actor.requestWithdrawal' && phase === 'submitting') {
      shown = { ...shown, phase: 'failed', error: String((event as { error?: { message?: string } }).error?.message) };
    }
  }
  return shown;
}

function seen(snapshot: WithdrawalSnapshot): Shown {
  const phases: Phase[] = ['closed', 'editing', 'confirming', 'submitting', 'requested', 'failed'];
  const phase = phases.find((state) => snapshot.matches(state));
  if (!phase) throw new Error(`Unknown withdrawal state ${JSON.stringify(snapshot.value)}`);
  const { draft, requestId, error, requested } = snapshot.context;
  return { phase, draft, requestId, error, requested };
}

function walk(path: ModelPath<typeof withdrawalMachine>) {
  const eventsUpTo = (stepIndex: number) => path.steps.slice(0, stepIndex + 1).flatMap((step) => (step.applied.length > 0 ? step.applied : [step.event]));
  return model.replay(path, {
    assertState: (_expected, { actor, invocations, stepIndex }) => {
      const events = eventsUpTo(stepIndex);
      const shown = expectedFlow(events);
      expect(seen(actor.getSnapshot() as WithdrawalSnapshot)).toEqual(shown);
      // The latest request asks for the draft reviewed last, under the latest confirmation's name (a retry: the same name).
      const requests = invocations.filter((invocation) => invocation.src === 'requestWithdrawal');
      if (shown.phase === 'submitting') expect(requests.at(-1)?.input).toEqual({ ...shown.draft, requestId: shown.requestId });
    },
  });
}

printCoverageAfterAll();

describe('withdrawal machine, every shortest path', () => {
  const paths = model.shortestPaths();
  it('has paths to walk', () => expect(paths.length).toBeGreaterThan(5));
  for (const path of paths) it(path.description, () => walk(path));
});

describe('withdrawal machine, every simple path', () => {
  const paths = model.simplePaths();
  it('has paths to walk', () => expect(paths.length).toBeGreaterThan(10));
  for (const path of paths) it(path.description, () => walk(path));
});

describe('withdrawal machine coverage and rules', () => {
  it('entered every state and took every transition', () => {
    const coverage = model.coverage();
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });

  it('has no unnamed delays', () => {
    expect(findDelayViolations(withdrawalMachine)).toEqual([]);
  });
});
