import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { publicConfigResponseSchema } from '../../../contract/config';
import { appSettings } from '../../../server/db/schema';
import { createTestApp, type TestApp } from '../helpers/test-app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

describe('GET /api/config/public', () => {
  it('serves the seeded product name, home texts and four stats to anyone', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/config/public' });
    expect(response.statusCode).toBe(200);
    const { data } = publicConfigResponseSchema.parse(response.json());
    expect(data.config.appName).toBe('Orbit');
    expect(data.config.heroTitle).toEqual(expect.any(String));
    expect(data.config.stats).toEqual([
      { value: '10K+', label: 'Active Users', color: 'purple' },
      { value: '50K+', label: 'Matches Made', color: 'pink' },
      { value: '100+', label: 'Countries', color: 'blue' },
      { value: '24/7', label: 'Support', color: 'green' },
    ]);
  });

  it('leaves out settings that are not public', async () => {
    await testApp.db.update(appSettings).set({ isPublic: false }).where(eq(appSettings.key, 'heroSubtitle'));
    const response = await testApp.app.inject({ method: 'GET', url: '/api/config/public' });
    const { data } = publicConfigResponseSchema.parse(response.json());
    expect(data.config.heroSubtitle).toBeUndefined();
    expect(response.body).not.toContain('seed.version');
    await testApp.db.update(appSettings).set({ isPublic: true }).where(eq(appSettings.key, 'heroSubtitle'));
  });

  it('drops a stored value that no longer fits, so the page uses its default', async () => {
    await testApp.db.update(appSettings).set({ value: [{ value: '1', label: 'x', color: 'orange' }] }).where(eq(appSettings.key, 'stats'));
    const response = await testApp.app.inject({ method: 'GET', url: '/api/config/public' });
    expect(response.statusCode).toBe(200);
    expect(publicConfigResponseSchema.parse(response.json()).data.config.stats).toBeUndefined();
  });
});
