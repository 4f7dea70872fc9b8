import type { AnyEventObject } from 'xstate';
import { INVALID_CREDENTIALS, type RegisterBody } from '../../../contract/auth/sign-in';
import { authMachine, type AuthSnapshot, type Credentials, type SessionTokens } from '../../../machines/auth/auth.machine';
import { createModel, doneEvent, errorEvent } from '../../support/model';

/**
 * The auth machine's test model, shared by the machine-level walk and the
 * walk through the real Login and Register screens.
 */
export const NO_TOKENS: SessionTokens = { userToken: null, adminToken: null };
export const credentials: Credentials = { username: 'maya_r', password: 'correct-horse-1', remember: true };
/** What storage says about the sign-out in the model's SESSION.SYNC (the server's 401 message). */
export const SIGNED_OUT_REASON = 'This device was signed out from another one, please sign in again';
export const registration: RegisterBody = { name: 'Maya', username: 'maya_r', email: 'maya@example.com', password: 'correct-horse-1', age: 29, gender: 'female', acceptTerms: true };

const events = {
  SIGN_IN: [
    { type: 'SIGN_IN', role: 'user', credentials },
    { type: 'SIGN_IN', role: 'admin', credentials },
  ],
  REGISTER: [{ type: 'REGISTER', form: registration }],
  // The app sends this on every navigation; a 401 elsewhere empties storage and says why.
  'SESSION.SYNC': [{ type: 'SESSION.SYNC', tokens: NO_TOKENS, signedOutReason: SIGNED_OUT_REASON }],
  ACCOUNT_DELETED: [{ type: 'ACCOUNT_DELETED' }],
  'xstate.done.actor.signIn': [doneEvent('signIn', { kind: 'token', token: 'issued-by-login', mfaOffered: false })],
  'xstate.error.actor.signIn': [errorEvent('signIn', new Error(INVALID_CREDENTIALS))],
  'xstate.done.actor.register': [doneEvent('register', { token: 'issued-by-register' })],
  'xstate.error.actor.register': [errorEvent('register', new Error('Username already taken'))],
};

// What decides behaviour and what the user sees: which tokens exist, who is
// being signed in, whether an error or the signed-out notice shows. Token
// values and the exact message are checked against the spec expectations instead.
const behaviour = (snapshot: AuthSnapshot) => ({
  value: snapshot.value,
  user: Boolean(snapshot.context.tokens.userToken),
  admin: Boolean(snapshot.context.tokens.adminToken),
  signingInAs: snapshot.context.signingInAs,
  error: snapshot.context.error !== null,
});

const describeEvent = (event: AnyEventObject) => (event.type === 'SIGN_IN' ? `SIGN_IN as ${String(event.role)}` : defaultLabel(event));

// "Dismiss" exists only while the signed-out notice shows.
const dismissWhileNoticeShows = (snapshot: AuthSnapshot, event: AnyEventObject) =>
  event.type !== 'DISMISS_SESSION_ENDED' || snapshot.context.sessionEnded;
const noticeStateKey = (snapshot: AuthSnapshot) => JSON.stringify({ ...behaviour(snapshot), sessionEnded: snapshot.context.sessionEnded });

export const authModel = createModel(authMachine, {
  input: { tokens: NO_TOKENS },
  events,
  stateKey: noticeStateKey,
  describeEvent,
  filterEvents: dismissWhileNoticeShows,
});

/**
 * For the walk through the Login and Register screens: deleting the account
 * happens in Settings, with its own API, and is walked there
 * (test/src/features/auth/delete-account.test.tsx).
 */
export const authScreensModel = createModel(authMachine, {
  input: { tokens: NO_TOKENS },
  events,
  stateKey: noticeStateKey,
  describeEvent,
  // The admin's authenticator offer is the admin area's (e2e/admin-mfa.spec.ts), not these screens'.
  filterEvents: (snapshot, event) => event.type !== 'ACCOUNT_DELETED' && event.type !== 'DISMISS_MFA_OFFER' && dismissWhileNoticeShows(snapshot, event),
});

/**
 * For simple paths: the notice left out of the state, and Dismiss with it.
 * Counted as state, it multiplies the simple paths tenfold (16,000); every
 * path still checks the notice against the expectations, and the shortest
 * paths of `authModel` take Dismiss.
 */
export const authSimplePathModel = createModel(authMachine, {
  input: { tokens: NO_TOKENS },
  events,
  stateKey: (snapshot) => JSON.stringify(behaviour(snapshot)),
  describeEvent,
  filterEvents: (_snapshot, event) => event.type !== 'DISMISS_SESSION_ENDED',
});

function defaultLabel(event: AnyEventObject): string {
  if (event.type.startsWith('xstate.done.actor.')) return `${event.type.slice('xstate.done.actor.'.length)} succeeds`;
  if (event.type.startsWith('xstate.error.actor.')) return `${event.type.slice('xstate.error.actor.'.length)} fails`;
  if (event.type === 'SESSION.SYNC') return 'SESSION.SYNC (storage cleared)';
  return event.type;
}


/**
 * Two-step verification (issue 37 finding 4): the password step may answer a
 * ticket for the code step or, for an admin in production, for enrolment;
 * an admin signed in without an authenticator may be offered one. Walked by
 * shortest paths (its simple paths would multiply the ones above).
 */
export const SECOND_STEP_TICKET = 'ticket-from-password-step';
export const authSecondStepModel = createModel(authMachine, {
  input: { tokens: NO_TOKENS },
  events: {
    ...events,
    'xstate.done.actor.signIn': [
      doneEvent('signIn', { kind: 'token', token: 'issued-by-login', mfaOffered: true }),
      doneEvent('signIn', { kind: 'code', ticket: SECOND_STEP_TICKET }),
      doneEvent('signIn', { kind: 'enrol', ticket: SECOND_STEP_TICKET }),
    ],
    SUBMIT_CODE: [{ type: 'SUBMIT_CODE', code: '123456' }],
    'xstate.done.actor.submitCode': [doneEvent('submitCode', { token: 'issued-by-code' })],
    'xstate.error.actor.submitCode': [errorEvent('submitCode', new Error('That code is not right. Check your authenticator app and try again'))],
    ENROLLED: [{ type: 'ENROLLED', token: 'issued-by-enrolment' }],
  },
  stateKey: (snapshot) => JSON.stringify({ ...behaviour(snapshot), secondStep: snapshot.context.secondStep?.kind ?? null, mfaOffered: snapshot.context.mfaOffered }),
  describeEvent: (event) => (event.type === 'xstate.done.actor.signIn' ? `signIn answers ${String((event.output as { kind: string }).kind)}` : describeEvent(event)),
  // Account deletion and the signed-out notice are walked by the models above.
  filterEvents: (_snapshot, event) => event.type !== 'ACCOUNT_DELETED' && event.type !== 'DISMISS_SESSION_ENDED',
});
