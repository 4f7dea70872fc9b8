import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp, type BuildAppOptions, type OrbitApp } from '../../../server/app';
import webpush from 'web-push';
import type { CallSettings, PaymentSettings, PushSettings } from '../../../server/environment';
import type { OrbitDatabase } from '../../../server/db/types';
import { LocalPhotoStorage } from '../../../server/photos/local-storage';
import type { PhotoStorage } from '../../../server/photos/storage';
import type { RateLimits } from '../../../server/plugins/rate-limit';
import { inject } from 'vitest';
import { openFreshDatabase } from './database-template';

export { TEST_ADMIN } from './database-template';
export const TEST_JWT_SECRET = 'orbit-test-secret-0123456789-abcdefghijklmnop';
/** Seals the test apps' two-step secrets (kept apart from the JWT secret, as in production). */
export const TEST_MFA_SECRET_KEY = 'orbit-test-mfa-key-0123456789-abcdefghijklmnop';

/** Generous enough that only tests about rate limiting ever hit them. */
export const RELAXED_RATE_LIMITS: RateLimits = {
  loginPerIp: { max: 1000, windowMs: 60_000 },
  signInFailuresPerAccount: { max: 1000, windowMs: 60_000 },
  adminSignInFailuresPerAccount: { max: 1000, windowMs: 60_000 },
  signInFailuresPerDevice: { max: 1000, windowMs: 60_000 },
  register: { max: 1000, windowMs: 60_000 },
  like: { max: 1000, windowMs: 60_000 },
  message: { max: 1000, windowMs: 60_000 },
  locationChange: { max: 1000, windowMs: 60_000 },
  report: { max: 1000, windowMs: 60_000 },
  dataExport: { max: 1000, windowMs: 60_000 },
  placeSearch: { max: 1000, windowMs: 60_000 },
  photoUpload: { max: 1000, windowMs: 60_000 },
  accountEmailPerIp: { max: 1000, windowMs: 60_000 },
  accountEmailPerAddress: { max: 1000, windowMs: 60_000 },
};

export interface TestAppOptions {
  rateLimits?: Partial<RateLimits>;
  clientDir?: string;
  logger?: BuildAppOptions['logger'];
  /** Demo people liking back (off by default so likes stay deterministic). */
  likeBack?: BuildAppOptions['likeBack'];
  slowClientLimits?: BuildAppOptions['slowClientLimits'];
  presenceSweepIntervalMs?: number;
  /** How long a member stays online after their last socket closed. */
  presenceGraceMs?: number;
  /** How often sessions with an open socket are marked in use. */
  connectedSessionsIntervalMs?: number;
  /** As REGISTRATIONS_PER_HOUR sets it; the registration limit then comes from it, not from the relaxed limits. */
  registrationsPerHour?: number;
  /** Where photo files go; by default a temporary directory of this app's own, removed on close. */
  photoStorage?: PhotoStorage;
  /** As NODE_ENV sets it (unset: neither production nor development, as in tests). */
  nodeEnv?: 'development' | 'production' | 'test';
  /** Video calls: ring time and ICE servers as CALL_RING_MS, STUN_URLS and TURN_* set them. */
  calls?: CallSettings;
  /** Video calls' leg grace and sweep, shortened. */
  callTimings?: BuildAppOptions['callTimings'];
  /** Live streams: an in-memory forwarder, the host's grace and the sweep, shortened. */
  live?: BuildAppOptions['live'];
  /** Mail through this SMTP server (as SMTP_URL, MAIL_FROM and PUBLIC_URL set them) instead of the outbox directory. */
  mail?: { smtpUrl: string; mailFrom: string; publicUrl: string };
  /** Who takes payments (as PAYMENTS_PROVIDER and STRIPE_* set them); unset: the local test provider. */
  payments?: PaymentSettings;
  /** Web push's keys; unset: a pair made once for the test run, null: a server without push. */
  push?: PushSettings | null;
}

/** One VAPID pair for every test app, as a real server keeps one for its life. */
export const TEST_PUSH_SETTINGS: PushSettings = { ...webpush.generateVAPIDKeys(), subject: 'mailto:push-tests@orbit.test' };

export interface TestApp {
  app: OrbitApp;
  db: OrbitDatabase;
  /** The app's photo files: photoStorage as given, or the temporary directory's. */
  photoStorage: PhotoStorage;
  /** That temporary directory, or null when photoStorage was given. */
  photosDir: string | null;
  /** Where the app writes its emails (.eml files): a temporary directory of its own, removed on close. */
  outboxDir: string;
  /** Closes the app and its database (dropping it on PostgreSQL). */
  close(): Promise<void>;
}

/**
 * An app on a fresh database of its own, migrated and seeded (a copy of the
 * suite's template: PGlite, or a throwaway database on the server at
 * DATABASE_URL when that is set).
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const { connection, dispose } = await openFreshDatabase(inject('serverDatabaseTemplate'));
  // Given registrationsPerHour, the app derives the registration limit from it, as from REGISTRATIONS_PER_HOUR.
  const { register: _relaxedRegister, ...relaxedButRegister } = RELAXED_RATE_LIMITS;
  const relaxed = options.registrationsPerHour === undefined ? RELAXED_RATE_LIMITS : relaxedButRegister;
  const photosDir = options.photoStorage ? null : fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-test-photos-'));
  const photoStorage = options.photoStorage ?? new LocalPhotoStorage(photosDir ?? '');
  // Created by the mailer on the first email; removed with the app.
  const outboxDir = path.join(os.tmpdir(), `orbit-test-outbox-${randomBytes(6).toString('hex')}`);
  const app = await buildApp({
    config: {
      jwtSecret: TEST_JWT_SECRET,
      mfaSecretKey: TEST_MFA_SECRET_KEY,
      dataDir: '',
      databaseUrl: undefined,
      registrationsPerHour: options.registrationsPerHour,
      ...(options.nodeEnv ? { nodeEnv: options.nodeEnv } : {}),
      ...(options.calls ? { calls: options.calls } : {}),
      ...(options.mail ?? {}),
      ...(options.payments ? { payments: options.payments } : {}),
      ...(options.push === null ? {} : { push: options.push ?? TEST_PUSH_SETTINGS }),
    },
    database: connection,
    rateLimits: { ...relaxed, ...options.rateLimits },
    ...(options.clientDir ? { clientDir: options.clientDir } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
    ...(options.likeBack ? { likeBack: options.likeBack } : {}),
    ...(options.slowClientLimits ? { slowClientLimits: options.slowClientLimits } : {}),
    ...(options.presenceSweepIntervalMs === undefined ? {} : { presenceSweepIntervalMs: options.presenceSweepIntervalMs }),
    ...(options.presenceGraceMs === undefined ? {} : { presenceGraceMs: options.presenceGraceMs }),
    ...(options.connectedSessionsIntervalMs === undefined ? {} : { connectedSessionsIntervalMs: options.connectedSessionsIntervalMs }),
    ...(options.callTimings ? { callTimings: options.callTimings } : {}),
    ...(options.live ? { live: options.live } : {}),
    photoStorage,
    outboxDir,
  });
  return {
    app,
    db: connection.db,
    photoStorage,
    photosDir,
    outboxDir,
    close: async () => {
      await app.close();
      await dispose();
      if (photosDir) fs.rmSync(photosDir, { recursive: true, force: true });
      fs.rmSync(outboxDir, { recursive: true, force: true });
    },
  };
}
