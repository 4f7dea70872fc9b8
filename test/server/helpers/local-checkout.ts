import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect, vi } from 'vitest';
import type { StartCheckoutResponse } from '../../../contract/store/purchases';
import type { OrbitApp } from '../../../server/app';
import { purchases } from '../../../server/db/schema';
import type { OrbitDatabase } from '../../../server/db/types';
import { bearer, type RegisteredUser } from './accounts';
import { ARRIVAL_MS } from './waits';

/**
 * A coin pack's checkout on the local test provider, paid on its page unless
 * `pay` is false; once paid, waits for the provider's webhook to grant it (it
 * arrives after the page's answer, as from a real provider). The purchase id.
 */
export async function packBoughtOnTestProvider(app: OrbitApp, db: OrbitDatabase, member: RegisteredUser, packId: string, pay = true): Promise<string> {
  const started = await app.inject({
    method: 'POST',
    url: '/api/store/checkout',
    headers: bearer(member.token),
    payload: { item: { kind: 'coinPack', id: packId }, attemptId: randomUUID(), waiveWithdrawal: true },
  });
  expect(started.statusCode, started.body).toBe(200);
  const { purchase, checkoutUrl } = started.json<StartCheckoutResponse>();
  if (!pay) return purchase._id;
  const sessionId = checkoutUrl.replace('/test-checkout/', '');
  const paid = await app.inject({ method: 'POST', url: `/api/store/test-checkout/${sessionId}/actions`, headers: bearer(member.token), payload: { action: 'pay' } });
  expect(paid.statusCode, paid.body).toBe(200);
  await vi.waitFor(
    async () => {
      const [row] = await db.select({ status: purchases.status }).from(purchases).where(eq(purchases.id, purchase._id));
      expect(row?.status).toBe('paid');
    },
    { timeout: ARRIVAL_MS, interval: 20 },
  );
  return purchase._id;
}
