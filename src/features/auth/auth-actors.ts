import type { QueryClient } from '@tanstack/react-query';
import { fromCallback, fromPromise } from 'xstate';
import type { RegisterBody } from '../../../contract/auth/sign-in';
import type { AuthEvent, Credentials, SecondStepInput, SessionRole, SignInOutcome } from '../../../machines/auth/auth.machine';
import { loginAdmin, loginUser, registerUser, submitLoginCode } from '../../api/auth/sign-in';

/**
 * The member's realtime connection for as long as the session lasts. The
 * socket code (socket.io-client and messaging's cache updates) is loaded here,
 * on demand, so it stays out of the first page's code.
 */
export function createRealtimeActor(queryClient: QueryClient) {
  return fromCallback<AuthEvent, void>(() => {
    const connection = import('../../realtime/connection').then((module) => module.acquireConnection(queryClient));
    return () => void connection.then((release) => release());
  });
}

/** The real (HTTP) implementations of the auth machine's injected actors. */
export function createAuthActors() {
  return {
    signIn: fromPromise<SignInOutcome, { role: SessionRole; credentials: Credentials }>(async ({ input }) => {
      const { username, password, remember } = input.credentials;
      const body = { username, password, remember };
      const response = input.role === 'admin' ? await loginAdmin(body) : await loginUser(body);
      // Two-step verification: a ticket for the next step instead of a session.
      if ('ticket' in response) return { kind: response.secondFactor, ticket: response.ticket };
      return { kind: 'token', token: response.token, mfaOffered: 'mfaOffered' in response && response.mfaOffered === true };
    }),
    submitCode: fromPromise<{ token: string }, SecondStepInput>(async ({ input }) => {
      const response = await submitLoginCode(input.ticket, input.code);
      return { token: response.token };
    }),
    register: fromPromise<{ token: string }, RegisterBody>(async ({ input }) => {
      const response = await registerUser(input);
      return { token: response.token };
    }),
  };
}
