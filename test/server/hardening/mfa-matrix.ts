import { issueTicket } from '../../../server/auth/second-step';
import { bearer } from '../helpers/accounts';
import { authenticatorCode, codeOfStepBefore } from '../helpers/authenticator';
import type { Account, MatrixWorld } from './matrix-world';
import { newUserAccount } from './matrix-world';

/** Two-step verification rows of the authorization matrix (issue 37 finding 4). */

/** Sets up and turns on an authenticator for a signed-in account; the confirming code is of the step before, so now's code is still unused. */
export async function enrolAuthenticator(world: MatrixWorld, account: Pick<Account, 'token' | 'password'>): Promise<string | null> {
  const { token } = account;
  const setup = await world.app.inject({ method: 'POST', url: '/api/auth/mfa/setup', headers: bearer(token), payload: { password: account.password } });
  if (setup.statusCode !== 200) return null;
  const { secret } = setup.json<{ secret: string }>();
  const confirm = await world.app.inject({ method: 'POST', url: '/api/auth/mfa/confirm', headers: bearer(token), payload: { code: await codeOfStepBefore(secret) } });
  if (confirm.statusCode !== 200) throw new Error(`enrolment failed: ${confirm.body}`);
  return secret;
}

/** A fresh member with an authenticator, signed in with the password: the ticket for the code step and a code for it. */
export async function codeStepOfNewMember(world: MatrixWorld): Promise<{ ticket: string; code: string }> {
  const member = await newUserAccount(world.app);
  const secret = (await enrolAuthenticator(world, member)) ?? '';
  const login = await world.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: member.username, password: member.password } });
  return { ticket: login.json<{ ticket: string }>().ticket, code: authenticatorCode(secret) };
}

/** An enrolment ticket as production gives an admin without an authenticator (the matrix app is not in production). */
export async function enrolTicketOfNewMember(world: MatrixWorld): Promise<{ ticket: string; account: Account }> {
  const account = await newUserAccount(world.app);
  const ticket = issueTicket(world.app, { id: account.id, role: 'user', tokenVersion: 0 }, 'enrol', false, new Date());
  return { ticket, account };
}

/** That ticket after its setup call: the code that confirms it. */
export async function enrolConfirmOfNewMember(world: MatrixWorld): Promise<{ ticket: string; code: string }> {
  const { ticket } = await enrolTicketOfNewMember(world);
  const setup = await world.app.inject({ method: 'POST', url: '/api/auth/login/enrol', payload: { ticket } });
  return { ticket, code: authenticatorCode(setup.json<{ secret: string }>().secret) };
}

