import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discoverResponseSchema, matchesResponseSchema, radarResponseSchema, spinResponseSchema } from '../../../contract/discovery';
import { conversationsResponseSchema } from '../../../contract/messaging';
import { publicUserSchema } from '../../../contract/members/profile';
import { publicConfigResponseSchema } from '../../../contract/site-settings';
import { matches, type UserRow } from '../../../server/db/schema';
import { orderedPair } from '../../../server/lib/member-pair';
import { demoPersonQuery } from '../../../server/members/queries';
import { insertPerson, offsetPoint } from '../discovery/people-fixtures';
import { bearer, registerUser, type RegisteredUser } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/test-app';

// Issue 51: seeded demo people answer automatically, so every view of a person
// says whether they are one, and the public config says when any are about.

const ORIGIN = { latitude: 19.07, longitude: 72.88 };

let testApp: TestApp;
let viewer: RegisteredUser;
let demo: UserRow;
let real: UserRow;

async function get<T>(url: string, parse: (body: unknown) => T, token = viewer.token): Promise<T> {
  const response = await testApp.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
  expect(response.statusCode, response.body).toBe(200);
  return parse(response.json());
}

const demoFlags = (people: Array<{ name: string; isDemo: boolean }>) =>
  Object.fromEntries(people.filter((person) => person.name === 'Demo Dana' || person.name === 'Real Rita').map((person) => [person.name, person.isDemo]));

beforeAll(async () => {
  testApp = await createTestApp();
  viewer = await registerUser(testApp.app, { age: 30, gender: 'male' });
  await testApp.app.inject({ method: 'PATCH', url: '/api/user/me', headers: bearer(viewer.token), payload: { location: ORIGIN } });
  demo = await insertPerson(testApp.db, { ...offsetPoint(ORIGIN, 2, 0), name: 'Demo Dana', age: 28, gender: 'female', isDemo: true });
  real = await insertPerson(testApp.db, { ...offsetPoint(ORIGIN, 3, 0), name: 'Real Rita', age: 29, gender: 'female' });
  await testApp.db.insert(matches).values([orderedPair(viewer.user._id, demo.id), orderedPair(viewer.user._id, real.id)]);
});
afterAll(async () => {
  await testApp?.close();
});

describe('demo people are marked in every view of a person', () => {
  it('on the radar, in Discover and in Spin', async () => {
    const radar = await get('/api/users/radar?radiusKm=10&limit=20', (body) => radarResponseSchema.parse(body).users);
    expect(demoFlags(radar)).toEqual({ 'Demo Dana': true, 'Real Rita': false });
    const discover = await get('/api/users?limit=50', (body) => discoverResponseSchema.parse(body).users);
    expect(demoFlags(discover)).toEqual({ 'Demo Dana': true, 'Real Rita': false });
    const spin = await get('/api/users/spin?limit=50', (body) => spinResponseSchema.parse(body).users);
    expect(demoFlags(spin)).toEqual({ 'Demo Dana': true, 'Real Rita': false });
  });

  it('in matches, conversations and profiles', async () => {
    const matchList = await get('/api/matches', (body) => matchesResponseSchema.parse(body).matches);
    expect(demoFlags(matchList)).toEqual({ 'Demo Dana': true, 'Real Rita': false });
    const conversations = await get('/api/conversations', (body) => conversationsResponseSchema.parse(body).conversations);
    expect(demoFlags(conversations)).toEqual({ 'Demo Dana': true, 'Real Rita': false });
    const demoProfile = await get(`/api/user/${demo.id}`, (body) => publicUserSchema.parse((body as { user: unknown }).user));
    const realProfile = await get(`/api/user/${real.id}`, (body) => publicUserSchema.parse((body as { user: unknown }).user));
    expect([demoProfile.isDemo, realProfile.isDemo]).toEqual([true, false]);
  });

  it('the public config says demo people are about, for Home to say so', async () => {
    const config = await get('/api/config/public', (body) => publicConfigResponseSchema.parse(body).data.config, '');
    expect(config.demoPeople).toBe(true);
  });

  it('finds a demo person through its partial index, not a scan of every member', async () => {
    const plan = await testApp.db.transaction(async (tx) => {
      // A tiny table would be scanned anyway; forbidding sequential scans shows the index can serve the question.
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = await tx.execute(sql`explain ${demoPersonQuery(testApp.db)}`);
      return (result as { rows: Array<Record<string, unknown>> }).rows.map((row) => String(Object.values(row)[0])).join('\n');
    });
    expect(plan).toMatch(/users_demo_people_idx/);
  });
});

describe('without demo people about', () => {
  it('the public config does not claim any, banned demo people (demo data turned off) included', async () => {
    const withoutDemo = await createTestApp();
    try {
      await insertPerson(withoutDemo.db, { name: 'Switched-off Demo', isDemo: true, isBanned: true, banReason: 'Demo data turned off' });
      const response = await withoutDemo.app.inject({ method: 'GET', url: '/api/config/public' });
      expect(response.statusCode).toBe(200);
      expect(publicConfigResponseSchema.parse(response.json()).data.config.demoPeople).toBeUndefined();
    } finally {
      await withoutDemo.close();
    }
  });
});
