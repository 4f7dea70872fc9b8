import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { RegisterBody } from '../../../contract/auth/sign-in';
import { INVALID_CREDENTIALS } from '../../../contract/auth/sign-in';
import {
  authMachine,
  selectError,
  selectIsAdmin,
  selectIsAuthenticated,
  selectIsBusy,
  selectIsLeaving,
  selectIsUser,
  selectMfaOffered,
  selectSecondStep,
  selectSessionEnded,
  selectSessionEndedReason,
  type AuthSnapshot,
  type SignInInput,
  type SignInOutcome,
  type SessionTokens,
} from '../../../machines/auth/auth.machine';
import { printCoverageAfterAll, type Mounted, type MountArgs } from '../../support/model';
import { authModel as model, authSecondStepModel, authSimplePathModel, credentials, NO_TOKENS, registration, SECOND_STEP_TICKET } from './auth-model';
import { expectedSession, type Effect } from './auth-expectations';

/** Runs the machine with recording effects, as the app would with real ones. */
function mountRecordingEffects(effects: Effect[]) {
  return ({ machine, input, clock, inspect }: MountArgs<typeof authMachine>): Mounted => {
    const actor = createActor(
      machine.provide({
        actions: {
          persistToken: (_, params) => effects.push(['persistToken', params]),
          clearPersistedTokens: (_, params) => effects.push(['clearPersistedTokens', params]),
          navigateAfterSignIn: (_, params) => effects.push(['navigateAfterSignIn', params]),
          reloadHome: () => effects.push(['reloadHome']),
        },
      }),
      { input, clock, inspect },
    ).start();
    return { actor, unmount: () => void actor.stop() };
  };
}

function walk(path: ReturnType<typeof model.shortestPaths>[number], from: typeof model = model) {
  const effects: Effect[] = [];
  return from.replay(path, {
    mount: mountRecordingEffects(effects),
    assertState: (_expected, { actor, stepIndex, invocations }) => {
      const snapshot = actor.getSnapshot() as AuthSnapshot;
      const spec = expectedSession(NO_TOKENS, path.steps.slice(0, stepIndex + 1).map((step) => step.event));
      expect(snapshot.value).toBe(spec.state);
      expect(snapshot.context.tokens).toEqual(spec.tokens);
      expect(selectError(snapshot)).toBe(spec.error);
      expect(snapshot.context.sessionEnded).toBe(spec.sessionEnded);
      expect(selectSessionEndedReason(snapshot)).toBe(spec.sessionEndedReason);
      expect(selectSessionEnded(snapshot)).toBe(spec.sessionEnded && spec.tokens.userToken === null && spec.tokens.adminToken === null);
      expect(selectIsUser(snapshot)).toBe(spec.tokens.userToken !== null);
      expect(selectIsAdmin(snapshot)).toBe(spec.tokens.adminToken !== null);
      expect(selectIsAuthenticated(snapshot)).toBe(spec.tokens.userToken !== null || spec.tokens.adminToken !== null);
      expect(selectIsBusy(snapshot)).toBe(spec.state === 'signingIn' || spec.state === 'registering' || spec.state === 'checkingCode');
      expect(selectMfaOffered(snapshot)).toBe(spec.state === 'admin' && spec.mfaOffered);
      const inSecondStep = spec.state === 'secondFactor' || spec.state === 'checkingCode' || spec.state === 'enrolling';
      expect(selectSecondStep(snapshot)).toEqual(inSecondStep ? { kind: spec.state === 'enrolling' ? 'enrol' : 'code', ticket: SECOND_STEP_TICKET } : null);
      expect(effects).toEqual(spec.effects);
      expect(invocations.map(({ id, input }) => ({ id, input }))).toEqual(spec.calls);
    },
  });
}

printCoverageAfterAll();

describe('auth machine, every shortest path', () => {
  const paths = model.shortestPaths();
  it('has paths to walk', () => expect(paths.length).toBeGreaterThan(10));
  for (const path of paths) it(path.description, () => walk(path));
});

describe('auth machine, every simple path', () => {
  const paths = authSimplePathModel.simplePaths();
  it('has paths to walk', () => expect(paths.length).toBeGreaterThan(100));
  for (const path of paths) it(path.description, () => walk(path, authSimplePathModel));
});

describe('auth machine, two-step verification, every shortest path (issue 37 finding 4)', () => {
  const paths = authSecondStepModel.shortestPaths();
  it('has paths to walk', () => expect(paths.length).toBeGreaterThan(10));
  for (const path of paths) it(path.description, () => walk(path, authSecondStepModel));

  it('entered every state and took every transition', () => {
    const coverage = authSecondStepModel.coverage();
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });
});

describe('auth machine coverage', () => {
  it('entered every state and took every transition', () => {
    const coverage = model.coverage();
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
    expect(coverage.states.visited).toBe(coverage.states.total);
    expect(coverage.transitions.visited).toBe(coverage.transitions.total);
  });
});

function startAuth(tokens: SessionTokens, signIn = fromPromise<SignInOutcome, SignInInput>(() => new Promise(() => {}))) {
  return createActor(authMachine.provide({ actors: { signIn } }), { input: { tokens } }).start();
}

describe('auth machine, targeted', () => {
  it('shows the server message from a rejected sign-in and returns to where it started', async () => {
    const rejecting = fromPromise<SignInOutcome, SignInInput>(() => Promise.reject(new Error(INVALID_CREDENTIALS)));
    const visitor = startAuth(NO_TOKENS, rejecting);
    visitor.send({ type: 'SIGN_IN', role: 'user', credentials });
    const signedOut = await waitFor(visitor, (snapshot) => !selectIsBusy(snapshot));
    expect(signedOut.value).toBe('signedOut');
    expect(signedOut.context.error).toBe(INVALID_CREDENTIALS);

    // A signed-in user who fails the admin login stays a user, with the error shown.
    const user = startAuth({ userToken: 'u-1', adminToken: null }, rejecting);
    user.send({ type: 'SIGN_IN', role: 'admin', credentials });
    const stillUser = await waitFor(user, (snapshot) => !selectIsBusy(snapshot));
    expect(stillUser.value).toBe('user');
    expect(selectError(stillUser)).toBe(INVALID_CREDENTIALS);
    expect(stillUser.context.tokens).toEqual({ userToken: 'u-1', adminToken: null });
  });

  it('falls back to the spec texts when a failure carries no message', async () => {
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- what a careless network layer can do
    const silent = fromPromise<SignInOutcome, SignInInput>(() => Promise.reject('network down'));
    const actor = startAuth(NO_TOKENS, silent);
    actor.send({ type: 'SIGN_IN', role: 'admin', credentials });
    expect(selectError(await waitFor(actor, (snapshot) => !selectIsBusy(snapshot)))).toBe('Admin login failed');
    actor.send({ type: 'SIGN_IN', role: 'user', credentials });
    expect(selectIsBusy(actor.getSnapshot())).toBe(true);
    expect(selectError(actor.getSnapshot())).toBeNull();
    expect(selectError(await waitFor(actor, (snapshot) => !selectIsBusy(snapshot)))).toBe('Login failed');

    const register = createActor(
      authMachine.provide({ actors: { register: fromPromise<{ token: string }, RegisterBody>(() => Promise.reject(new Error(''))) } }),
      { input: { tokens: NO_TOKENS } },
    ).start();
    register.send({ type: 'REGISTER', form: registration });
    expect(selectError(await waitFor(register, (snapshot) => !selectIsBusy(snapshot)))).toBe('Registration failed');
  });

  it('treats SESSION.SYNC with both tokens as admin, the admin token taking precedence', () => {
    const actor = startAuth(NO_TOKENS);
    actor.send({ type: 'SESSION.SYNC', tokens: { userToken: 'u-1', adminToken: 'a-1' } });
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('admin');
    expect([selectIsUser(snapshot), selectIsAdmin(snapshot), selectIsAuthenticated(snapshot)]).toEqual([true, true, true]);
    actor.send({ type: 'SESSION.SYNC', tokens: { userToken: 'u-1', adminToken: null } });
    expect(actor.getSnapshot().value).toBe('user');
  });

  it('starts in the role the stored tokens give, without effects', () => {
    expect(startAuth({ userToken: null, adminToken: 'a-1' }).getSnapshot().value).toBe('admin');
    expect(startAuth({ userToken: 'u-1', adminToken: null }).getSnapshot().value).toBe('user');
    expect(startAuth({ userToken: '', adminToken: null }).getSnapshot().value).toBe('signedOut');
  });

  it('ignores session syncs while a sign-in is under way', () => {
    const actor = startAuth(NO_TOKENS);
    actor.send({ type: 'SIGN_IN', role: 'user', credentials });
    actor.send({ type: 'SESSION.SYNC', tokens: { userToken: 'u-1', adminToken: null } });
    expect(actor.getSnapshot().value).toBe('signingIn');
  });

  it('after Logout keeps the page as it was while home loads, whatever arrives meanwhile', () => {
    const actor = startAuth({ userToken: 'u-1', adminToken: null });
    actor.send({ type: 'LOGOUT' });
    // Emptying storage announces itself as a sync; a second click on Logout is possible too.
    actor.send({ type: 'SESSION.SYNC', tokens: NO_TOKENS });
    actor.send({ type: 'LOGOUT' });
    actor.send({ type: 'SIGN_IN', role: 'user', credentials });
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('leaving');
    expect(selectIsLeaving(snapshot)).toBe(true);
    expect([selectIsUser(snapshot), selectIsBusy(snapshot)]).toEqual([true, false]);
  });

  it('keeps the reason of the sign-out that ended the session, not of a later sync', () => {
    const actor = startAuth({ userToken: 'u-1', adminToken: null });
    actor.send({ type: 'SESSION.SYNC', tokens: NO_TOKENS, signedOutReason: 'Your account has been banned: Spam' });
    expect(selectSessionEndedReason(actor.getSnapshot())).toBe('Your account has been banned: Spam');
    // Navigating on re-reads storage, which may by then say something else.
    actor.send({ type: 'SESSION.SYNC', tokens: NO_TOKENS, signedOutReason: 'You logged out in another tab' });
    expect(selectSessionEndedReason(actor.getSnapshot())).toBe('Your account has been banned: Spam');

    // Storage emptied with nothing said (by hand, or by an older version of the app): the notice falls back to its own words.
    const silent = startAuth({ userToken: 'u-1', adminToken: null });
    silent.send({ type: 'SESSION.SYNC', tokens: NO_TOKENS });
    expect([selectSessionEnded(silent.getSnapshot()), selectSessionEndedReason(silent.getSnapshot())]).toEqual([true, null]);

    // A visitor who never held a token was not signed out of anything.
    const visitor = startAuth(NO_TOKENS);
    visitor.send({ type: 'SESSION.SYNC', tokens: NO_TOKENS, signedOutReason: 'Session expired, please sign in again' });
    expect([selectSessionEnded(visitor.getSnapshot()), selectSessionEndedReason(visitor.getSnapshot())]).toEqual([false, null]);
  });

  it('signs a member out without the notice when their account is deleted, and only a member', () => {
    const effects: Effect[] = [];
    const recording = authMachine.provide({ actions: { clearPersistedTokens: (_, params) => effects.push(['clearPersistedTokens', params]) } });
    const member = createActor(recording, { input: { tokens: { userToken: 'u-1', adminToken: null } } }).start();
    member.send({ type: 'ACCOUNT_DELETED' });
    // Clearing storage announces itself, with the words meant for other tabs.
    member.send({ type: 'SESSION.SYNC', tokens: NO_TOKENS, signedOutReason: 'Your account has been deleted' });
    const after = member.getSnapshot();
    expect(after.value).toBe('signedOut');
    expect([selectIsAuthenticated(after), selectSessionEnded(after)]).toEqual([false, false]);
    expect(effects).toEqual([['clearPersistedTokens', { because: 'accountDeleted' }]]);

    for (const tokens of [NO_TOKENS, { userToken: 'u-1', adminToken: 'a-1' }]) {
      const other = startAuth(tokens);
      const before = other.getSnapshot().value;
      other.send({ type: 'ACCOUNT_DELETED' });
      expect(other.getSnapshot().value).toBe(before);
      expect(other.getSnapshot().context.tokens).toEqual(tokens);
    }
  });

  it('rejects loudly when the app forgot to provide the actors', async () => {
    const signIn = createActor(authMachine, { input: { tokens: NO_TOKENS } }).start();
    signIn.send({ type: 'SIGN_IN', role: 'user', credentials });
    const afterSignIn = await waitFor(signIn, (snapshot) => !selectIsBusy(snapshot));
    expect(afterSignIn.context.error).toMatch(/"signIn" actor was not provided/);

    const register = createActor(authMachine, { input: { tokens: NO_TOKENS } }).start();
    register.send({ type: 'REGISTER', form: registration });
    const afterRegister = await waitFor(register, (snapshot) => !selectIsBusy(snapshot));
    expect(afterRegister.context.error).toMatch(/"register" actor was not provided/);
  });
});
