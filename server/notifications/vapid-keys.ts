import fs from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import { z } from 'zod';
import { createFileWhole } from '../lib/new-file';

/** The file under DATA_DIR holding the generated key pair when VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are unset. */
export const VAPID_KEYS_FILE = 'vapid-keys.json';

const vapidKeysSchema = z.object({ publicKey: z.string().min(80), privateKey: z.string().min(40) });
export type VapidKeys = z.infer<typeof vapidKeysSchema>;

function readKeys(file: string): VapidKeys | 'missing' | 'unfit' {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return 'missing';
    throw error;
  }
  try {
    const parsed = vapidKeysSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : 'unfit';
  } catch {
    return 'unfit';
  }
}

/**
 * The VAPID key pair kept in `dataDir/vapid-keys.json`, made on first start
 * like the JWT secret. It must not change: every browser's subscription was
 * made for its public key, and a new pair would silence them all. Written
 * whole and linked into place, so two first starts agree on one pair.
 */
export function loadOrCreateVapidKeys(dataDir: string): VapidKeys {
  const file = path.join(dataDir, VAPID_KEYS_FILE);
  fs.mkdirSync(dataDir, { recursive: true });
  const existing = readKeys(file);
  if (typeof existing === 'object') return existing;
  if (existing === 'unfit') throw new Error(`${file} holds no VAPID key pair; restore it, or remove it to make a new one (browsers then subscribe again)`);
  const keys = webpush.generateVAPIDKeys();
  if (createFileWhole(file, `${JSON.stringify({ publicKey: keys.publicKey, privateKey: keys.privateKey })}\n`)) return keys;
  const adopted = readKeys(file);
  if (typeof adopted === 'object') return adopted;
  throw new Error(`${file} appeared while this server created it, and holds no VAPID key pair`);
}
