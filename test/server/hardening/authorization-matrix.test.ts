import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { bearer } from '../helpers/accounts';
import { createTestApp, TEST_JWT_SECRET, type TestApp } from '../helpers/test-app';
import { AUTHORIZATION_TABLE, WITHOUT_CURRENT_PASSWORD, type MatrixRow } from './authorization-table';
import { buildMatrixWorld, CALLERS, freshCallers, type Caller, type MatrixWorld } from './matrix-world';
import { documentedRoutes, registeredApiRoutes } from './route-inventory';

let testApp: TestApp;
let world: MatrixWorld;

beforeAll(async () => {
  testApp = await createTestApp();
  await testApp.app.ready();
  world = await buildMatrixWorld(testApp.app, testApp.db);
});
afterAll(() => testApp?.close());

/** What a response must never show this caller; each finding names what leaked. */
function leaks(caller: Caller, response: LightMyRequestResponse, row: MatrixRow): string[] {
  const text = `${JSON.stringify(response.headers)}\n${response.body}`;
  const { secrets } = world;
  const found: string[] = [];
  if (text.includes('$argon2')) found.push('a password hash');
  if (text.includes(TEST_JWT_SECRET)) found.push('the JWT secret');
  // No view of any account carries coordinates, not even the owner's own, except the owner's copy of their data.
  const ownCopy = caller === 'userA' && row.ownCoordinates === true;
  if (!ownCopy && (text.includes(String(secrets.latitude)) || text.includes(String(secrets.longitude)))) found.push("A's coordinates");
  if (caller === 'userA' || caller === 'admin') return found;
  if (text.toLowerCase().includes(secrets.email)) found.push("A's email");
  if (new RegExp(`[:,\\[]\\s*${secrets.coins}\\b`).test(text)) found.push("A's coin balance");
  if (text.includes(secrets.matchWithC)) found.push("the id of A's match with C");
  if (text.includes(secrets.purchaseId)) found.push("the id of A's purchase");
  return found;
}

describe('the authorization matrix covers the API', () => {
  it('has an entry for every route of the OpenAPI document', () => {
    const entries = new Set(Object.keys(AUTHORIZATION_TABLE));
    expect(documentedRoutes(testApp.app).map((route) => route.key).filter((key) => !entries.has(key))).toEqual([]);
  });

  it('has no entry for a route the OpenAPI document does not list', () => {
    const documented = new Set<string>(documentedRoutes(testApp.app).map((route) => route.key));
    expect(Object.keys(AUTHORIZATION_TABLE).filter((key) => !documented.has(key))).toEqual([]);
  });

  it('finds every route Fastify serves under /api in the OpenAPI document', () => {
    const documented = documentedRoutes(testApp.app).map((route) => route.key).sort();
    expect(registeredApiRoutes(testApp.app)).toEqual(documented);
  });
});

/** Asks the row's request of every caller and checks each status against the row, and that nobody saw data of others. */
async function checkRow(key: string, row: MatrixRow): Promise<void> {
  const accounts = row.freshCallers ? await freshCallers(world) : world.callers;
  const statuses: Partial<Record<Caller, number>> = {};
  const findings: string[] = [];
  for (const caller of CALLERS) {
    const account = caller === 'anonymous' ? null : accounts[caller];
    const request = await row.request(world, caller, account);
    const response = await testApp.app.inject({ ...request, headers: { ...request.headers, ...(account ? bearer(account.token) : {}) } });
    statuses[caller] = response.statusCode;
    expect(request.url.startsWith(key.slice(key.indexOf(' ') + 1).replace(/\{.*$/, '')), `${key} builds a request for its own path`).toBe(true);
    for (const leak of leaks(caller, response, row)) findings.push(`${caller} saw ${leak}`);
    if (response.statusCode >= 400) {
      expect(response.json<{ message?: unknown }>().message, `${key} as ${caller}: ${response.body}`).toEqual(expect.any(String));
    }
  }
  expect(statuses, key).toEqual(row.expected);
  expect(findings, key).toEqual([]);
}

describe('each route answers each caller as the table says, showing nobody data of others', () => {
  for (const [key, row] of Object.entries(AUTHORIZATION_TABLE)) it(key, () => checkRow(key, row));
});

describe('a change to two-step verification or the password asks the current password again (issue 50, finding 2)', () => {
  for (const [key, row] of Object.entries(WITHOUT_CURRENT_PASSWORD)) it(`${key}, with a wrong current password`, () => checkRow(key, row));
});
