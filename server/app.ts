import { createServer } from 'node:http';
import path from 'node:path';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { CALL_RING_MS } from '../contract/calls';
import { LIVE_HOST_GRACE_MS } from '../contract/live';
import { DEFAULT_JANUS_URL, type AppConfig, type CallSettings, type LiveMediaSettings } from './environment';
import { openDatabase, type DatabaseConnection } from './db/client';
import authPlugin from './plugins/auth';
import cookiesPlugin from './plugins/cookies';
import databasePlugin from './plugins/database';
import errorsPlugin from './plugins/errors';
import { answerClientError, answerFrameworkError } from './plugins/framework-errors';
import responseCachePlugin, { FrontDoor, logFrontDoorAnswer } from './plugins/response-cache';
import rateLimitPlugin, { DEFAULT_RATE_LIMITS, type RateLimits } from './plugins/rate-limit';
import presencePlugin from './plugins/presence';
import securityPlugin from './plugins/security';
import spaPlugin from './plugins/spa';
import swaggerPlugin from './plugins/swagger';
import { likeBackPolicy, type LikeBackPolicy } from './discovery/like-back';
import photoStoragePlugin, { photoStorageFor } from './photos/storage-plugin';
import type { PhotoStorage } from './photos/storage';
import mailPlugin from './mail/mailer';
import mfaSealingPlugin from './auth/mfa-sealing';
import secondStepPlugin from './auth/second-step';
import realtimePlugin from './realtime/plugin';
import callsPlugin from './calls/plugin';
import { unsubscribeSecretFor } from './notifications/news-email';
import notificationsPlugin from './notifications/plugin';
import livePlugin, { type LivePluginOptions } from './live/plugin';
import giftsPlugin from './gifts/plugin';
import addressFingerprintPlugin from './plugins/address-fingerprint';
import paymentsPlugin from './store/plugin';
import reconciliationPlugin from './store/reconciliation-plugin';
import apiRoutes from './routes/api';

/** 1 MiB: a blog post with inline HTML fits; anything larger is refused with 413. */
export const DEFAULT_BODY_LIMIT_BYTES = 1_048_576;

/**
 * How long a client may take to send a request. Browsers reach this server
 * directly, with no proxy to cut off a client that trickles its request
 * byte by byte to hold a connection open (slowloris); Node's own limits
 * (60 s for the headers, 5 min for the whole request, checked every 30 s)
 * let one hold a socket for minutes. A request that misses these is
 * answered 408 and its connection closed.
 */
export interface SlowClientLimits {
  /** For the request line and headers. */
  headersMs: number;
  /** For the whole request, body included: 1 MiB in a minute is a slow mobile link. */
  requestMs: number;
  /** How often open connections are checked against the two above. */
  checkEveryMs: number;
}

export const DEFAULT_SLOW_CLIENT_LIMITS: SlowClientLimits = { headersMs: 15_000, requestMs: 60_000, checkEveryMs: 5_000 };

export interface BuildAppOptions {
  config: Pick<AppConfig, 'jwtSecret' | 'mfaSecretKey' | 'dataDir' | 'databaseUrl'> & Partial<Pick<AppConfig, 'demoLikeBackProbability' | 'registrationsPerHour' | 'nodeEnv' | 's3' | 'redisUrl' | 'smtpUrl' | 'mailFrom' | 'publicUrl' | 'calls' | 'live' | 'payments' | 'push'>>;
  /** An open, migrated connection the app takes over (and closes on app.close()); opened from config when absent. */
  database?: DatabaseConnection;
  logger?: FastifyServerOptions['logger'];
  /** Tests lower or raise these; production uses the defaults. */
  rateLimits?: Partial<RateLimits>;
  /** Where the built web app lives; defaults to dist/client. */
  clientDir?: string;
  bodyLimitBytes?: number;
  /** Demo people liking back; by default from config.demoLikeBackProbability (off when unset). */
  likeBack?: LikeBackPolicy;
  /** Tests shorten these; production uses the defaults. */
  slowClientLimits?: SlowClientLimits;
  /** How often members whose sessions went quiet are marked offline; tests shorten it. */
  presenceSweepIntervalMs?: number;
  /** How long a member stays online after their last socket closed; tests shorten it. */
  presenceGraceMs?: number;
  /** How often sessions with an open realtime connection are marked in use (tests shorten it). */
  connectedSessionsIntervalMs?: number;
  /** Where photo files go; by default the bucket of config.s3, else dataDir/photos. The app closes it with itself. */
  photoStorage?: PhotoStorage;
  /** Where emails are written without SMTP; by default dataDir/outbox. */
  outboxDir?: string;
  /** Video calls' clocks; tests shorten them (the ring time itself is config.calls.ringMs). */
  callTimings?: { legGraceMs?: number; sweepIntervalMs?: number };
  /** Live streams: tests give an in-memory forwarder and shorten the host's grace and the sweep. */
  live?: Pick<LivePluginOptions, 'forwarder' | 'hostGraceMs' | 'sweepIntervalMs' | 'viewerRewardMs'>;
}

/** Without call settings: the contract's ring time, no ICE servers. */
const DEFAULT_CALL_SETTINGS: CallSettings = { ringMs: CALL_RING_MS, stunUrls: [], turn: undefined };

/** Without live settings: werift in this process, the contract's grace. */
const DEFAULT_LIVE_SETTINGS: LiveMediaSettings = {
  kind: 'werift',
  janusUrl: DEFAULT_JANUS_URL,
  janusApiSecret: undefined,
  announcedIp: undefined,
  portRange: undefined,
  hostGraceMs: LIVE_HOST_GRACE_MS,
};

/** The operator's REGISTRATIONS_PER_HOUR, over the default window of an hour. */
function registrationLimit(perHour: number | undefined): Partial<RateLimits> {
  return perHour === undefined ? {} : { register: { max: perHour, windowMs: DEFAULT_RATE_LIMITS.register.windowMs } };
}

/**
 * Assembles the Orbit server without listening, for main.ts and for tests
 * (which use app.inject). Routes may still be added until the app is ready.
 */
export async function buildApp(options: BuildAppOptions) {
  const database = options.database ?? (await openDatabase({ dataDir: options.config.dataDir, databaseUrl: options.config.databaseUrl }));

  // Stored public answers are sent from the server's request listener, before Fastify routes the request.
  const frontDoor = new FrontDoor();
  const logsRequests = Boolean(options.logger);
  const slowClients = options.slowClientLimits ?? DEFAULT_SLOW_CLIENT_LIMITS;
  const app = Fastify({
    // Fastify's requestTimeout option does not reach a server made here, so the limits are set on it directly.
    serverFactory: (handler) => {
      const limits = { headersTimeout: slowClients.headersMs, requestTimeout: slowClients.requestMs, connectionsCheckingInterval: slowClients.checkEveryMs };
      return createServer(limits, (request, response) => {
        const startedAt = logsRequests ? performance.now() : 0;
        if (!frontDoor.answer(request, response)) handler(request, response);
        else if (logsRequests) logFrontDoorAnswer(app.log, request, response, startedAt);
      });
    },
    logger: options.logger ?? false,
    bodyLimit: options.bodyLimitBytes ?? DEFAULT_BODY_LIMIT_BYTES,
    // Requests come straight from browsers; behind a proxy this would have to
    // be set so rate limits see client addresses instead of the proxy's.
    trustProxy: false,
    // Errors Fastify and Node raise before any hook runs, in Orbit's shape and with its security headers.
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  try {
    await app.register(errorsPlugin);
    // First hook of every request: a public answer already stored is sent before anything else runs.
    await app.register(responseCachePlugin, { frontDoor });
    await app.register(databasePlugin, { connection: database });
    await app.register(presencePlugin, {
      ...(options.presenceSweepIntervalMs === undefined ? {} : { sweepIntervalMs: options.presenceSweepIntervalMs }),
      // Production has no demo people to move.
      demoPresence: options.config.nodeEnv !== 'production',
    });
    await app.register(securityPlugin);
    await app.register(rateLimitPlugin);
    await app.register(authPlugin, { jwtSecret: options.config.jwtSecret });
    // Two-step sign-in tickets (issue 37): admins in production must have an authenticator.
    await app.register(secondStepPlugin, { jwtSecret: options.config.jwtSecret, adminTotpRequired: options.config.nodeEnv === 'production' });
    // Authenticator secrets sealed and recovery codes keyed with a key of their own (issue 50, finding 5).
    await app.register(mfaSealingPlugin, { mfaSecretKey: options.config.mfaSecretKey });
    // Device cookies (sign-in throttling) are signed with a key derived from the same secret.
    await app.register(cookiesPlugin, { jwtSecret: options.config.jwtSecret });
    await app.register(addressFingerprintPlugin, { jwtSecret: options.config.jwtSecret });
    await app.register(realtimePlugin, {
      redisUrl: options.config.redisUrl,
      publicUrl: options.config.publicUrl ?? 'http://localhost:5002',
      ...(options.presenceGraceMs === undefined ? {} : { presenceGraceMs: options.presenceGraceMs }),
      ...(options.connectedSessionsIntervalMs === undefined ? {} : { connectedSessionsIntervalMs: options.connectedSessionsIntervalMs }),
    });
    await app.register(callsPlugin, {
      settings: options.config.calls ?? DEFAULT_CALL_SETTINGS,
      // Production has no demo people to call.
      demoCalls: options.config.nodeEnv !== 'production',
      ...options.callTimings,
    });
    await app.register(livePlugin, { settings: options.config.live ?? DEFAULT_LIVE_SETTINGS, ...options.live });
    await app.register(giftsPlugin);
    await app.register(mailPlugin, {
      smtpUrl: options.config.smtpUrl,
      outboxDir: options.outboxDir ?? path.join(path.resolve(options.config.dataDir), 'outbox'),
      from: options.config.mailFrom,
      publicUrl: options.config.publicUrl ?? 'http://localhost:5002',
      logLinks: options.config.nodeEnv !== 'production',
    });
    await app.register(notificationsPlugin, {
      settings: options.config.push,
      httpsOnly: options.config.nodeEnv === 'production',
      unsubscribeSecret: unsubscribeSecretFor(options.config.jwtSecret),
    });
    await app.register(photoStoragePlugin, { storage: options.photoStorage ?? photoStorageFor(options.config) });
    await app.register(paymentsPlugin, {
      settings: options.config.payments ?? { provider: 'local' },
      jwtSecret: options.config.jwtSecret,
      publicUrl: options.config.publicUrl ?? 'http://localhost:5002',
    });
    await app.register(reconciliationPlugin);
    await app.register(swaggerPlugin);
    await app.register(apiRoutes, {
      prefix: '/api',
      rateLimits: { ...DEFAULT_RATE_LIMITS, ...registrationLimit(options.config.registrationsPerHour), ...options.rateLimits },
      likeBack: options.likeBack ?? likeBackPolicy(options.config.demoLikeBackProbability),
      // Production has no demo people to answer.
      demoReplies: options.config.nodeEnv !== 'production',
    });
    await app.register(spaPlugin, options.clientDir ? { clientDir: options.clientDir } : {});
  } catch (error) {
    await app.close().catch(() => {});
    await database.close();
    throw error;
  }
  return app;
}

export type OrbitApp = Awaited<ReturnType<typeof buildApp>>;
