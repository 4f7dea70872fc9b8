import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import Stripe from 'stripe';
import type { PaymentSettings, StripeApiAddress } from '../environment';
import type { PaymentsProvider } from './payments-provider';
import { STRIPE_API_VERSION, StripePaymentsProvider } from './stripe-provider';
import { LocalPaymentsProvider } from './test-provider/provider';
import { TEST_SIGNATURE_HEADER, testWebhookKey } from './test-provider/signature';

declare module 'fastify' {
  interface FastifyInstance {
    /** Who takes members' money (PAYMENTS_PROVIDER). */
    payments: PaymentsProvider;
  }
}

export interface PaymentsPluginOptions {
  settings: PaymentSettings;
  /** The local provider's webhook key is derived from it. */
  jwtSecret: string;
  /** Where members reach the site, without a trailing slash: Stripe sends them back to absolute URLs under it. */
  publicUrl: string;
}

/** The local provider's webhooks go to the app's own webhook route, through the same parsing and signature check as any. */
export const LOCAL_WEBHOOK_PATH = '/api/store/webhooks/local';

/** How long one request to Stripe may take before it counts as out of reach (the SDK's default is 80 s, each retry again). */
const STRIPE_TIMEOUT_MS = 20_000;

/** A Stripe client for the secret key, at Stripe's API or (tests) at the address given. */
export function stripeClient(secretKey: string, api: StripeApiAddress | undefined): Stripe {
  const { maxNetworkRetries = 2, ...address } = api ?? {};
  return new Stripe(secretKey, { apiVersion: STRIPE_API_VERSION, maxNetworkRetries, timeout: STRIPE_TIMEOUT_MS, ...address });
}

function localProvider(app: FastifyInstance, jwtSecret: string): LocalPaymentsProvider {
  return new LocalPaymentsProvider(app.db, testWebhookKey(jwtSecret), async (body, signature) => {
    const response = await app.inject({
      method: 'POST',
      url: LOCAL_WEBHOOK_PATH,
      headers: { 'content-type': 'application/json', [TEST_SIGNATURE_HEADER]: signature },
      payload: body,
    });
    if (response.statusCode >= 300) app.log.warn({ statusCode: response.statusCode }, 'the local payment provider\'s webhook was refused');
  });
}

function paymentsPlugin(app: FastifyInstance, options: PaymentsPluginOptions, done: (error?: Error) => void): void {
  const { settings } = options;
  const provider: PaymentsProvider =
    settings.provider === 'stripe'
      ? new StripePaymentsProvider(stripeClient(settings.secretKey, settings.api), settings.webhookSecret, app.db, options.publicUrl)
      : localProvider(app, options.jwtSecret);
  app.decorate('payments', provider);
  done();
}

export default fp(paymentsPlugin, { name: 'orbit-payments', fastify: '5.x', dependencies: ['orbit-database'] });
