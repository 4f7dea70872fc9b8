import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placesResponseSchema } from '../../../contract/members/preferences';
import { searchKey } from '../../../server/places/service';
import { bearer, loginAdmin, registerUser, type RegisteredUser } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/test-app';

// GET /api/places: the set-up's "type your city" (issue 35).

let testApp: TestApp;
let member: RegisteredUser;

beforeAll(async () => {
  testApp = await createTestApp({ rateLimits: { placeSearch: { max: 3, windowMs: 60_000 } } });
  member = await registerUser(testApp.app);
});
afterAll(async () => {
  await testApp?.close();
});

function search(q: string | undefined, token = member.token) {
  const url = q === undefined ? '/api/places' : `/api/places?q=${encodeURIComponent(q)}`;
  return testApp.app.inject({ method: 'GET', url, headers: bearer(token) });
}

async function places(q: string) {
  // A fresh member per search keeps this file's searches clear of the small per-member limit it sets.
  const searcher = await registerUser(testApp.app);
  const response = await search(q, searcher.token);
  expect(response.statusCode, response.body).toBe(200);
  return placesResponseSchema.parse(response.json()).places;
}

describe('GET /api/places', () => {
  it('finds cities by the start of their name, most populous first, with area and coordinates', async () => {
    const found = await places('mum');
    const [mumbai] = found;
    expect(mumbai).toMatchObject({ name: 'Mumbai', area: 'India' });
    expect(Object.keys(mumbai ?? {}).sort()).toEqual(['area', 'latitude', 'longitude', 'name']);
    expect(mumbai?.latitude).toBeCloseTo(19.07, 1);
    expect(mumbai?.longitude).toBeCloseTo(72.88, 1);
    for (const place of found) expect(searchKey(place.name).startsWith('mum')).toBe(true);
  });

  it('ignores case and accents both ways, and gives at most eight places', async () => {
    expect((await places('SAO PAULO'))[0]).toMatchObject({ name: 'São Paulo', area: 'Brazil' });
    expect((await places('zürich'))[0]).toMatchObject({ name: 'Zürich', area: 'Switzerland' });
    expect((await places('Lodz'))[0]).toMatchObject({ name: 'Łódź', area: 'Poland' });
    const springfields = await places('springf');
    expect(springfields).toHaveLength(8);
    // Told apart by their state.
    expect(new Set(springfields.map((place) => `${place.name}, ${place.area}`)).size).toBe(8);
    expect(springfields.map((place) => place.area)).toContain('Illinois, United States');
  });

  it('answers an empty list when nothing matches, and 400 with a reason for a query too short, too long or missing', async () => {
    expect(await places('qqxq')).toEqual([]);
    const cases: [string | undefined, string][] = [
      ['m', 'q: Type at least 2 letters'],
      ['   m  ', 'q: Type at least 2 letters'],
      ['x'.repeat(81), 'q: City names are at most 80 characters'],
      [undefined, 'q: Type a city name'],
    ];
    for (const [q, message] of cases) {
      const searcher = await registerUser(testApp.app);
      const response = await search(q, searcher.token);
      expect(response.statusCode, String(q)).toBe(400);
      expect(response.json()).toMatchObject({ success: false, message });
    }
  });

  it('needs a signed-in account', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/places?q=mum' });
    expect(response.statusCode).toBe(401);
    expect((await search('mum', await loginAdmin(testApp.app))).statusCode).toBe(200);
  });

  it('limits searches per member with 429, leaving other members their own allowance', async () => {
    const statuses = [];
    for (let attempt = 0; attempt < 4; attempt += 1) statuses.push((await search('del')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const limited = await search('del');
    expect(limited.json<{ message: string }>().message).toMatch(/^Too many requests/);
    expect((await places('del'))[0]).toMatchObject({ name: 'Delhi', area: 'India' });
  });
});
