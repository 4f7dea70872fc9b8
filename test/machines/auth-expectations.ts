import type { AnyEventObject } from 'xstate';
import type { Credentials, SessionRole, SessionTokens, TokensClearedBecause } from '../../machines/auth.machine';

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
  state: 'signedOut' | 'user' | 'admin' | 'signingIn' | 'registering' | 'leaving';
  tokens: SessionTokens;
  error: string | null;
  /** Signed out by something other than this page's Logout, and no sign-in started or dismissal since. */
  sessionEnded: boolean;
  /** What the notice says: the reason storage gave when the session ended, if any. */
  sessionEndedReason: string | null;
  /** Effects the app should have been asked to perform, in order. */
  effects: Effect[];
  /** Inputs the sign-in and register calls should have received, in order. */
  calls: Array<
    | { id: 'signIn'; input: { role: SessionRole; credentials: Credentials } }
    | { id: 'register'; input: unknown }
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
      case 'xstate.done.actor.register': {
        const role: SessionRole = pending === 'admin' ? 'admin' : 'user';
        const token = (event.output as { token: string }).token;
        tokens = role === 'admin' ? { ...tokens, adminToken: token } : { ...tokens, userToken: token };
        // A new account goes on into the set-up (issue 35); a sign-in goes back.
        effects.push(['persistToken', { role, token }], ['navigateAfterSignIn', { role, newAccount: event.type === 'xstate.done.actor.register' }]);
        pending = null;
        break;
      }
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
    const now = leaving ? 'leaving' : pending === null ? settledState(tokens) : pending === 'register' ? 'registering' : 'signingIn';
    if (now === 'user' && (was !== 'user' || event.type === 'SESSION.SYNC')) calls.push({ id: 'realtime', input: undefined });
    was = now;
  }
  if (leaving) return { state: 'leaving', tokens, error, sessionEnded, sessionEndedReason, effects, calls };
  const state = pending === null ? settledState(tokens) : pending === 'register' ? 'registering' : 'signingIn';
  return { state, tokens, error, sessionEnded, sessionEndedReason, effects, calls };
}
