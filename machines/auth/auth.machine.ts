import { assertEvent, assign, setup, type SnapshotFrom } from 'xstate';
import type { RegisterBody } from '../../contract/auth/sign-in';
import type { ErrorCode } from '../../contract/constants';
import { actorNotProvided, callbackActorNotProvided } from '../actor-not-provided';
import { errorCode, errorMessage } from '../error-message';

export type SessionRole = 'user' | 'admin';
/** contract/auth/sign-in-link's code, spelled here: that module's zod stays out of the first page's code. */
const SIGN_IN_LINK_OFFERED: ErrorCode = 'sign-in-link-offered';
export interface SessionTokens {
  userToken: string | null;
  adminToken: string | null;
}
export interface Credentials {
  username: string;
  password: string;
  remember: boolean;
}
export interface SignInInput {
  role: SessionRole;
  credentials: Credentials;
}
export interface IssuedToken {
  token: string;
}
/**
 * What a right password leads to: a session (an admin outside production may be
 * offered an authenticator), the code step (`code`), or an admin's obligatory
 * enrolment (`enrol`), each with the short-lived ticket the next step needs.
 */
export type SignInOutcome = { kind: 'token'; token: string; mfaOffered: boolean } | { kind: 'code'; ticket: string } | { kind: 'enrol'; ticket: string };
export interface SecondStepInput {
  ticket: string;
  code: string;
}
/** The pending second step of a sign-in: its ticket, for the role being signed in. */
export interface SecondStep {
  kind: 'code' | 'enrol';
  ticket: string;
}

export interface AuthInput {
  tokens: SessionTokens;
}
export interface AuthContext {
  tokens: SessionTokens;
  error: string | null;
  /**
   * The last sign-in was refused for too many wrong passwords from browsers
   * the account does not know: the form offers a sign-in link by email
   * (issue 50, finding 9). Goes with the error.
   */
  signInLinkOffered: boolean;
  signingInAs: SessionRole | null;
  /**
   * The tokens went away without this page's Logout: a 401 (the session
   * expired, or was ended from another device) or Logout in another tab.
   * The page says so until the person starts signing in again or dismisses it.
   */
  sessionEnded: boolean;
  /** What the page should say about it, when the sign-out came with a reason (the server's 401 message). */
  sessionEndedReason: string | null;
  /** Between the password and the code (or an admin's enrolment): the ticket, never stored anywhere else. */
  secondStep: SecondStep | null;
  /** An admin signed in without an authenticator where one is not required: offered until set up or dismissed. */
  mfaOffered: boolean;
}
/** Why this page takes the tokens out of storage: other tabs are told the same. */
export type TokensClearedBecause = 'logout' | 'accountDeleted';
export type AuthEvent =
  | { type: 'SIGN_IN'; role: SessionRole; credentials: Credentials }
  | { type: 'REGISTER'; form: RegisterBody }
  | { type: 'LOGOUT' }
  /** `signedOutReason`: what storage says about the last sign-out, if anything. */
  | { type: 'SESSION.SYNC'; tokens: SessionTokens; signedOutReason?: string | null }
  /** The server has deleted the signed-in member's account. */
  | { type: 'ACCOUNT_DELETED' }
  | { type: 'CLEAR_ERROR' }
  | { type: 'DISMISS_SESSION_ENDED' }
  /** The code from the authenticator app, or a recovery code. */
  | { type: 'SUBMIT_CODE'; code: string }
  /** Enrolment at sign-in is done (recovery codes seen): the session it ended with. */
  | { type: 'ENROLLED'; token: string }
  /** Back to the password form, the ticket dropped. */
  | { type: 'CANCEL_SECOND_STEP' }
  /** "Not now", or set up: the admin's authenticator offer goes away. */
  | { type: 'DISMISS_MFA_OFFER' };

/** SPEC section 8: what a failure reads when the server sent no message. */
const FALLBACK_ERROR: Record<SessionRole | 'register', string> = {
  user: 'Login failed',
  admin: 'Admin login failed',
  register: 'Registration failed',
};

const holdsAToken = (tokens: SessionTokens): boolean => Boolean(tokens.userToken) || Boolean(tokens.adminToken);

function roleBeingSignedIn(context: AuthContext): SessionRole {
  // Only reachable from `signingIn`, which is entered with the role set.
  if (context.signingInAs === null) throw new Error('auth machine: a sign-in finished with no role in progress');
  return context.signingInAs;
}

/** The transitions every settled state (signed out, user, admin) accepts. */
const settledTransitions = {
  SIGN_IN: { target: 'signingIn', actions: 'startSignIn' },
  REGISTER: { target: 'registering', actions: ['forgetError', 'forgetSessionEnded'] },
  'SESSION.SYNC': { target: 'resolving', actions: 'adoptTokens' },
  CLEAR_ERROR: { actions: 'forgetError' },
} as const;

export const authMachine = setup({
  types: {
    input: {} as AuthInput,
    context: {} as AuthContext,
    events: {} as AuthEvent,
  },
  actors: {
    signIn: actorNotProvided<SignInOutcome, SignInInput>('auth machine', 'signIn'),
    submitCode: actorNotProvided<IssuedToken, SecondStepInput>('auth machine', 'submitCode'),
    register: actorNotProvided<IssuedToken, RegisterBody>('auth machine', 'register'),
    // The member's realtime connection (it reads the session token from storage, as every request does).
    realtime: callbackActorNotProvided<AuthEvent, void>('auth machine', 'realtime'),
  },
  actions: {
    // Effects the app injects with `.provide()`; the machine itself stays pure.
    persistToken: (_, _params: { role: SessionRole; token: string }) => {},
    clearPersistedTokens: (_, _params: { because: TokensClearedBecause }) => {},
    /** `newAccount`: the sign-in that registration makes, which leads into the set-up rather than back. */
    navigateAfterSignIn: (_, _params: { role: SessionRole; newAccount: boolean }) => {},
    reloadHome: () => {},
    startSignIn: assign(({ event }) => {
      assertEvent(event, 'SIGN_IN');
      // Signing in again is the answer to the signed-out notice; it has done its job.
      return { error: null, signInLinkOffered: false, signingInAs: event.role, sessionEnded: false, sessionEndedReason: null };
    }),
    forgetError: assign({ error: null, signInLinkOffered: false }),
    forgetSecondStep: assign({ secondStep: null, signingInAs: null, error: null, signInLinkOffered: false }),
    dismissMfaOffer: assign({ mfaOffered: false }),
    /** The session a second step ended with: stored, announced to the router, and this page's tokens. */
    adoptSecondStepToken: assign(({ context }, params: { token: string }) => ({
      tokens: roleBeingSignedIn(context) === 'admin' ? { ...context.tokens, adminToken: params.token } : { ...context.tokens, userToken: params.token },
      signingInAs: null,
      secondStep: null,
      error: null,
    })),
    adoptTokens: assign(({ context, event }) => {
      assertEvent(event, 'SESSION.SYNC');
      // Ended when the last token goes; over when one comes back (a sign-in in another tab).
      const endsNow = !holdsAToken(event.tokens) && holdsAToken(context.tokens);
      const sessionEnded = endsNow || (context.sessionEnded && !holdsAToken(event.tokens));
      const sessionEndedReason = endsNow ? (event.signedOutReason ?? null) : sessionEnded ? context.sessionEndedReason : null;
      return { tokens: { ...event.tokens }, sessionEnded, sessionEndedReason };
    }),
    forgetSessionEnded: assign({ sessionEnded: false, sessionEndedReason: null }),
    // This page ended the session itself, and shows what it has to say in its own place
    // (no notice to clear: it is never set while a token is held).
    forgetTokens: assign({ tokens: { userToken: null, adminToken: null } }),
  },
  guards: {
    hasAdminToken: ({ context }) => Boolean(context.tokens.adminToken),
    hasUserToken: ({ context }) => Boolean(context.tokens.userToken),
    asksForCode: (_, params: { outcome: SignInOutcome }) => params.outcome.kind === 'code',
    asksForEnrolment: (_, params: { outcome: SignInOutcome }) => params.outcome.kind === 'enrol',
  },
}).createMachine({
  id: 'auth',
  description:
    'Who the visitor is signed in as. Sign-in, registration and logout move between signed out, user and admin; ' +
    'the stored tokens are re-read on every navigation, and an admin token wins when both exist.',
  context: ({ input }) => ({
    tokens: { ...input.tokens },
    error: null,
    signInLinkOffered: false,
    signingInAs: null,
    sessionEnded: false,
    sessionEndedReason: null,
    secondStep: null,
    mfaOffered: false,
  }),
  initial: 'resolving',
  states: {
    resolving: {
      description: 'Decides the role from the tokens alone; never rests here.',
      always: [
        { guard: 'hasAdminToken', target: 'admin' },
        { guard: 'hasUserToken', target: 'user' },
        { target: 'signedOut' },
      ],
    },
    signedOut: {
      description:
        'No token: Login and Sign Up show in the header. A failed attempt shows its error here. ' +
        "A session that ended other than by this page's Logout or account deletion (expired, signed out from another device or tab, " +
        'banned, deleted) is announced here, in the words storage was left with, until dismissed or a sign-in starts.',
      on: { ...settledTransitions, DISMISS_SESSION_ENDED: { actions: 'forgetSessionEnded' } },
    },
    user: {
      description:
        'A user token exists (and no admin token). Deleting the account from Settings signs out at once, ' +
        'without the signed-out notice: the Login page it moves to says the account has been deleted. ' +
        "While here the tab keeps one realtime connection (messages, typing, receipts, presence) open with the member's token.",
      invoke: { id: 'realtime', src: 'realtime' },
      on: {
        ...settledTransitions,
        LOGOUT: { target: 'leaving', actions: [{ type: 'clearPersistedTokens', params: { because: 'logout' } }, 'reloadHome'] },
        ACCOUNT_DELETED: { target: 'resolving', actions: ['forgetTokens', { type: 'clearPersistedTokens', params: { because: 'accountDeleted' } }] },
      },
    },
    admin: {
      description: 'An admin token exists; it takes precedence over a user token.',
      on: {
        ...settledTransitions,
        LOGOUT: { target: 'leaving', actions: [{ type: 'clearPersistedTokens', params: { because: 'logout' } }, 'reloadHome'] },
        DISMISS_MFA_OFFER: { actions: 'dismissMfaOffer' },
      },
    },
    leaving: {
      description:
        'Logged out, home reloading. Until the reloaded home replaces this page, it keeps showing who was signed in ' +
        'rather than flashing the visitor header, and ignores every event: the storage sync that emptying storage announces, ' +
        'and a second click on Logout.',
    },
    signingIn: {
      description: 'Waiting for the user or admin login call; the button reads "Signing in...".',
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ event }) => {
          assertEvent(event, 'SIGN_IN');
          return { role: event.role, credentials: event.credentials };
        },
        onDone: [
          {
            guard: { type: 'asksForCode', params: ({ event }) => ({ outcome: event.output }) },
            target: 'secondFactor',
            actions: assign(({ event }) => ({ secondStep: event.output.kind === 'token' ? null : { kind: 'code' as const, ticket: event.output.ticket } })),
          },
          {
            guard: { type: 'asksForEnrolment', params: ({ event }) => ({ outcome: event.output }) },
            target: 'enrolling',
            actions: assign(({ event }) => ({ secondStep: event.output.kind === 'token' ? null : { kind: 'enrol' as const, ticket: event.output.ticket } })),
          },
          {
            // Re-resolving (rather than jumping to the role's state) keeps the
            // admin-wins rule in one place when a user signs in while an admin.
            target: 'resolving',
            actions: [
              {
                type: 'persistToken',
                params: ({ context, event }) => ({ role: roleBeingSignedIn(context), token: event.output.kind === 'token' ? event.output.token : '' }),
              },
              { type: 'navigateAfterSignIn', params: ({ context }) => ({ role: roleBeingSignedIn(context), newAccount: false }) },
              assign(({ context, event }) => {
                const token = event.output.kind === 'token' ? event.output.token : null;
                return {
                  tokens: roleBeingSignedIn(context) === 'admin' ? { ...context.tokens, adminToken: token } : { ...context.tokens, userToken: token },
                  signingInAs: null,
                  mfaOffered: event.output.kind === 'token' && event.output.mfaOffered,
                };
              }),
            ],
          },
        ],
        onError: {
          // Tokens are unchanged, so resolving returns to where the attempt started.
          target: 'resolving',
          actions: assign(({ context, event }) => ({
            error: errorMessage(event.error, FALLBACK_ERROR[roleBeingSignedIn(context)]),
            signInLinkOffered: errorCode(event.error) === SIGN_IN_LINK_OFFERED,
            signingInAs: null,
          })),
        },
      },
    },
    secondFactor: {
      description:
        'The password was right and the account has two-step verification: the code form (or a recovery code) shows, ' +
        'with the last wrong code\'s error. Cancel goes back to the password form; the ticket lasts 5 minutes on the server.',
      on: {
        SUBMIT_CODE: { target: 'checkingCode', actions: 'forgetError' },
        CANCEL_SECOND_STEP: { target: 'resolving', actions: 'forgetSecondStep' },
        CLEAR_ERROR: { actions: 'forgetError' },
      },
    },
    checkingCode: {
      description: 'Waiting for the code step; the button reads "Checking...". Success signs in as the password would have.',
      invoke: {
        id: 'submitCode',
        src: 'submitCode',
        input: ({ context, event }) => {
          assertEvent(event, 'SUBMIT_CODE');
          return { ticket: context.secondStep?.ticket ?? '', code: event.code };
        },
        onDone: {
          target: 'resolving',
          actions: [
            { type: 'persistToken', params: ({ context, event }) => ({ role: roleBeingSignedIn(context), token: event.output.token }) },
            { type: 'navigateAfterSignIn', params: ({ context }) => ({ role: roleBeingSignedIn(context), newAccount: false }) },
            { type: 'adoptSecondStepToken', params: ({ event }) => ({ token: event.output.token }) },
          ],
        },
        onError: {
          target: 'secondFactor',
          actions: assign(({ event }) => ({ error: errorMessage(event.error, 'That code did not work') })),
        },
      },
    },
    enrolling: {
      description:
        'An admin in production without an authenticator: the enrolment screen (QR code, secret, first code, recovery codes) ' +
        'runs on the ticket and ends with a session. Cancel goes back to the password form.',
      on: {
        ENROLLED: {
          target: 'resolving',
          actions: [
            { type: 'persistToken', params: ({ context, event }) => ({ role: roleBeingSignedIn(context), token: event.token }) },
            { type: 'navigateAfterSignIn', params: ({ context }) => ({ role: roleBeingSignedIn(context), newAccount: false }) },
            { type: 'adoptSecondStepToken', params: ({ event }) => ({ token: event.token }) },
          ],
        },
        CANCEL_SECOND_STEP: { target: 'resolving', actions: 'forgetSecondStep' },
      },
    },
    registering: {
      description: 'Waiting for the register call; success signs the new user in and leads into the guided set-up.',
      invoke: {
        id: 'register',
        src: 'register',
        input: ({ event }) => {
          assertEvent(event, 'REGISTER');
          return event.form;
        },
        onDone: {
          target: 'resolving',
          actions: [
            { type: 'persistToken', params: ({ event }) => ({ role: 'user' as const, token: event.output.token }) },
            { type: 'navigateAfterSignIn', params: { role: 'user' as const, newAccount: true } },
            assign(({ context, event }) => ({ tokens: { ...context.tokens, userToken: event.output.token } })),
          ],
        },
        onError: {
          target: 'resolving',
          actions: assign(({ event }) => ({ error: errorMessage(event.error, FALLBACK_ERROR.register) })),
        },
      },
    },
  },
});

export type AuthSnapshot = SnapshotFrom<typeof authMachine>;

export const selectIsUser = (snapshot: AuthSnapshot): boolean => Boolean(snapshot.context.tokens.userToken);
export const selectIsAdmin = (snapshot: AuthSnapshot): boolean => Boolean(snapshot.context.tokens.adminToken);
export const selectIsAuthenticated = (snapshot: AuthSnapshot): boolean => selectIsUser(snapshot) || selectIsAdmin(snapshot);
export const selectIsBusy = (snapshot: AuthSnapshot): boolean =>
  snapshot.matches('signingIn') || snapshot.matches('registering') || snapshot.matches('checkingCode');
/** The sign-in's second step in progress (code form, or an admin's enrolment), with its ticket. */
export const selectSecondStep = (snapshot: AuthSnapshot): SecondStep | null =>
  snapshot.matches('secondFactor') || snapshot.matches('checkingCode') || snapshot.matches('enrolling') ? snapshot.context.secondStep : null;
/** An admin signed in without an authenticator, outside production: the admin area offers one. */
export const selectMfaOffered = (snapshot: AuthSnapshot): boolean => snapshot.matches('admin') && snapshot.context.mfaOffered;
/** After Logout, while home loads: the page stays as it was, and its Logout buttons say so. */
export const selectIsLeaving = (snapshot: AuthSnapshot): boolean => snapshot.matches('leaving');
export const selectError = (snapshot: AuthSnapshot): string | null => snapshot.context.error;
export const selectSignInLinkOffered = (snapshot: AuthSnapshot): boolean => snapshot.context.signInLinkOffered;
/** Signed out by a 401 or another tab, not by this page's Logout, and not yet acknowledged (never set while a token is held). */
export const selectSessionEnded = (snapshot: AuthSnapshot): boolean => snapshot.context.sessionEnded;
export const selectSessionEndedReason = (snapshot: AuthSnapshot): string | null => snapshot.context.sessionEndedReason;
