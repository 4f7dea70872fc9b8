import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createFileWhole } from '../lib/new-file';

const MIN_SECRET_LENGTH = 32;

/** The files under DATA_DIR that hold a generated secret when its variable is unset. */
export const JWT_SECRET_FILE = 'jwt-secret';
export const MFA_SECRET_KEY_FILE = 'mfa-secret-key';

type SecretFile = { state: 'missing' } | { state: 'unfit' } | { state: 'fit'; secret: string };

/** What the file holds: a secret, something too short to be one, or nothing. */
function readSecret(file: string): SecretFile {
  try {
    const secret = fs.readFileSync(file, 'utf8').trim();
    return secret.length >= MIN_SECRET_LENGTH ? { state: 'fit', secret } : { state: 'unfit' };
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return { state: 'missing' };
    throw error;
  }
}

/**
 * Returns the secret kept in `dataDir/<fileName>`, creating it on first
 * start. Keeping it on disk means what it signs or seals survives a restart without anyone
 * having to invent a secret; mode 0600 keeps other local users from reading it.
 *
 * The new secret is written whole to a draft and then linked into place, so
 * the file never holds half a secret, and of two first starts at once the
 * later one adopts the earlier one's secret instead of replacing it under a
 * server already using it.
 */
export function loadOrCreateSecret(dataDir: string, fileName: string): string {
  const file = path.join(dataDir, fileName);
  fs.mkdirSync(dataDir, { recursive: true });
  const existing = readSecret(file);
  if (existing.state === 'fit') return existing.secret;
  // A file too short to be a secret (an older version's interrupted start) is removed first.
  if (existing.state === 'unfit') fs.rmSync(file, { force: true });
  const secret = randomBytes(48).toString('base64url');
  if (createFileWhole(file, `${secret}\n`)) {
    // The mode given at creation is narrowed by the umask; this makes it exact.
    fs.chmodSync(file, 0o600);
    return secret;
  }
  const adopted = readSecret(file);
  if (adopted.state === 'fit') return adopted.secret;
  throw new Error(`${file} appeared while this server created it, and holds no usable secret`);
}
