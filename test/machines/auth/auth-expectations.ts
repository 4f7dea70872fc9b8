import type { AnyEventObject } from 'xstate';
import type { Credentials, SessionRole, SessionTokens, TokensClearedBecause } from '../../../machines/auth/auth.machine';

/**
 * What SPEC sections 4 and 8 say the session should be after a sequence of
 * events, worked out without the machine, so that the model-based tests
 * compare the actor against the spec rather than against itself.
 */

export type Effect =
  | ['persistToken', { role: SessionRole; token: string }]
  | ['clearPersistedTokens', { because: TokensClearedBecause }]
  | ['navigateAfterSignIn', { role: SessionRole; newAccount: boolean }]
  | ['reloadHome'];

export interface ExpectedSession {
  state: 'signedOut' | 'user' | 'admin' | 'signingIn' | 'registering' | 'leaving' | 'secondFactor' | 'checkingCode' | 'enrolling';
  tokens: SessionTokens;
  error: string | null;
  /** Signed out by something other than this page's Logout, and no sign-in started or dismissal since. */
  sessionEnded: boolean;
  /** What the notice says: the reason storage gave when the session ended, if any. */
  sessionEndedReason: string | null;
  /** An admin signed in without an authenticator where none is required: offered one while in the admin state. */
  mfaOffered: boolean;
  /** Effects the app should have been asked to perform, in order. */
  effects: Effect[];
  /** Inputs the sign-in and register calls should have received, in order. */
  calls: Array<
    | { id: 'signIn'; input: { role: SessionRole; credentials: Credentials } }
    | { id: 'register'; input: unknown }
    | { id: 'submitCode'; input: { ticket: string; code: string } }
    /** The member's realtime connection: started on every entry into the member's state. */
    | { id: 'realtime'; input: undefined }
  >;
}

const FALLBACK = { user: 'Login failed', admin: 'Admin login failed', register: 'Registration failed' } as const;

function messageOf(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

function settledState(tokens: SessionTokens): ExpectedSession['state'] {
  if (tokens.adminToken) return 'admin';
  if (tokens.userToken) return 'user';
  return 'signedOut';
}

export function expectedSession(initial: SessionTokens, events: readonly AnyEventObject[]): ExpectedSession {
  let tokens = { ...initial };
  let error: string | null = null;
  let pending: SessionRole | 'register' | null = null;
  const effects: Effect[] = [];
  const calls: ExpectedSession['calls'] = [];
  let leaving = false;
  let sessionEnded = false;
  let sessionEndedReason: string | null = null;
  // Issue 37 finding 4: the second step of a sign-in (its ticket), and whether its code is being checked.
  let secondStep: { kind: 'code' | 'enrol'; ticket: string } | null = null;
  let checkingCode = false;
  let mfaOffered = false;
  const holdsAToken = (held: SessionTokens) => Boolean(held.userToken) || Boolean(held.adminToken);

  let was: ExpectedSession['state'] | null = null;
  for (const event of events) {
    // SPEC section 4: Logout ends with a full reload, so nothing after it reaches this page's session.
    if (leaving) continue;
    switch (event.type) {
      case 'SIGN_IN':
        pending = event.role as SessionRole;
        error = null;
        sessionEnded = false;
        sessionEndedReason = null;
        calls.push({ id: 'signIn', input: { role: event.role as SessionRole, credentials: event.credentials as Credentials } });
        break;
      case 'REGISTER':
        pending = 'register';
        error = null;
        sessionEnded = false;
        sessionEndedReason = null;
        calls.push({ id: 'register', input: event.form });
        break;
      case 'xstate.done.actor.signIn':
      case 'xstate.done.actor.register':
      case 'xstate.done.actor.submitCode':
      case 'ENROLLED': {
        const output = (event.type === 'ENROLLED' ? { token: event.token as string } : event.output) as { kind?: 'token' | 'code' | 'enrol'; token?: string; ticket?: string; mfaOffered?: boolean };
        // The password was right, but a second step is due: the code, or an admin's enrolment.
        if (output.kind === 'code' || output.kind === 'enrol') {
          secondStep = { kind: output.kind, ticket: output.ticket ?? '' };
          break;
        }
        const role: SessionRole = pending === 'admin' ? 'admin' : 'user';
        const token = output.token ?? '';
        tokens = role === 'admin' ? { ...tokens, adminToken: token } : { ...tokens, userToken: token };
        // A new account goes on into the set-up (issue 35); a sign-in goes back.
        effects.push(['persistToken', { role, token }], ['navigateAfterSignIn', { role, newAccount: event.type === 'xstate.done.actor.register' }]);
        if (event.type === 'xstate.done.actor.signIn') mfaOffered = output.mfaOffered === true;
        pending = null;
        secondStep = null;
        checkingCode = false;
        error = null;
        break;
      }
      case 'SUBMIT_CODE':
        checkingCode = true;
        error = null;
        calls.push({ id: 'submitCode', input: { ticket: secondStep?.ticket ?? '', code: event.code as string } });
        break;
      case 'xstate.error.actor.submitCode':
        checkingCode = false;
        error = messageOf(event.error, 'That code did not work');
        break;
      case 'CANCEL_SECOND_STEP':
        secondStep = null;
        pending = null;
        error = null;
        break;
      case 'DISMISS_MFA_OFFER':
        mfaOffered = false;
        break;
      case 'xstate.error.actor.signIn':
      case 'xstate.error.actor.register':
        error = messageOf(event.error, FALLBACK[pending ?? 'register']);
        pending = null;
        break;
      case 'LOGOUT':
        // Storage is emptied; the page keeps showing who was signed in until home replaces it.
        effects.push(['clearPersistedTokens', { because: 'logout' }], ['reloadHome']);
        leaving = true;
        break;
      case 'ACCOUNT_DELETED':
        // Only a signed-in member can delete their account; the page then says so itself, not through the notice.
        if (pending !== null || settledState(tokens) !== 'user') break;
        effects.push(['clearPersistedTokens', { because: 'accountDeleted' }]);
        tokens = { userToken: null, adminToken: null };
        sessionEnded = false;
        sessionEndedReason = null;
        break;
      case 'SESSION.SYNC': {
        const next = { ...(event.tokens as SessionTokens) };
        // Only a settled state re-reads storage; a sign-in under way ignores it.
        if (pending !== null) break;
        const endsNow = !holdsAToken(next) && holdsAToken(tokens);
        if (endsNow) sessionEndedReason = (event.signedOutReason as string | null | undefined) ?? null;
        sessionEnded = endsNow || (sessionEnded && !holdsAToken(next));
        if (!sessionEnded) sessionEndedReason = null;
        tokens = next;
        break;
      }
      case 'DISMISS_SESSION_ENDED':
        sessionEnded = false;
        sessionEndedReason = null;
        break;
      case 'CLEAR_ERROR':
        error = null;
        break;
      case 'xstate.init':
        break;
      default:
        throw new Error(`The expectations do not know event "${event.type}"`);
    }
    // The realtime connection runs while a member is signed in; storage is re-read by passing through
    // `resolving`, which starts it again (the connection module keeps the socket across that).
    const now = leaving ? 'leaving' : stateOf(pending, tokens, secondStep, checkingCode);
    if (now === 'user' && (was !== 'user' || event.type === 'SESSION.SYNC')) calls.push({ id: 'realtime', input: undefined });
    was = now;
  }
  if (leaving) return { state: 'leaving', tokens, error, sessionEnded, sessionEndedReason, mfaOffered, effects, calls };
  return { state: stateOf(pending, tokens, secondStep, checkingCode), tokens, error, sessionEnded, sessionEndedReason, mfaOffered, effects, calls };
}

function stateOf(
  pending: SessionRole | 'register' | null,
  tokens: SessionTokens,
  secondStep: { kind: 'code' | 'enrol' } | null,
  checkingCode: boolean,
): ExpectedSession['state'] {
  if (secondStep) return checkingCode ? 'checkingCode' : secondStep.kind === 'code' ? 'secondFactor' : 'enrolling';
  if (pending === null) return settledState(tokens);
  return pending === 'register' ? 'registering' : 'signingIn';
}
