import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { appConfigsResponseSchema, publicConfigResponseSchema } from '../../../contract/site-settings';
import { adminAuditLog, appSettings } from '../../../server/db/schema';
import { bearer, loginAdmin, registerUser } from '../helpers/accounts';
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

  // These two change rows behind the API's back, so each reads them through
  // an app that has not answered (and cached) the public config yet.
  async function onFreshApp(check: (fresh: TestApp) => Promise<void>): Promise<void> {
    const fresh = await createTestApp();
    try {
      await check(fresh);
    } finally {
      await fresh.close();
    }
  }

  it('leaves out settings that are not public', () =>
    onFreshApp(async (fresh) => {
      await fresh.db.update(appSettings).set({ isPublic: false }).where(eq(appSettings.key, 'heroSubtitle'));
      const response = await fresh.app.inject({ method: 'GET', url: '/api/config/public' });
      const { data } = publicConfigResponseSchema.parse(response.json());
      expect(data.config.heroSubtitle).toBeUndefined();
      expect(response.body).not.toContain('seed.version');
    }));

  it('drops a stored value that no longer fits, so the page uses its default', () =>
    onFreshApp(async (fresh) => {
      await fresh.db.update(appSettings).set({ value: [{ value: '1', label: 'x', color: 'orange' }] }).where(eq(appSettings.key, 'stats'));
      const response = await fresh.app.inject({ method: 'GET', url: '/api/config/public' });
      expect(response.statusCode).toBe(200);
      expect(publicConfigResponseSchema.parse(response.json()).data.config.stats).toBeUndefined();
    }));
});

describe('GET and POST /api/config/app (admin)', () => {
  let adminToken: string;
  let userToken: string;
  beforeAll(async () => {
    adminToken = await loginAdmin(testApp.app);
    userToken = (await registerUser(testApp.app)).token;
  });

  const post = (payload: unknown, token = adminToken) =>
    testApp.app.inject({ method: 'POST', url: '/api/config/app', headers: bearer(token), payload: payload as object });

  it('lists the editable settings with value, type, description and public, and no internal rows', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/config/app', headers: bearer(adminToken) });
    expect(response.statusCode).toBe(200);
    const { configs } = appConfigsResponseSchema.parse(response.json()).data;
    expect(configs.heroTitle).toMatchObject({ value: 'Meet people worth orbiting', type: 'string', public: true });
    expect(configs.heroTitle?.description).toBe('Headline of the home page hero');
    expect(configs.stats?.type).toBe('array');
    expect(Object.keys(configs)).not.toContain('seed.version');
  });

  it('refuses visitors (401) and signed-in users (403)', async () => {
    expect((await testApp.app.inject({ method: 'GET', url: '/api/config/app' })).statusCode).toBe(401);
    expect((await testApp.app.inject({ method: 'GET', url: '/api/config/app', headers: bearer(userToken) })).statusCode).toBe(403);
    const userWrite = await post({ configs: { heroTitle: { value: 'Hacked', type: 'string' } } }, userToken);
    expect(userWrite.statusCode).toBe(403);
    const publicBody = publicConfigResponseSchema.parse((await testApp.app.inject({ method: 'GET', url: '/api/config/public' })).json());
    expect(publicBody.data.config.heroTitle).not.toBe('Hacked');
  });

  it('saves new texts and stats that the public config shows at once, and writes the audit log', async () => {
    const stats = [
      { value: '2M+', label: 'Members', color: 'pink' },
      { value: '95%', label: 'Happy couples', color: 'green' },
    ];
    const response = await post({
      configs: {
        heroTitle: { value: '  Find your orbit  ', type: 'string', description: 'Headline', public: true },
        stats: { value: stats, type: 'array', description: 'Stats band', public: true },
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ success: true, message: 'Home page content updated successfully!' });

    const publicBody = publicConfigResponseSchema.parse((await testApp.app.inject({ method: 'GET', url: '/api/config/public' })).json());
    expect(publicBody.data.config.heroTitle).toBe('Find your orbit');
    expect(publicBody.data.config.stats).toEqual(stats);

    const [entry] = await testApp.db.select().from(adminAuditLog).where(eq(adminAuditLog.action, 'update-settings'));
    expect(entry).toMatchObject({ targetType: 'settings', targetId: 'heroTitle,stats', details: 'Updated Hero title, Stats' });
    expect(entry?.adminId).toEqual(expect.any(String));
  });

  it('logs only the settings a save changed, and nothing for a save that changes nothing', async () => {
    const stats = [{ value: '3M+', label: 'Members', color: 'blue' }];
    const first = await post({ configs: { heroTitle: { value: 'Same title', type: 'string' }, stats: { value: stats, type: 'array' } } });
    expect(first.statusCode, first.body).toBe(200);
    const logged = async () =>
      (await testApp.db.select().from(adminAuditLog).where(eq(adminAuditLog.action, 'update-settings'))).map((entry) => entry.details);
    const before = await logged();

    // The form sends every field back; only the subtitle differs.
    const second = await post({
      configs: {
        heroTitle: { value: 'Same title', type: 'string' },
        heroSubtitle: { value: 'A new subtitle', type: 'string' },
        // The same stats with their keys in another order are the same stats.
        stats: { value: [{ color: 'blue', label: 'Members', value: '3M+' }], type: 'array' },
      },
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(await logged()).toEqual([...before, 'Updated Hero subtitle']);

    const unchanged = await post({ configs: { heroTitle: { value: 'Same title', type: 'string' } } });
    expect(unchanged.json()).toMatchObject({ success: true });
    expect(await logged()).toEqual([...before, 'Updated Hero subtitle']);
  });

  it('stores an Android APK URL, which then appears in the public config', async () => {
    const response = await post({ configs: { androidApkUrl: { value: '/downloads/orbit.apk', type: 'string' } } });
    expect(response.statusCode, response.body).toBe(200);
    const publicBody = publicConfigResponseSchema.parse((await testApp.app.inject({ method: 'GET', url: '/api/config/public' })).json());
    expect(publicBody.data.config.androidApkUrl).toBe('/downloads/orbit.apk');
  });

  it.each([
    ['an unknown key', { configs: { favouriteColour: { value: 'red', type: 'string' } } }, 'configs.favouriteColour: Unknown field'],
    ['a wrong type', { configs: { heroTitle: { value: 'Hi', type: 'number' } } }, 'configs.heroTitle.type: Type must be string'],
    ['a value of the wrong kind', { configs: { heroTitle: { value: 42, type: 'string' } } }, 'configs.heroTitle.value: Hero title must be text'],
    ['a blank title', { configs: { heroTitle: { value: '   ', type: 'string' } } }, 'configs.heroTitle.value: Hero title is required'],
    [
      'five stats',
      {
        configs: {
          stats: { value: Array.from({ length: 5 }, (_, i) => ({ value: `${i}`, label: `Stat ${i}`, color: 'blue' })), type: 'array' },
        },
      },
      'configs.stats.value: At most four stats',
    ],
    ['a colour outside the four', { configs: { stats: { value: [{ value: '1', label: 'One', color: 'orange' }], type: 'array' } } }, 'configs.stats.value.0.color'],
    ['an APK path with a backslash, which browsers follow off the site', { configs: { androidApkUrl: { value: '/\\evil.example/app.apk', type: 'string' } } }, 'configs.androidApkUrl.value: Android APK URL must be'],
    ['an APK URL with a backslash', { configs: { androidApkUrl: { value: 'https://orbit.example\\@evil.example/app.apk', type: 'string' } } }, 'configs.androidApkUrl.value: Android APK URL must be'],
    ['no settings at all', { configs: {} }, 'Send at least one setting to change'],
    ['no configs object', { heroTitle: 'Hi' }, 'heroTitle: Unknown field'],
  ])('rejects %s with 400 and a message, changing nothing', async (_case, payload, message) => {
    const before = await testApp.app.inject({ method: 'GET', url: '/api/config/app', headers: bearer(adminToken) });
    const response = await post(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toContain(message);
    const after = await testApp.app.inject({ method: 'GET', url: '/api/config/app', headers: bearer(adminToken) });
    expect(after.json()).toEqual(before.json());
  });
});
