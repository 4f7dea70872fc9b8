import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// @node-rs/argon2 defaults to Argon2id (19 MiB, 2 passes, 1 lane): the OWASP
// baseline. Its `Algorithm` is an ambient const enum, which isolatedModules
// cannot reference, so the default is relied on and asserted in the tests.

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/** False for a wrong password and for a stored value that is not a valid hash. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same work as a real check when the account does not exist, so the
 * response time does not reveal which usernames are registered.
 */
export async function verifyAgainstDummyHash(password: string): Promise<false> {
  dummyHash ??= hash(randomBytes(24).toString('base64url'));
  await verifyPassword(await dummyHash, password);
  return false;
}
