import { expect } from 'vitest';
import type { InjectOptions } from 'fastify';
import { desc } from 'drizzle-orm';
import type { OrbitApp } from '../../../server/app';
import { adminAuditLog } from '../../../server/db/schema';
import type { OrbitDatabase } from '../../../server/db/types';
import { ADMIN_REQUIRED_MESSAGE, AUTH_REQUIRED_MESSAGE } from '../../../server/plugins/auth';
import { bearer } from '../helpers/accounts';

type Method = NonNullable<InjectOptions['method']>;

export interface GuardedCall {
  method: Method;
  url: string;
  payload?: InjectOptions['payload'];
}

/** Issue 4: every admin route answers 401 without a token and 403 to a user's token, before looking at the body. */
export async function expectAdminOnly(app: OrbitApp, call: GuardedCall, userToken: string): Promise<void> {
  const anonymous = await app.inject({ method: call.method, url: call.url, payload: call.payload });
  expect(anonymous.statusCode, anonymous.body).toBe(401);
  expect(anonymous.json()).toEqual({ success: false, message: AUTH_REQUIRED_MESSAGE });

  const asUser = await app.inject({ method: call.method, url: call.url, payload: call.payload, headers: bearer(userToken) });
  expect(asUser.statusCode, asUser.body).toBe(403);
  expect(asUser.json()).toEqual({ success: false, message: ADMIN_REQUIRED_MESSAGE });
}

/** The newest audit entry, to check that an action was recorded. */
export async function latestAuditEntry(db: OrbitDatabase) {
  const [entry] = await db.select().from(adminAuditLog).orderBy(desc(adminAuditLog.createdAt)).limit(1);
  return entry;
}

export async function auditEntries(db: OrbitDatabase) {
  return db.select().from(adminAuditLog).orderBy(desc(adminAuditLog.createdAt));
}

/** A validation failure names the field and says what is wrong with it. */
export function expectFieldError(body: string, field: string, message: string): void {
  const json = JSON.parse(body) as { success: boolean; errors?: Array<{ field: string; message: string }> };
  expect(json.success).toBe(false);
  expect(json.errors).toContainEqual({ field, message });
}

export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
