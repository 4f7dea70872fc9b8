import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const SECRET_FILE = 'jwt-secret';

/**
 * Returns the signing secret kept in `dataDir/jwt-secret`, creating it on first
 * start. Keeping it on disk means sessions survive a restart without anyone
 * having to invent a secret; mode 0600 keeps other local users from reading it.
 */
export function loadOrCreateJwtSecret(dataDir: string): string {
  const file = path.join(dataDir, SECRET_FILE);
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if (!isMissingFile(error)) throw error;
  }
  const secret = randomBytes(48).toString('base64url');
  // 'w' replaces a truncated or too-short file left by an interrupted first start.
  fs.writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'w' });
  fs.chmodSync(file, 0o600);
  return secret;
}

function isMissingFile(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}
