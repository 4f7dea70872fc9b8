import type { FastifyInstance } from 'fastify';

/** What the store's services use of the app: its database, provider, realtime channel, mail and log. */
export type StoreApp = Pick<FastifyInstance, 'db' | 'realtime' | 'mailer' | 'log' | 'payments'>;
