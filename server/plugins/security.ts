import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The page may only run code and load data from its own origin. Vite's
 * production index.html loads one external module script, so no inline script
 * is ever needed.
 */
export const contentSecurityPolicyDirectives = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  // 'unsafe-inline' for styles only: styled-components injects <style> tags at
  // runtime, whose contents are not known at build time (no hash or nonce fits).
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  connectSrc: ["'self'"],
  fontSrc: ["'self'", 'data:'],
  objectSrc: ["'none'"],
  baseUri: ["'none'"],
  frameAncestors: ["'none'"],
  formAction: ["'self'"],
  // Camera previews for calls and live streams are MediaStream and blob URLs.
  mediaSrc: ["'self'", 'blob:', 'mediastream:'],
};

async function securityPlugin(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    // useDefaults off: helmet's defaults add upgrade-insecure-requests, which
    // would break the plain-http localhost deployment.
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicyDirectives },
    // Harmless locally (browsers ignore HSTS over http) and right behind TLS.
    strictTransportSecurity: { maxAge: 15_552_000, includeSubDomains: true },
  });
}

export default fp(securityPlugin, { name: 'orbit-security', fastify: '5.x' });
