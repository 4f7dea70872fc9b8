import { fromPromise } from 'xstate';
import type { RegisterBody } from '../../../contract/auth';
import type { Credentials, SessionRole } from '../../../machines/auth.machine';
import { loginAdmin, loginUser, registerUser } from '../../api/auth';

/** The real (HTTP) implementations of the auth machine's injected actors. */
export function createAuthActors() {
  return {
    signIn: fromPromise<{ token: string }, { role: SessionRole; credentials: Credentials }>(async ({ input }) => {
      const { username, password, remember } = input.credentials;
      const body = { username, password, remember };
      const response = input.role === 'admin' ? await loginAdmin(body) : await loginUser(body);
      return { token: response.token };
    }),
    register: fromPromise<{ token: string }, RegisterBody>(async ({ input }) => {
      const response = await registerUser(input);
      return { token: response.token };
    }),
  };
}
