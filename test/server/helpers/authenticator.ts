import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { expect } from 'vitest';
import { bearer, type RegisteredUser } from './accounts';

/** The authenticator app of the tests: RFC 6238 codes from the secret the enrolment showed. */
const STEP_MS = 30_000;
/** Far more than one request takes, even on a loaded CI machine. */
const TIME_LEFT_NEEDED_MS = 5_000;

/** The code of the step `steps` away from `at` (the server accepts one step either side of its own). */
export function authenticatorCode(secret: string, steps = 0, at: number = Date.now()): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: at + steps * STEP_MS });
}

/**
 * The code of the step before now, for confirming an enrolment so that now's
 * code stays unused for the sign-in that follows. A code of the step before is
 * refused once the server's clock has crossed into the next step, so this waits
 * for a step with time left rather than racing its end.
 */
export async function codeOfStepBefore(secret: string): Promise<string> {
  const leftInStep = STEP_MS - (Date.now() % STEP_MS);
  if (leftInStep < TIME_LEFT_NEEDED_MS) await sleep(leftInStep + 50);
  return authenticatorCode(secret, -1);
}

/** Sets up and turns on an authenticator for a signed-in member, as Settings does (the password, then a first code). */
export async function enrolMember(app: FastifyInstance, member: RegisteredUser): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await app.inject({ method: 'POST', url: '/api/auth/mfa/setup', headers: bearer(member.token), payload: { password: member.body.password } });
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret, otpauthUri, qrCodeDataUrl } = setup.json<{ secret: string; otpauthUri: string; qrCodeDataUrl: string }>();
  expect(otpauthUri).toMatch(/^otpauth:\/\/totp\/Orbit:.+\?.*secret=/);
  expect(qrCodeDataUrl).toMatch(/^data:image\/svg\+xml;base64,/);
  // The step before now: the sign-in that follows in the same test uses the current step, which is newer.
  const confirm = await app.inject({ method: 'POST', url: '/api/auth/mfa/confirm', headers: bearer(member.token), payload: { code: await codeOfStepBefore(secret) } });
  expect(confirm.statusCode, confirm.body).toBe(200);
  const { recoveryCodes } = confirm.json<{ recoveryCodes: string[] }>();
  return { secret, recoveryCodes };
}
