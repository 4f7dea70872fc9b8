import path from 'node:path';
import { z } from 'zod';
import { passwordSchema, usernameSchema } from '../contract/auth/sign-in';
import { CALL_RING_MS } from '../contract/calls';
import { LIVE_HOST_GRACE_MS } from '../contract/live';
import { JWT_SECRET_FILE, loadOrCreateSecret, MFA_SECRET_KEY_FILE } from './auth/secret-files';
import { loadOrCreateVapidKeys } from './notifications/vapid-keys';
import { serializeErrorForLog } from './lib/log-error';
import { serializeRequestForLog } from './lib/log-url';
import { DEFAULT_LIKE_BACK_PROBABILITY } from './discovery/like-back';
import { DEFAULT_RATE_LIMITS } from './plugins/rate-limit';

const logLevelSchema = z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);
export type LogLevel = z.infer<typeof logLevelSchema>;

const nodeEnvSchema = z.enum(['development', 'production', 'test']);
export type NodeEnv = z.infer<typeof nodeEnvSchema>;

export const DEFAULT_MAIL_FROM = 'Orbit <no-reply@localhost>';
export const DEFAULT_TURN_CREDENTIAL_TTL_SECONDS = 3600;
export const DEFAULT_JANUS_URL = 'ws://127.0.0.1:8188';

/** A UDP port for the media forwarder's connections. */
const mediaPortSchema = z.coerce.number({ message: 'must be a number' }).int('must be a whole number').min(1024, 'must be 1024-65535').max(65535, 'must be 1024-65535');

/** A comma-separated list of URLs of the given schemes (ICE servers), spaces around commas allowed. */
function urlList(schemes: readonly string[]) {
  const pattern = new RegExp(`^(${schemes.join('|')}):\\S+$`);
  return z
    .string()
    .transform((value) => value.split(',').map((url) => url.trim()).filter((url) => url !== ''))
    .refine((urls) => urls.length > 0 && urls.every((url) => pattern.test(url)), {
      message: `must be comma-separated ${schemes.map((scheme) => `${scheme}:`).join(' or ')} URLs`,
    });
}

/**
 * The environment Orbit reads. Every variable is optional so a fresh clone
 * starts with `npm start`; a value that is set but wrong stops the process
 * with a message naming the variable.
 */
const envSchema = z.object({
  PORT: z.coerce.number({ message: 'must be a number' }).int('must be a whole number').min(1, 'must be 1-65535').max(65535, 'must be 1-65535').default(5002),
  HOST: z.string().min(1).default('localhost'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/\S+$/, 'must be a postgres:// or postgresql:// connection URL')
    .optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  MFA_SECRET_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  // Web push's key pair (base64url, as web-push generate-vapid-keys prints it); unset: made once under DATA_DIR.
  VAPID_PUBLIC_KEY: z.string().regex(/^[A-Za-z0-9_-]{87}$/, 'must be a base64url P-256 public key (87 characters)').optional(),
  VAPID_PRIVATE_KEY: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'must be a base64url P-256 private key (43 characters)').optional(),
  // Who push services may contact about this server's pushes; unset: the From address of outgoing mail.
  VAPID_SUBJECT: z.string().regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be a mailto: address or an https:// URL').optional(),
  ADMIN_USERNAME: usernameSchema.default('admin'),
  ADMIN_PASSWORD: passwordSchema.optional(),
  NODE_ENV: nodeEnvSchema.default('development'),
  LOG_LEVEL: logLevelSchema.default('info'),
  DEMO_LIKE_BACK_PROBABILITY: z.coerce.number({ message: 'must be a number' }).min(0, 'must be 0 to 1').max(1, 'must be 0 to 1').optional(),
  REGISTRATIONS_PER_HOUR: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be 1 to 100000')
    .max(100_000, 'must be 1 to 100000')
    .default(DEFAULT_RATE_LIMITS.register.max),
  // The realtime channel shares rooms between server processes through Redis streams when set.
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, { message: 'must be a redis:// or rediss:// URL' })
    .optional(),
  // Members' photos go to this S3-compatible bucket when S3_BUCKET is set, else under DATA_DIR/photos.
  S3_BUCKET: z.string().min(1).optional(),
  S3_ENDPOINT: z.string().regex(/^https?:\/\/\S+$/, 'must be an http:// or https:// URL').optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false', '1', '0'], { message: 'must be true or false' }).default('false'),
  // Email (password resets, address checks) goes through this SMTP server when set, else into DATA_DIR/outbox as .eml files.
  SMTP_URL: z.string().regex(/^smtps?:\/\/\S+$/, 'must be an smtp:// or smtps:// URL').optional(),
  MAIL_FROM: z.string().trim().min(3, 'must be an address such as "Orbit <no-reply@example.com>"').max(320).default(DEFAULT_MAIL_FROM),
  // Links in emails start with this; never taken from a request's Host header, which the sender controls.
  PUBLIC_URL: z
    .string()
    .regex(/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/, 'must be an http:// or https:// URL without query, e.g. https://orbit.example.com')
    .optional(),
  // Video calls (docs/VIDEO-CALLS.md): how long a call rings, and the ICE servers browsers are given.
  CALL_RING_MS: z.coerce.number({ message: 'must be a number' }).int('must be a whole number').min(1000, 'must be at least 1000').max(600_000, 'must be at most 600000').default(CALL_RING_MS),
  STUN_URLS: urlList(['stun', 'stuns']).optional(),
  TURN_URLS: urlList(['turn', 'turns']).optional(),
  // coturn's static-auth-secret (use-auth-secret): TURN credentials are derived from it, it never leaves the server.
  TURN_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  TURN_CREDENTIAL_TTL_SECONDS: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(60, 'must be 60 to 604800')
    .max(604_800, 'must be 60 to 604800')
    .default(DEFAULT_TURN_CREDENTIAL_TTL_SECONDS),
  // Live streams (docs/LIVE-STREAMS.md): the media forwarder in this process (werift) or a Janus server, and how it is reached.
  LIVE_MEDIA: z.enum(['werift', 'janus'], { message: 'must be werift or janus' }).default('werift'),
  // Janus's WebSocket transport only: its HTTP API is another transport the forwarder does not speak.
  JANUS_URL: z.string().regex(/^wss?:\/\/\S+$/, 'must be a ws:// or wss:// URL (Janus\'s WebSocket API)').default(DEFAULT_JANUS_URL),
  JANUS_API_SECRET: z.string().min(1).optional(),
  LIVE_MEDIA_ANNOUNCED_IP: z.union([z.ipv4(), z.ipv6()], { message: 'must be an IPv4 or IPv6 address' }).optional(),
  LIVE_MEDIA_PORT_MIN: mediaPortSchema.optional(),
  LIVE_MEDIA_PORT_MAX: mediaPortSchema.optional(),
  // Payments (docs/PAYMENTS.md): local is Orbit's own test checkout, where no money moves.
  PAYMENTS_PROVIDER: z.enum(['local', 'stripe'], { message: 'must be local or stripe' }).default('local'),
  PAYMENTS_ALLOW_LOCAL: z.enum(['true', 'false', '1', '0'], { message: 'must be true or false' }).default('false'),
  // Stripe's secret API key and the signing secret of the webhook endpoint registered for /api/store/webhooks/stripe; never logged.
  STRIPE_SECRET_KEY: z.string().regex(/^sk_\S+$/, 'must be a Stripe secret key (sk_…)').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_\S+$/, 'must be a Stripe webhook signing secret (whsec_…)').optional(),
  LIVE_HOST_GRACE_MS: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(1000, 'must be at least 1000')
    .max(600_000, 'must be at most 600000')
    .default(LIVE_HOST_GRACE_MS),
});

/** TURN relays and the secret their short-lived credentials are derived from. */
export interface TurnSettings {
  urls: string[];
  secret: string;
  credentialTtlSeconds: number;
}

/** Video calls: the ring time and what browsers' RTCPeerConnection is configured with. */
export interface CallSettings {
  ringMs: number;
  stunUrls: string[];
  /** Unset: no relay, so calls connect only where the browsers reach each other directly. */
  turn: TurnSettings | undefined;
}

/** Live streams' media forwarder (server/live/media) and the host's grace. */
export interface LiveMediaSettings {
  /** werift in this process (one process only), or Janus's VideoRoom (several processes share it). */
  kind: 'werift' | 'janus';
  /** Janus's WebSocket API; used with kind janus. */
  janusUrl: string;
  janusApiSecret: string | undefined;
  /** The address werift puts in its candidates when the machine sits behind NAT; unset: its interfaces' own. */
  announcedIp: string | undefined;
  /** The UDP ports werift's connections use; unset: any. */
  portRange: [number, number] | undefined;
  /** How long a stream survives its host's connection being gone (LIVE_HOST_GRACE_MS). */
  hostGraceMs: number;
}

/** Where photo files go when they go to a bucket (s3-storage.ts). */
export interface S3Settings {
  bucket: string;
  /** Unset: AWS itself, by region. */
  endpoint: string | undefined;
  region: string;
  /** Both or neither; with neither, the AWS SDK's own credential chain. */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** bucket in the path (MinIO and most self-hosted stores) rather than in the host name. */
  forcePathStyle: boolean;
}

export interface AppConfig {
  port: number;
  host: string;
  /** Absolute path; holds the PGlite files and the generated secrets. */
  dataDir: string;
  /** When set, PostgreSQL is used instead of the embedded PGlite. */
  databaseUrl: string | undefined;
  /** When set, the realtime channel reaches members connected to other server processes through Redis. */
  redisUrl?: string | undefined;
  jwtSecret: string;
  /** Seals two-step secrets and keys recovery-code hashes; kept apart from jwtSecret, so a new JWT secret leaves authenticators working. */
  mfaSecretKey: string;
  adminUsername: string;
  adminPassword: string | undefined;
  nodeEnv: NodeEnv;
  logLevel: LogLevel;
  /** How often a seeded demo person likes back (0 to 1); always 0 in production. */
  demoLikeBackProbability?: number;
  /** New accounts one address may create per hour. */
  registrationsPerHour?: number;
  /** Photo files in an S3-compatible bucket; unset: under dataDir/photos. */
  s3?: S3Settings | undefined;
  /** SMTP server for outgoing email; unset: each message is written to dataDir/outbox. */
  smtpUrl?: string | undefined;
  /** The From of outgoing email. */
  mailFrom?: string;
  /** Where members reach this site, without a trailing slash: links in emails start with it. */
  publicUrl?: string;
  /** Web push's VAPID key pair and contact; unset: pushes are not sent (tests that do not need them). */
  push?: PushSettings;
  /** Video calls; unset: the contract's ring time and no ICE servers (host candidates only). */
  calls?: CallSettings;
  /** Live streams' media forwarder; unset: werift in this process with the contract's host grace. */
  live?: LiveMediaSettings;
  /** Who takes payments; unset: the local test provider. */
  payments?: PaymentSettings;
}

/** Web push: the VAPID key pair browsers subscribe with, and who push services may contact. */
export interface PushSettings {
  publicKey: string;
  privateKey: string;
  /** mailto: or https: (RFC 8292). */
  subject: string;
}

/** The mailto: of the From address (`Orbit <no-reply@example.com>` gives mailto:no-reply@example.com). */
function mailtoOf(from: string): string {
  return `mailto:${/<([^>]+)>/.exec(from)?.[1] ?? from.trim()}`;
}

function pushSettings(parsed: z.infer<typeof envSchema>, dataDir: string): PushSettings {
  const keys =
    parsed.VAPID_PUBLIC_KEY !== undefined && parsed.VAPID_PRIVATE_KEY !== undefined
      ? { publicKey: parsed.VAPID_PUBLIC_KEY, privateKey: parsed.VAPID_PRIVATE_KEY }
      : loadOrCreateVapidKeys(dataDir);
  return { ...keys, subject: parsed.VAPID_SUBJECT ?? mailtoOf(parsed.MAIL_FROM) };
}

/** Where Stripe's API is reached instead of api.stripe.com: tests point it at a fake. */
export interface StripeApiAddress {
  host: string;
  port: number;
  protocol: 'http' | 'https';
  /** The SDK's retries of a failed request; unset: 2. */
  maxNetworkRetries?: number;
}

/** Who takes payments: the local test checkout (no money moves), or Stripe. */
export type PaymentSettings =
  | { provider: 'local' }
  | {
      provider: 'stripe';
      /** STRIPE_SECRET_KEY (sk_…). */
      secretKey: string;
      /** STRIPE_WEBHOOK_SECRET (whsec_…): Stripe's signature over each webhook is checked with it. */
      webhookSecret: string;
      /** Unset: Stripe's own API. */
      api?: StripeApiAddress;
    };

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Empty strings count as unset: `FOO= npm start` should mean "use the default". */
function withoutEmptyValues(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== ''));
}

/** Validates the environment without touching the disk (the JWT secret stays as given). */
export function parseEnv(env: NodeJS.ProcessEnv): z.infer<typeof envSchema> {
  const result = envSchema.safeParse(withoutEmptyValues(env));
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid environment configuration:\n${problems.join('\n')}`);
  }
  // Half a key pair would quietly fall back to whatever credentials the machine has.
  if ((result.data.S3_ACCESS_KEY_ID === undefined) !== (result.data.S3_SECRET_ACCESS_KEY === undefined)) {
    throw new ConfigError('Invalid environment configuration:\n  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither');
  }
  if ((result.data.VAPID_PUBLIC_KEY === undefined) !== (result.data.VAPID_PRIVATE_KEY === undefined)) {
    throw new ConfigError('Invalid environment configuration:\n  VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both or neither');
  }
  // Relays without the secret would hand browsers no credentials; a secret without relays is a setting that does nothing.
  if ((result.data.TURN_URLS === undefined) !== (result.data.TURN_SECRET === undefined)) {
    throw new ConfigError('Invalid environment configuration:\n  TURN_URLS, TURN_SECRET: set both or neither');
  }
  // A range needs both ends, the lower first.
  const { LIVE_MEDIA_PORT_MIN: portMin, LIVE_MEDIA_PORT_MAX: portMax } = result.data;
  if ((portMin === undefined) !== (portMax === undefined)) {
    throw new ConfigError('Invalid environment configuration:\n  LIVE_MEDIA_PORT_MIN, LIVE_MEDIA_PORT_MAX: set both or neither');
  }
  if (portMin !== undefined && portMax !== undefined && portMin > portMax) {
    throw new ConfigError('Invalid environment configuration:\n  LIVE_MEDIA_PORT_MIN, LIVE_MEDIA_PORT_MAX: the minimum must not be above the maximum');
  }
  // Test checkout in production would hand out coins and VIP for nothing.
  const allowLocal = result.data.PAYMENTS_ALLOW_LOCAL === 'true' || result.data.PAYMENTS_ALLOW_LOCAL === '1';
  if (result.data.PAYMENTS_PROVIDER === 'local' && result.data.NODE_ENV === 'production' && !allowLocal) {
    throw new ConfigError(
      'Invalid environment configuration:\n  PAYMENTS_PROVIDER: local takes no money and runs only when NODE_ENV is development or test, or with PAYMENTS_ALLOW_LOCAL=1',
    );
  }
  // Stripe without its keys could neither take a payment nor believe a webhook.
  if (result.data.PAYMENTS_PROVIDER === 'stripe') {
    const missing = (['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const).filter((name) => result.data[name] === undefined);
    if (missing.length > 0) throw new ConfigError(`Invalid environment configuration:\n  ${missing.join(', ')}: required when PAYMENTS_PROVIDER is stripe`);
    // Stripe sends members back to this address after paying; localhost would strand every buyer.
    if (result.data.PUBLIC_URL === undefined && result.data.NODE_ENV === 'production') {
      throw new ConfigError('Invalid environment configuration:\n  PUBLIC_URL: required when PAYMENTS_PROVIDER is stripe in production (checkout returns members to it)');
    }
  }
  return result.data;
}

function paymentSettings(parsed: z.infer<typeof envSchema>): PaymentSettings {
  if (parsed.PAYMENTS_PROVIDER === 'local') return { provider: 'local' };
  const { STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret } = parsed;
  // parseEnv has refused stripe without both.
  if (secretKey === undefined || webhookSecret === undefined) throw new ConfigError('Invalid environment configuration:\n  STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET: required when PAYMENTS_PROVIDER is stripe');
  return { provider: 'stripe', secretKey, webhookSecret };
}

function s3Settings(parsed: z.infer<typeof envSchema>): S3Settings | undefined {
  if (parsed.S3_BUCKET === undefined) return undefined;
  return {
    bucket: parsed.S3_BUCKET,
    endpoint: parsed.S3_ENDPOINT,
    region: parsed.S3_REGION,
    accessKeyId: parsed.S3_ACCESS_KEY_ID,
    secretAccessKey: parsed.S3_SECRET_ACCESS_KEY,
    forcePathStyle: parsed.S3_FORCE_PATH_STYLE === 'true' || parsed.S3_FORCE_PATH_STYLE === '1',
  };
}

function callSettings(parsed: z.infer<typeof envSchema>): CallSettings {
  const turn =
    parsed.TURN_URLS !== undefined && parsed.TURN_SECRET !== undefined
      ? { urls: parsed.TURN_URLS, secret: parsed.TURN_SECRET, credentialTtlSeconds: parsed.TURN_CREDENTIAL_TTL_SECONDS }
      : undefined;
  return { ringMs: parsed.CALL_RING_MS, stunUrls: parsed.STUN_URLS ?? [], turn };
}

function liveMediaSettings(parsed: z.infer<typeof envSchema>): LiveMediaSettings {
  const { LIVE_MEDIA_PORT_MIN: portMin, LIVE_MEDIA_PORT_MAX: portMax } = parsed;
  return {
    kind: parsed.LIVE_MEDIA,
    janusUrl: parsed.JANUS_URL,
    janusApiSecret: parsed.JANUS_API_SECRET,
    announcedIp: parsed.LIVE_MEDIA_ANNOUNCED_IP,
    portRange: portMin !== undefined && portMax !== undefined ? [portMin, portMax] : undefined,
    hostGraceMs: parsed.LIVE_HOST_GRACE_MS,
  };
}

/** Reads the whole configuration; creates DATA_DIR/jwt-secret and DATA_DIR/mfa-secret-key on first start when their variables are unset. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = parseEnv(env);
  const dataDir = path.resolve(parsed.DATA_DIR);
  return {
    port: parsed.PORT,
    host: parsed.HOST,
    dataDir,
    databaseUrl: parsed.DATABASE_URL,
    redisUrl: parsed.REDIS_URL,
    jwtSecret: parsed.JWT_SECRET ?? loadOrCreateSecret(dataDir, JWT_SECRET_FILE),
    mfaSecretKey: parsed.MFA_SECRET_KEY ?? loadOrCreateSecret(dataDir, MFA_SECRET_KEY_FILE),
    adminUsername: parsed.ADMIN_USERNAME,
    adminPassword: parsed.ADMIN_PASSWORD,
    nodeEnv: parsed.NODE_ENV,
    logLevel: parsed.LOG_LEVEL,
    demoLikeBackProbability: parsed.NODE_ENV === 'production' ? 0 : (parsed.DEMO_LIKE_BACK_PROBABILITY ?? DEFAULT_LIKE_BACK_PROBABILITY),
    registrationsPerHour: parsed.REGISTRATIONS_PER_HOUR,
    s3: s3Settings(parsed),
    smtpUrl: parsed.SMTP_URL,
    mailFrom: parsed.MAIL_FROM,
    publicUrl: (parsed.PUBLIC_URL ?? `http://localhost:${parsed.PORT}`).replace(/\/+$/, ''),
    push: pushSettings(parsed, dataDir),
    calls: callSettings(parsed),
    live: liveMediaSettings(parsed),
    payments: paymentSettings(parsed),
  };
}

/**
 * Pino settings for the server. Redaction is a safety net: credentials are
 * never logged on purpose, but a stray `log.info(request.body)` must not leak them.
 */
export function loggerOptions(config: Pick<AppConfig, 'logLevel'>) {
  return {
    level: config.logLevel,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'headers.authorization',
        'password',
        'token',
        'passwordHash',
        'jwtSecret',
        'secretAccessKey',
        'janusApiSecret',
        'secretKey',
        'webhookSecret',
        'secret',
        'privateKey',
        '*.privateKey',
        '*.password',
        '*.token',
        '*.passwordHash',
        '*.jwtSecret',
        '*.secretAccessKey',
        '*.janusApiSecret',
        '*.secretKey',
        '*.webhookSecret',
        '*.secret',
        '*.*.secret',
        '*.*.secretKey',
        '*.*.webhookSecret',
        '*.*.password',
        '*.*.token',
      ],
      censor: '[redacted]',
    },
    serializers: { err: serializeErrorForLog, req: serializeRequestForLog },
  };
}
