import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { creatorEarnings } from '../../../server/db/schema';
import type { OrbitDatabase } from '../../../server/db/types';
import type { OrbitApp } from '../../../server/app';
import { bearer, type RegisteredUser } from './accounts';

export const TEST_IDENTITY = { legalName: 'Maya Rivera', birthDate: '1996-04-12', address: '12 Harbour Street, Lisbon', taxId: 'PT123456789' };

/** The member enrols as a creator. */
export async function enrolCreator(app: OrbitApp, member: RegisteredUser): Promise<void> {
  const enrolled = await app.inject({ method: 'POST', url: '/api/creators/me', headers: bearer(member.token), payload: { acceptTerms: true } });
  expect(enrolled.statusCode, enrolled.body).toBe(200);
}

/** The creator gives their identity for payouts and, with `adminToken`, an admin records it as checked. */
export async function identityGiven(app: OrbitApp, member: RegisteredUser, adminToken?: string): Promise<void> {
  const given = await app.inject({ method: 'PUT', url: '/api/creators/me/identity', headers: bearer(member.token), payload: TEST_IDENTITY });
  expect(given.statusCode, given.body).toBe(200);
  if (!adminToken) return;
  const checked = await app.inject({ method: 'POST', url: `/api/admin/creators/${member.user._id}/identity-check`, headers: bearer(adminToken), payload: { sanctionsScreened: true } });
  expect(checked.statusCode, checked.body).toBe(200);
}

/** Every creator's earnings account (currency, real or test) sums to zero or more: nothing was paid out twice. */
export async function expectNoEarningsAccountBelowZero(db: OrbitDatabase): Promise<void> {
  const below = await db
    .select({ creatorId: creatorEarnings.creatorId })
    .from(creatorEarnings)
    .groupBy(creatorEarnings.creatorId, creatorEarnings.currency, creatorEarnings.test)
    .having(sql`sum(${creatorEarnings.amountMinor}) < 0`);
  expect(below).toEqual([]);
}
