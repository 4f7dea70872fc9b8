import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAdmin, newRegistration, registerUser } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/test-app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

function directives(header: string | string[] | number | undefined): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of String(header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values);
  }
  return map;
}

type OpenApiOperation = { tags?: string[]; summary?: string; responses?: Record<string, unknown>; security?: unknown[] };
type OpenApiDocument = { paths: Record<string, Record<string, OpenApiOperation>>; components?: { securitySchemes?: Record<string, unknown> } };

describe('security headers', () => {
  it.each(['/', '/video-call', '/api/docs'])('lets only Orbit itself use the camera, microphone and location on the page %s', async (url) => {
    const response = await testApp.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    const policy = new Map(String(response.headers['permissions-policy'] ?? '').split(', ').map((entry) => entry.split('=') as [string, string]));
    expect(policy.get('camera')).toBe('(self)');
    expect(policy.get('microphone')).toBe('(self)');
    expect(policy.get('geolocation')).toBe('(self)');
    expect(policy.get('payment')).toBe('()');
    expect(policy.get('display-capture')).toBe('()');
  });

  it('keeps every answer that depends on who asks out of every cache, and leaves public answers alone', async () => {
    const member = await registerUser(testApp.app);
    const admin = await loginAdmin(testApp.app);
    for (const [url, token] of [
      ['/api/user/me', member.token],
      ['/api/matches', member.token],
      ['/api/users?page=1', member.token],
      ['/api/conversations', member.token],
      ['/api/admin/users', admin],
      ['/api/admin/reports', admin],
    ] as const) {
      const response = await testApp.app.inject({ method: 'GET', url, headers: bearer(token) });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
    // Refused too: a 401 or 403 for a token says something about that token.
    const refused = await testApp.app.inject({ method: 'GET', url: '/api/admin/users', headers: bearer(member.token) });
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['cache-control']).toBe('no-store');
    const visitor = await testApp.app.inject({ method: 'GET', url: '/api/config/public' });
    expect(visitor.headers['cache-control']).not.toBe('no-store');
  });

  it('keeps the answers that hand out a session token out of every cache, though their request carried none (issue 50)', async () => {
    const registered = await registerUser(testApp.app);
    const signIn = await testApp.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: registered.body.username, password: registered.body.password } });
    expect(signIn.statusCode, signIn.body).toBe(200);
    expect(signIn.json()).toMatchObject({ token: expect.any(String) as unknown });
    expect(signIn.headers['cache-control']).toBe('no-store');
    const registration = await testApp.app.inject({ method: 'POST', url: '/api/auth/register', payload: newRegistration() });
    expect(registration.statusCode, registration.body).toBe(201);
    expect(registration.headers['cache-control']).toBe('no-store');
  });

  it.each(['/', '/some/page', '/api/docs'])('sends a strict Content-Security-Policy on the page %s', async (url) => {
    const response = await testApp.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    const csp = directives(response.headers['content-security-policy']);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('media-src')).toEqual(["'self'", 'blob:', 'mediastream:']);
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
  });

  it.each(['/api/user/me', '/api/config/public', '/api/nothing-here'])('gives the JSON answer of %s a policy that loads and frames nothing, without the document-only headers', async (url) => {
    const response = await testApp.app.inject({ method: 'GET', url });
    const csp = directives(response.headers['content-security-policy']);
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.has('script-src')).toBe(false);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(response.headers['strict-transport-security']).toBe('max-age=15552000; includeSubDomains');
    for (const documentOnly of ['cross-origin-opener-policy', 'referrer-policy', 'x-xss-protection', 'x-download-options', 'x-dns-prefetch-control', 'x-permitted-cross-domain-policies', 'origin-agent-cluster']) {
      expect(response.headers[documentOnly], documentOnly).toBeUndefined();
    }
  });

  it('never allows inline or eval scripts', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/user/me' });
    const scriptSrc = directives(response.headers['content-security-policy']).get('script-src') ?? [];
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc).not.toContain("'unsafe-eval'");
  });

  it('sandboxes generated SVGs with their own policy', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/media/avatar/demo-1' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const csp = directives(response.headers['content-security-policy']);
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.has('sandbox')).toBe(true);
    expect(response.body.startsWith('<svg')).toBe(true);
  });
});

describe('OpenAPI document', () => {
  it('is served at /api/docs/json and documents the auth and user routes', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<OpenApiDocument>();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/auth/register', '/api/auth/login', '/api/admin/login', '/api/auth/account', '/api/user/me', '/api/media/avatar/{seed}']),
    );
    expect(document.components?.securitySchemes).toHaveProperty('bearerAuth');
    expect(document.paths['/api/user/me']?.get?.security).toEqual([{ bearerAuth: [] }]);
    expect(document.paths['/api/auth/account']?.delete?.security).toEqual([{ bearerAuth: [] }]);
    expect(document.paths['/api/user/me/export']?.get?.security).toEqual([{ bearerAuth: [] }]);
  });

  it('gives every operation tags, a summary, and success and error responses', async () => {
    const document = (await testApp.app.inject({ method: 'GET', url: '/api/docs/json' })).json<OpenApiDocument>();
    const operations = Object.entries(document.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ path, method, operation })));
    expect(operations.length).toBeGreaterThanOrEqual(6);
    for (const { path, method, operation } of operations) {
      const where = `${method.toUpperCase()} ${path}`;
      expect(operation.tags?.length, where).toBeGreaterThan(0);
      expect(operation.summary, where).toBeTruthy();
      const codes = Object.keys(operation.responses ?? {});
      expect(codes.some((code) => code.startsWith('2')), where).toBe(true);
      expect(codes, where).toContain('500');
    }
  });

  it('leaves the SPA catch-all and docs routes out of the document', async () => {
    const document = (await testApp.app.inject({ method: 'GET', url: '/api/docs/json' })).json<OpenApiDocument>();
    expect(Object.keys(document.paths).every((path) => path.startsWith('/api/') && !path.startsWith('/api/docs'))).toBe(true);
  });

  it('serves the Swagger UI at /api/docs', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('swagger-ui');
  });
});
