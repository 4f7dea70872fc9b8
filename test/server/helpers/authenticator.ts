import { setTimeout as sleep } from 'node:timers/promises';
import { Secret, TOTP } from 'otpauth';

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
