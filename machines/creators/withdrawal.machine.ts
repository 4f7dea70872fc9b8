import { assertEvent, assign, setup, type SnapshotFrom } from 'xstate';
import type { MemberWithdrawal, PayoutMethod } from '../../contract/creators';
import { actorNotProvided } from '../actor-not-provided';
import { errorMessage } from '../error-message';

/** What the creator filled in: how much of which balance, and where to pay it. */
export interface WithdrawalDraft {
  amountMinor: number;
  currency: string;
  test: boolean;
  method: PayoutMethod;
  account: string;
}

/** What the `requestWithdrawal` actor is asked: the draft, named once per confirmation (a retry sends the same name). */
export interface WithdrawalSubmission extends WithdrawalDraft {
  requestId: string;
}

export interface WithdrawalContext {
  draft: WithdrawalDraft | null;
  requestId: string | null;
  /** Why the last request was refused, in the server's words. */
  error: string | null;
  /** The request as the server stored it. */
  requested: MemberWithdrawal | null;
}

export type WithdrawalEvent =
  | { type: 'OPEN' }
  | { type: 'CLOSE' }
  | { type: 'REVIEW'; draft: WithdrawalDraft }
  | { type: 'EDIT' }
  /** `requestId`: made by the browser (crypto.randomUUID) for this confirmation. */
  | { type: 'CONFIRM'; requestId: string }
  /** Ask again under the same name: if the first did land, it is not held twice. */
  | { type: 'RETRY' };

/**
 * A creator's withdrawal (issue 49): fill in the amount and where to pay it,
 * review it, confirm; the server holds the amount at once and an admin pays
 * it. A refusal says why, with Try again (the same request) or Change.
 */
export const withdrawalMachine = setup({
  types: {
    context: {} as WithdrawalContext,
    events: {} as WithdrawalEvent,
  },
  actors: {
    requestWithdrawal: actorNotProvided<MemberWithdrawal, WithdrawalSubmission>('withdrawal', 'requestWithdrawal'),
  },
  actions: {
    keepDraft: assign(({ event }) => {
      assertEvent(event, 'REVIEW');
      return { draft: event.draft, error: null };
    }),
    nameRequest: assign(({ event }) => {
      assertEvent(event, 'CONFIRM');
      return { requestId: event.requestId, error: null };
    }),
    keepRequested: assign({ requested: ({ event }) => (event as { output?: MemberWithdrawal }).output ?? null }),
    noteRefusal: assign({ error: ({ event }) => errorMessage((event as { error?: unknown }).error, 'The withdrawal could not be requested') }),
    clearAll: assign({ draft: null, requestId: null, error: null, requested: null }),
  },
}).createMachine({
  id: 'withdrawal',
  description: 'A creator asks for withdrawable earnings to be paid out: the form, a review, then the request (held at once; an admin pays it).',
  context: { draft: null, requestId: null, error: null, requested: null },
  initial: 'closed',
  states: {
    closed: {
      description: 'The Withdraw button beside a withdrawable balance.',
      entry: 'clearAll',
      on: { OPEN: 'editing' },
    },
    editing: {
      description: 'The amount (at least the minimum, at most what is withdrawable), PayPal or IBAN, and the account.',
      on: { CLOSE: 'closed', REVIEW: { target: 'confirming', actions: 'keepDraft' } },
    },
    confirming: {
      description: '"Withdraw <amount> to <method> <account>?" with Confirm and Change.',
      on: { CLOSE: 'closed', EDIT: 'editing', CONFIRM: { target: 'submitting', actions: 'nameRequest' } },
    },
    submitting: {
      description: 'The request goes to the server, which holds the amount at once.',
      invoke: {
        id: 'requestWithdrawal',
        src: 'requestWithdrawal',
        input: ({ context }) => {
          if (!context.draft || !context.requestId) throw new Error('withdrawal: submitting without a draft');
          return { ...context.draft, requestId: context.requestId };
        },
        onDone: { target: 'requested', actions: 'keepRequested' },
        onError: { target: 'failed', actions: 'noteRefusal' },
      },
    },
    requested: {
      description: '"Withdrawal requested": the amount is held, and the request shows in the list as Requested.',
      on: { CLOSE: 'closed' },
    },
    failed: {
      description: "Why not, in the server's words (the minimum, the balance, the account's form), with Try again and Change.",
      on: { CLOSE: 'closed', RETRY: 'submitting', EDIT: 'editing' },
    },
  },
});

export type WithdrawalSnapshot = SnapshotFrom<typeof withdrawalMachine>;
