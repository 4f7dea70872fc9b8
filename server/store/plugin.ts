import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { PaymentSettings } from '../environment';
import type { PaymentsProvider } from './payments-provider';
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
}

/** The local provider's webhooks go to the app's own webhook route, through the same parsing and signature check as any. */
export const LOCAL_WEBHOOK_PATH = '/api/store/webhooks/local';

function paymentsPlugin(app: FastifyInstance, options: PaymentsPluginOptions, done: (error?: Error) => void): void {
  const provider = new LocalPaymentsProvider(app.db, testWebhookKey(options.jwtSecret), async (body, signature) => {
    const response = await app.inject({
      method: 'POST',
      url: LOCAL_WEBHOOK_PATH,
      headers: { 'content-type': 'application/json', [TEST_SIGNATURE_HEADER]: signature },
      payload: body,
    });
    if (response.statusCode >= 300) app.log.warn({ statusCode: response.statusCode }, 'the local payment provider\'s webhook was refused');
  });
  app.decorate('payments', provider);
  done();
}

export default fp(paymentsPlugin, { name: 'orbit-payments', fastify: '5.x', dependencies: ['orbit-database'] });
