import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';
import { findUnsealedMfaRecords, replaceUnsealedMfaRecord } from './queries/accounts';

/**
 * Two-step secrets at rest (issue 50, finding 5). A database copy without
 * MFA_SECRET_KEY (a backup, a dump, an injected SELECT) yields no
 * authenticator secret and no recovery code: the secret is sealed with
 * AES-256-GCM, bound to its account, and a recovery code is kept as an HMAC
 * under the same key, which turns trying all ~2^49 codes against a dump into
 * trying them against an unknown key.
 */
export interface MfaSealing {
  /** The authenticator secret as stored: `v1.<iv>.<ciphertext>.<tag>`, openable only for the same account. */
  seal(userId: string, secret: string): string;
  open(userId: string, stored: string): string;
  /**
   * The stored form of a recovery code, given the SHA-256 of it (hex) that
   * earlier versions stored: keying that digest, rather than the code, lets
   * those unkeyed hashes be keyed where they lie.
   */
  keyedCodeHash(codeDigest: string): string;
}

const SEALED_PREFIX = 'v1.';
const KEYED_HASH_PREFIX = 'k1:';
const IV_BYTES = 12;

export const isSealedSecret = (stored: string): boolean => stored.startsWith(SEALED_PREFIX);
export const isKeyedCodeHash = (stored: string): boolean => stored.startsWith(KEYED_HASH_PREFIX);

export class UnopenableMfaSecret extends Error {
  override name = 'UnopenableMfaSecret';
}

/** One key per use, derived from the configured one, so the cipher key and the HMAC key are never the same bytes. */
function subkey(masterKey: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', masterKey, 'orbit mfa', purpose, 32));
}

export function mfaSealingFrom(masterKey: string): MfaSealing {
  const cipherKey = subkey(masterKey, 'totp secret v1');
  const hashKey = subkey(masterKey, 'recovery code v1');
  return {
    seal(userId, secret) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', cipherKey, iv);
      // The account id as associated data: a sealed secret copied onto another row does not open there.
      cipher.setAAD(Buffer.from(userId));
      const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return `${SEALED_PREFIX}${[iv, ciphertext, cipher.getAuthTag()].map((part) => part.toString('base64url')).join('.')}`;
    },
    open(userId, stored) {
      // Stored by an earlier version and not sealed yet (the database was down at start): usable until a start seals it.
      if (!isSealedSecret(stored)) return stored;
      const [iv, ciphertext, tag] = stored.slice(SEALED_PREFIX.length).split('.').map((part) => Buffer.from(part, 'base64url'));
      if (iv === undefined || ciphertext === undefined || tag === undefined) {
        throw new UnopenableMfaSecret(`The two-step secret of account ${userId} is not in the sealed form`);
      }
      try {
        const decipher = createDecipheriv('aes-256-gcm', cipherKey, iv);
        decipher.setAAD(Buffer.from(userId));
        decipher.setAuthTag(tag);
        return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
      } catch {
        throw new UnopenableMfaSecret(`The two-step secret of account ${userId} does not open with this MFA_SECRET_KEY (was the key changed?)`);
      }
    },
    keyedCodeHash(codeDigest) {
      return `${KEYED_HASH_PREFIX}${createHmac('sha256', hashKey).update(codeDigest).digest('hex')}`;
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    mfaSealing: MfaSealing;
  }
}

export interface MfaSealingOptions {
  mfaSecretKey: string;
}

/**
 * Seals what an earlier version stored in the clear: plain secrets are
 * sealed, unkeyed recovery-code hashes keyed. Each row is replaced only if it
 * still holds what was read, so servers starting side by side on one database
 * cannot overwrite each other.
 */
export async function sealUnsealedMfaRecords(app: Pick<FastifyInstance, 'db' | 'mfaSealing'>): Promise<number> {
  const records = await findUnsealedMfaRecords(app.db);
  for (const record of records) {
    await replaceUnsealedMfaRecord(app.db, record, {
      totpSecret: record.totpSecret === null || isSealedSecret(record.totpSecret) ? record.totpSecret : app.mfaSealing.seal(record.id, record.totpSecret),
      totpRecoveryCodeHashes: record.totpRecoveryCodeHashes.map((hash) => (isKeyedCodeHash(hash) ? hash : app.mfaSealing.keyedCodeHash(hash))),
    });
  }
  return records.length;
}

/** Decorates `mfaSealing`, and seals earlier versions' records once the app is ready. */
const mfaSealingPlugin: FastifyPluginCallback<MfaSealingOptions> = (app, options, done) => {
  app.decorate('mfaSealing', mfaSealingFrom(options.mfaSecretKey));
  app.addHook('onReady', async () => {
    // A database down at start must not keep the server from starting (it answers 503 meanwhile): the records are sealed at a later start.
    try {
      const sealed = await sealUnsealedMfaRecords(app);
      if (sealed > 0) app.log.info({ accounts: sealed }, 'sealed two-step secrets and recovery codes stored by an earlier version');
    } catch (error) {
      app.log.warn({ err: error }, 'could not seal two-step records stored by an earlier version; they stay usable and are sealed at a later start');
    }
  });
  done();
};

export default fp(mfaSealingPlugin, { name: 'orbit-mfa-sealing', fastify: '5.x', dependencies: ['orbit-database'] });
