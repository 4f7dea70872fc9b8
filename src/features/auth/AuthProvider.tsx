import { createContext, useContext, useEffect, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorOptions, ActorRefFrom, AnyActorLogic, InspectionEvent } from 'xstate';

type Clock = NonNullable<ActorOptions<AnyActorLogic>['clock']>;
import {
  authMachine,
  selectError,
  selectIsAdmin,
  selectIsAuthenticated,
  selectIsBusy,
  selectIsLeaving,
  selectIsUser,
  selectSessionEnded,
  selectSessionEndedReason,
  type TokensClearedBecause,
} from '../../../machines/auth/auth.machine';
import { RouterProvider, type RegisteredRouter } from '@tanstack/react-router';
import { createAuthActors, createRealtimeActor } from './auth-actors';
import { reloadHome } from './browser-effects';
import { endServerSessions } from './end-server-sessions';
import { clearTokens, onTokensChanged, persistToken, readSignedOutReason, readTokens } from '../../api/auth/tokens';

type AuthActor = ActorRefFrom<typeof authMachine>;

/** What the browser's other open tabs say when this one ends the session. */
const TOLD_OTHER_TABS: Record<TokensClearedBecause, string> = {
  logout: 'You logged out in another tab',
  accountDeleted: 'Your account has been deleted',
};
const AuthContext = createContext<AuthActor | null>(null);

/**
 * What a test may swap: the machine with its actors already provided (the
 * model-based tests settle them by hand), the clock, and an inspector.
 * The app itself passes none of these.
 */
export interface AuthOverrides {
  machine?: typeof authMachine;
  clock?: Clock;
  inspect?: (event: InspectionEvent) => void;
  onActor?: (actor: AuthActor) => void;
}

interface AuthProviderProps {
  router: RegisteredRouter;
  overrides?: AuthOverrides;
}

/**
 * Runs the auth machine for the whole app with the browser's real effects:
 * the API for sign-in, localStorage for tokens, the router for redirects;
 * and renders the router with the session in its context, which guards ask
 * whenever a navigation runs them (nothing else reruns them).
 */
export function AuthProvider({ router, overrides }: AuthProviderProps) {
  const queryClient = useQueryClient();
  const machine = useMemo(
    () =>
      (overrides?.machine ?? authMachine.provide({ actors: { ...createAuthActors(), realtime: createRealtimeActor(queryClient) } })).provide({
        actions: {
          persistToken: (_, params) => persistToken(params.role, params.token),
          // Logout: the server ends the sessions before the tokens leave storage (SPEC section 4 then reloads home).
          // A deleted account's sessions are already gone with it.
          clearPersistedTokens: (_, { because }) => {
            if (because === 'logout') endServerSessions(readTokens());
            clearTokens(TOLD_OTHER_TABS[because]);
          },
          navigateAfterSignIn: (_, params) =>
            void import('./navigate-after-sign-in').then((module) => module.navigateAfterSignIn(router, queryClient, params)),
          reloadHome: () => reloadHome(),
        },
      }),
    [router, queryClient, overrides?.machine],
  );
  const actor = useActorRef(machine, {
    input: { tokens: readTokens() },
    ...(overrides?.clock ? { clock: overrides.clock } : {}),
    ...(overrides?.inspect ? { inspect: overrides.inspect } : {}),
  });

  const onActor = overrides?.onActor;
  useEffect(() => {
    onActor?.(actor);
  }, [actor, onActor]);

  // SPEC section 4: auth status is recomputed on every navigation, and a 401
  // anywhere clears storage, which this picks up too.
  useEffect(() => {
    const sync = () => actor.send({ type: 'SESSION.SYNC', tokens: readTokens(), signedOutReason: readSignedOutReason() });
    const stopRouter = router.subscribe('onResolved', sync);
    const stopStorage = onTokensChanged(sync);
    return () => {
      stopRouter();
      stopStorage();
    };
  }, [actor, router]);

  const session = useMemo(
    () => ({ isSignedIn: () => selectIsAuthenticated(actor.getSnapshot()), isAdmin: () => selectIsAdmin(actor.getSnapshot()) }),
    [actor],
  );
  return (
    <AuthContext.Provider value={actor}>
      <RouterProvider router={router} context={{ auth: session }} />
    </AuthContext.Provider>
  );
}

function useAuthActor(): AuthActor {
  const actor = useContext(AuthContext);
  if (!actor) throw new Error('useAuth must be used inside <AuthProvider>');
  return actor;
}

export function useAuth() {
  const actor = useAuthActor();
  const isUser = useSelector(actor, selectIsUser);
  const isAdmin = useSelector(actor, selectIsAdmin);
  const isAuthenticated = useSelector(actor, selectIsAuthenticated);
  const isBusy = useSelector(actor, selectIsBusy);
  const isLeaving = useSelector(actor, selectIsLeaving);
  const sessionEnded = useSelector(actor, selectSessionEnded);
  const sessionEndedReason = useSelector(actor, selectSessionEndedReason);
  const error = useSelector(actor, selectError);
  return { actor, isUser, isAdmin, isAuthenticated, isBusy, isLeaving, sessionEnded, sessionEndedReason, error, send: actor.send };
}
