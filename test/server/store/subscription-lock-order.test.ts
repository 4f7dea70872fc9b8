import { sql } from 'drizzle-orm';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockSubscriptionByProviderId } from '../../../server/store/queries/subscriptions';
import { createPostgresDatabase, postgresUrl, skipWithoutPostgres, type TestDatabase } from '../db/databases';

// Deleting an account locks the member's row, then (through its foreign keys)
// the rows that point at it, their subscription among them. A webhook that
// locked the subscription first and the member second deadlocked with it:
// PostgreSQL then aborted one of the two, and a member's deletion answered 500.
// PGlite runs one transaction at a time, so only PostgreSQL can show it.

describe.skipIf(skipWithoutPostgres('the subscription lock order'))('locking a subscription on PostgreSQL', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createPostgresDatabase(postgresUrl ?? '');
  });
  afterAll(() => database?.close());

  /** Whether another transaction can take the subscription's lock right now. */
  async function subscriptionLockFree(): Promise<boolean> {
    try {
      await database.query(`select id from vip_subscriptions where provider_subscription_id = 'sub_lock_order' for update nowait`);
      return true;
    } catch {
      return false;
    }
  }

  it("waits for the member's row before it takes the subscription's, as a deletion holds them", async () => {
    const [member] = await database.query<{ id: string }>(`insert into users (username, email, password_hash) values ('lock_order', 'lock-order@example.com', 'x') returning id`);
    await database.query(
      `insert into vip_subscriptions (user_id, plan_name, amount_minor, billing_months, provider, provider_subscription_id, status, current_period_end, paid_until)
       values ($1, 'Gold', 999, 1, 'local', 'sub_lock_order', 'active', now() + interval '30 days', now() + interval '30 days')`,
      [member?.id],
    );

    let releaseDeletion = () => {};
    const deletionHolds = new Promise<void>((resolve) => {
      releaseDeletion = resolve;
    });
    let memberLocked = () => {};
    const memberRowLocked = new Promise<void>((resolve) => {
      memberLocked = resolve;
    });
    // The deletion's first step: the member's row, held.
    const deletion = database.db.transaction(async (tx) => {
      await tx.execute(sql`select id from users where id = ${member?.id} for update`);
      memberLocked();
      await deletionHolds;
    });
    await memberRowLocked;

    // The webhook: the subscription, then the member's VIP on their row (applySubscriptionState).
    const webhook = database.db.transaction(async (tx) => {
      const row = await lockSubscriptionByProviderId(tx, 'sub_lock_order');
      await tx.execute(sql`select id from users where id = ${member?.id} for update`);
      return row;
    });
    let lockFree: boolean;
    try {
      // Until PostgreSQL shows the webhook's transaction waiting for a lock.
      for (let tries = 0; tries < 200; tries++) {
        const [waiting] = await database.query<{ count: string }>(`select count(*) from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`);
        if (Number(waiting?.count) > 0) break;
        await sleep(10);
      }
      lockFree = await subscriptionLockFree();
    } finally {
      releaseDeletion();
    }
    await deletion;
    expect((await webhook)?.providerSubscriptionId).toBe('sub_lock_order');
    // Waiting for the member, it held nothing the deletion would need next.
    expect(lockFree).toBe(true);
  });
});
