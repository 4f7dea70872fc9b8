import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadOrCreateSecret } from '../../server/auth/secret-files';
import { ConfigError, loadConfig } from '../../server/environment';

const tempDirs: string[] = [];
function tempDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-config-'));
  tempDirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of tempDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('loadConfig', () => {
  it('starts with defaults when nothing is set', () => {
    const dataDir = tempDataDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({ port: 5002, host: 'localhost', dataDir, databaseUrl: undefined, adminUsername: 'admin', adminPassword: undefined, nodeEnv: 'development', logLevel: 'info' });
  });

  it('takes payments on the local test checkout, which production refuses unless PAYMENTS_ALLOW_LOCAL says so', () => {
    expect(loadConfig({ DATA_DIR: tempDataDir() }).payments).toEqual({ provider: 'local' });
    expect(loadConfig({ DATA_DIR: tempDataDir(), NODE_ENV: 'test' }).payments).toEqual({ provider: 'local' });
    expect(() => loadConfig({ DATA_DIR: tempDataDir(), NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) })).toThrow(
      /PAYMENTS_PROVIDER: local takes no money and runs only when NODE_ENV is development or test, or with PAYMENTS_ALLOW_LOCAL=1/,
    );
    expect(loadConfig({ DATA_DIR: tempDataDir(), NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), PAYMENTS_ALLOW_LOCAL: '1' }).payments).toEqual({ provider: 'local' });
    expect(() => loadConfig({ DATA_DIR: tempDataDir(), PAYMENTS_PROVIDER: 'paypal' })).toThrow(/PAYMENTS_PROVIDER: must be local or stripe/);
  });

  it('takes payments through Stripe with its secret key and webhook signing secret, both required', () => {
    const stripe = { PAYMENTS_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_abc123', STRIPE_WEBHOOK_SECRET: 'whsec_def456' };
    expect(loadConfig({ DATA_DIR: tempDataDir(), ...stripe }).payments).toEqual({ provider: 'stripe', secretKey: 'sk_test_abc123', webhookSecret: 'whsec_def456' });
    // Real money: production needs no PAYMENTS_ALLOW_LOCAL.
    expect(() => loadConfig({ DATA_DIR: tempDataDir(), NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), ...stripe })).toThrow(/PUBLIC_URL: required when PAYMENTS_PROVIDER is stripe in production/);
    expect(loadConfig({ DATA_DIR: tempDataDir(), NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), PUBLIC_URL: 'https://orbit.example.com', ...stripe }).payments).toMatchObject({ provider: 'stripe' });
    expect(() => loadConfig({ DATA_DIR: tempDataDir(), PAYMENTS_PROVIDER: 'stripe' })).toThrow(/STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET: required when PAYMENTS_PROVIDER is stripe/);
    expect(() => loadConfig({ DATA_DIR: tempDataDir(), ...stripe, STRIPE_WEBHOOK_SECRET: '' })).toThrow(/STRIPE_WEBHOOK_SECRET: required when PAYMENTS_PROVIDER is stripe/);
    expect(() => loadConfig({ DATA_DIR: tempDataDir(), ...stripe, STRIPE_SECRET_KEY: 'pk_test_abc123' })).toThrow(/STRIPE_SECRET_KEY: must be a Stripe secret key/);
    expect(() => loadConfig({ DATA_DIR: tempDataDir(), ...stripe, STRIPE_WEBHOOK_SECRET: 'secret' })).toThrow(/STRIPE_WEBHOOK_SECRET: must be a Stripe webhook signing secret/);
    // The keys are never part of a message, even a refusal's.
    expect(() => loadConfig({ DATA_DIR: tempDataDir(), ...stripe, STRIPE_SECRET_KEY: 'pk_live_leaked' })).toThrow(expect.objectContaining({ message: expect.not.stringContaining('pk_live_leaked') as unknown }));
    // Keys set for local are unused, not an error.
    expect(loadConfig({ DATA_DIR: tempDataDir(), STRIPE_SECRET_KEY: 'sk_test_abc123' }).payments).toEqual({ provider: 'local' });
  });

  it('allows 10 registrations per address and hour unless REGISTRATIONS_PER_HOUR says otherwise', () => {
    expect(loadConfig({ DATA_DIR: tempDataDir() }).registrationsPerHour).toBe(10);
    expect(loadConfig({ DATA_DIR: tempDataDir(), REGISTRATIONS_PER_HOUR: '250' }).registrationsPerHour).toBe(250);
  });

  it('writes email to the outbox, from no-reply@localhost, with links to this port, unless told otherwise', () => {
    expect(loadConfig({ DATA_DIR: tempDataDir(), PORT: '5300' })).toMatchObject({ smtpUrl: undefined, mailFrom: 'Orbit <no-reply@localhost>', publicUrl: 'http://localhost:5300' });
    const configured = loadConfig({
      DATA_DIR: tempDataDir(),
      SMTP_URL: 'smtps://mailer:secret@smtp.example.com:465',
      MAIL_FROM: 'Orbit <hello@orbit.example.com>',
      PUBLIC_URL: 'https://orbit.example.com/',
    });
    expect(configured).toMatchObject({ smtpUrl: 'smtps://mailer:secret@smtp.example.com:465', mailFrom: 'Orbit <hello@orbit.example.com>', publicUrl: 'https://orbit.example.com' });
  });

  it('refuses an SMTP_URL or PUBLIC_URL that is not one', () => {
    expect(() => loadConfig({ DATA_DIR: tempDataDir(), SMTP_URL: 'mail.example.com' })).toThrow(/SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/);
    expect(() => loadConfig({ DATA_DIR: tempDataDir(), PUBLIC_URL: 'orbit.example.com' })).toThrow(/PUBLIC_URL: must be an http:\/\/ or https:\/\/ URL/);
    expect(() => loadConfig({ DATA_DIR: tempDataDir(), PUBLIC_URL: 'https://orbit.example.com/?next=evil' })).toThrow(ConfigError);
  });

  it('treats empty variables as unset', () => {
    const config = loadConfig({ DATA_DIR: tempDataDir(), PORT: '', DATABASE_URL: '', ADMIN_PASSWORD: '' });
    expect(config.port).toBe(5002);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.adminPassword).toBeUndefined();
  });

  it('creates a private JWT secret once and reuses it after a restart', () => {
    const dataDir = tempDataDir();
    const first = loadConfig({ DATA_DIR: dataDir }).jwtSecret;
    const second = loadConfig({ DATA_DIR: dataDir }).jwtSecret;
    expect(first).toBe(second);
    expect(Buffer.from(first, 'base64url')).toHaveLength(48);
    expect(fs.statSync(path.join(dataDir, 'jwt-secret')).mode & 0o777).toBe(0o600);
  });

  it('replaces a JWT secret file too short to be one, and leaves no draft behind', () => {
    const dataDir = tempDataDir();
    fs.writeFileSync(path.join(dataDir, 'jwt-secret'), 'cut-off\n');
    const secret = loadConfig({ DATA_DIR: dataDir }).jwtSecret;
    expect(Buffer.from(secret, 'base64url')).toHaveLength(48);
    expect(fs.readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8')).toBe(`${secret}\n`);
    expect(fs.readdirSync(dataDir).sort()).toEqual(['jwt-secret', 'mfa-secret-key', 'vapid-keys.json']);
  });

  it('makes a private VAPID key pair once and keeps it, as every browser subscribed with its public key', () => {
    const dataDir = tempDataDir();
    const first = loadConfig({ DATA_DIR: dataDir }).push;
    expect(first?.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(first?.privateKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first?.subject).toBe('mailto:no-reply@localhost');
    expect(loadConfig({ DATA_DIR: dataDir }).push).toEqual(first);
    expect(fs.statSync(path.join(dataDir, 'vapid-keys.json')).mode & 0o777).toBe(0o600);
  });

  it('takes the VAPID pair and subject from the environment, whole or not at all', () => {
    const dataDir = tempDataDir();
    const pair = { VAPID_PUBLIC_KEY: `B${'a'.repeat(86)}`, VAPID_PRIVATE_KEY: 'p'.repeat(43) };
    const push = loadConfig({ DATA_DIR: dataDir, ...pair, VAPID_SUBJECT: 'https://orbit.example.com/contact' }).push;
    expect(push).toEqual({ publicKey: pair.VAPID_PUBLIC_KEY, privateKey: pair.VAPID_PRIVATE_KEY, subject: 'https://orbit.example.com/contact' });
    expect(fs.existsSync(path.join(dataDir, 'vapid-keys.json'))).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir, ...pair, MAIL_FROM: 'Orbit <hello@orbit.example.com>' }).push?.subject).toBe('mailto:hello@orbit.example.com');
    expect(() => loadConfig({ DATA_DIR: dataDir, VAPID_PUBLIC_KEY: pair.VAPID_PUBLIC_KEY })).toThrow(/VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both or neither/);
    expect(() => loadConfig({ DATA_DIR: dataDir, ...pair, VAPID_SUBJECT: 'http://orbit.example.com' })).toThrow(/VAPID_SUBJECT: must be a mailto: address or an https:\/\/ URL/);
  });

  it('adopts the JWT secret another first start wrote meanwhile, instead of replacing it', () => {
    const dataDir = tempDataDir();
    const file = path.join(dataDir, 'jwt-secret');
    const rivals = `${'r'.repeat(64)}\n`;
    const write = fs.writeFileSync;
    // The other start finishes its write while this one is still drafting its own.
    const spy = vi.spyOn(fs, 'writeFileSync').mockImplementation((target, data, options) => {
      write(target, data, options);
      if (!fs.existsSync(file)) write(file, rivals, { mode: 0o600 });
    });
    try {
      expect(loadOrCreateSecret(dataDir, 'jwt-secret')).toBe(rivals.trim());
    } finally {
      spy.mockRestore();
    }
    expect(fs.readFileSync(file, 'utf8')).toBe(rivals);
    expect(fs.readdirSync(dataDir)).toEqual(['jwt-secret']);
  });

  it('keeps a two-step sealing key of its own beside the JWT secret, private and kept across restarts', () => {
    const dataDir = tempDataDir();
    const first = loadConfig({ DATA_DIR: dataDir });
    expect(loadConfig({ DATA_DIR: dataDir }).mfaSecretKey).toBe(first.mfaSecretKey);
    expect(first.mfaSecretKey).not.toBe(first.jwtSecret);
    expect(fs.statSync(path.join(dataDir, 'mfa-secret-key')).mode & 0o777).toBe(0o600);
    // A new JWT secret (everyone signed out) leaves the sealing key, and so every authenticator, as it was.
    expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'n'.repeat(40) }).mfaSecretKey).toBe(first.mfaSecretKey);
  });

  it('prefers MFA_SECRET_KEY and then writes no key file', () => {
    const dataDir = tempDataDir();
    expect(loadConfig({ DATA_DIR: dataDir, MFA_SECRET_KEY: 'k'.repeat(40) }).mfaSecretKey).toBe('k'.repeat(40));
    expect(fs.existsSync(path.join(dataDir, 'mfa-secret-key'))).toBe(false);
    expect(() => loadConfig({ DATA_DIR: dataDir, MFA_SECRET_KEY: 'short' })).toThrow(/MFA_SECRET_KEY: must be at least 32 characters/);
  });

  it('prefers JWT_SECRET and then writes no file', () => {
    const dataDir = tempDataDir();
    const secret = 's'.repeat(40);
    expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: secret }).jwtSecret).toBe(secret);
    expect(fs.existsSync(path.join(dataDir, 'jwt-secret'))).toBe(false);
  });

  it.each([
    ['PORT', 'eighty', /PORT: must be a number/],
    ['PORT', '70000', /PORT: must be 1-65535/],
    ['DATABASE_URL', 'mysql://db', /DATABASE_URL: must be a postgres/],
    ['JWT_SECRET', 'short', /JWT_SECRET: must be at least 32 characters/],
    ['ADMIN_USERNAME', 'Admin!', /ADMIN_USERNAME: Username may contain only/],
    ['ADMIN_PASSWORD', 'weak', /ADMIN_PASSWORD: Password must be at least 8 characters/],
    ['NODE_ENV', 'staging', /NODE_ENV: /],
    ['LOG_LEVEL', 'loud', /LOG_LEVEL: /],
    ['REGISTRATIONS_PER_HOUR', 'lots', /REGISTRATIONS_PER_HOUR: must be a number/],
    ['REGISTRATIONS_PER_HOUR', '0', /REGISTRATIONS_PER_HOUR: must be 1 to 100000/],
    ['REGISTRATIONS_PER_HOUR', '2.5', /REGISTRATIONS_PER_HOUR: must be a whole number/],
  ])('names %s when its value is invalid', (name, value, expected) => {
    const attempt = () => loadConfig({ DATA_DIR: tempDataDir(), [name]: value });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(expected);
  });

  it('never echoes a rejected secret in the error', () => {
    let message = '';
    try {
      loadConfig({ DATA_DIR: tempDataDir(), ADMIN_PASSWORD: 'tiny' });
    } catch (error) {
      message = error instanceof Error ? error.message : '';
    }
    expect(message).toContain('ADMIN_PASSWORD');
    expect(message).not.toContain('tiny');
  });
});
