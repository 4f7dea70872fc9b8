import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

interface OpenApiOperation {
  security?: Array<Record<string, unknown>>;
  responses?: Record<string, unknown>;
}

describe('the OpenAPI document', () => {
  it('lists every admin operation as bearer-protected with its 401 and 403 answers', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = response.json<{ paths: Record<string, Record<string, OpenApiOperation>> }>().paths;
    const expected = [
      'get /api/admin/stats',
      'get /api/admin/activity',
      'get /api/admin/users',
      'get /api/admin/user/{id}',
      'post /api/admin/user/{id}/ban',
      'post /api/admin/user/{id}/unban',
      'post /api/admin/user/{id}/make-vip',
      'post /api/admin/user/{id}/remove-vip',
      'get /api/admin/withdrawals/all',
      'post /api/admin/withdrawals/approve/{id}',
      'post /api/admin/withdrawals/reject/{id}',
      'get /api/admin/reports',
      'post /api/admin/reports/{id}/resolve',
      'get /api/admin/gifts',
      'post /api/admin/gifts',
      'delete /api/admin/gifts/{id}',
      'get /api/admin/coinpacks',
      'post /api/admin/coinpacks',
      'delete /api/admin/coinpacks/{id}',
      'get /api/admin/vipplans',
      'post /api/admin/vipplans',
      'delete /api/admin/vipplans/{id}',
    ];
    for (const key of expected) {
      const [method = '', path = ''] = key.split(' ');
      const operation = paths[path]?.[method];
      expect(operation, key).toBeDefined();
      expect(operation?.security, key).toEqual([{ bearerAuth: [] }]);
      expect(Object.keys(operation?.responses ?? {}), key).toEqual(expect.arrayContaining(['200', '401', '403']));
    }
  });
});
