import type { FastifyInstance, FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';
import { CALL_LEG_GRACE_MS, type IceServersResponse } from '../../contract/calls';
import type { CallSettings } from '../environment';
import { iceServersFor } from './ice-servers';
import { createCallService, type CallService } from './service';
import { startCallSignalling } from './signalling';

/** Video calls as the rest of the server reaches them: ending a pair's or a member's calls, and the ICE servers. */
export type Calls = CallService & {
  /** The RTCPeerConnection configuration for one member, with fresh TURN credentials. */
  iceServers(userId: string): IceServersResponse;
  /** Seeded demo people get simulated calls (never in production). */
  demoCalls: boolean;
};

declare module 'fastify' {
  interface FastifyInstance {
    calls: Calls;
  }
}

export interface CallsPluginOptions {
  settings: CallSettings;
  demoCalls: boolean;
  /** How long one side of a call may be without a socket; tests shorten it. */
  legGraceMs?: number;
  /** How often calls without a timer in this process are checked; tests shorten it. */
  sweepIntervalMs?: number;
}

export const DEFAULT_CALL_SWEEP_INTERVAL_MS = 5_000;

const callsPlugin: FastifyPluginCallback<CallsPluginOptions> = (app: FastifyInstance, options, done) => {
  const service = createCallService({ db: app.db, realtime: app.realtime, ringMs: options.settings.ringMs, demoCalls: options.demoCalls, log: app.log });
  const signalling = startCallSignalling({
    realtime: app.realtime,
    calls: service,
    log: app.log,
    ringMs: options.settings.ringMs,
    legGraceMs: options.legGraceMs ?? CALL_LEG_GRACE_MS,
    sweepIntervalMs: options.sweepIntervalMs ?? DEFAULT_CALL_SWEEP_INTERVAL_MS,
  });
  app.decorate('calls', {
    ...service,
    iceServers: (userId: string) => iceServersFor(options.settings, userId, new Date()),
    demoCalls: options.demoCalls,
  } satisfies Calls);
  // Closing sockets starts grace timers; none may outlive the database.
  app.addHook('preClose', (hookDone) => {
    signalling.stop();
    hookDone();
  });
  app.addHook('onClose', (_instance, hookDone) => {
    signalling.stop();
    hookDone();
  });
  done();
};

export default fp(callsPlugin, { name: 'orbit-calls', fastify: '5.x', dependencies: ['orbit-database', 'orbit-realtime', 'orbit-errors'] });
