import { createHmac } from 'node:crypto';
import type { FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** A keyed fingerprint of a network address: equal addresses compare equal, and the address itself is never stored. */
    addressFingerprint: (address: string) => string;
  }
}

export interface AddressFingerprintOptions {
  jwtSecret: string;
}

/**
 * Fingerprints of network addresses (issue 49: a creator gifted from their
 * own address is flagged to the admin). Keyed from the server's secret, so
 * the small IPv4 space cannot be walked back from a stored fingerprint.
 */
const addressFingerprintPlugin: FastifyPluginCallback<AddressFingerprintOptions> = (app, options, done) => {
  const key = createHmac('sha256', options.jwtSecret).update('orbit address fingerprint v1').digest();
  app.decorate('addressFingerprint', (address: string) => createHmac('sha256', key).update(address).digest('base64url'));
  done();
};

export default fp(addressFingerprintPlugin, { name: 'orbit-address-fingerprint', fastify: '5.x' });
