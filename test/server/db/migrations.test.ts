import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snapToGrid } from '../../../server/discovery/geo';
import { VIP_PLAN_FEATURES } from '../../../server/db/seed/catalogue';
import { createPgliteDatabase, createPostgresDatabase, postgresUrl, skipWithoutPostgres, type TestDatabase } from './databases';

/** A point column as [x, y], whether the driver hands back "(x,y)" text or an object. */
function parsePoint(value: string | { x: number; y: number } | null | undefined): [number, number] | null {
  if (value == null) return null;
  if (typeof value === 'object') return [value.x, value.y];
  const [x, y] = value.replace(/[()]/g, '').split(',').map(Number);
  return [x ?? Number.NaN, y ?? Number.NaN];
}

const EXPECTED_TABLES = [
  'admin_audit_log',
  'app_settings',
  'blog_posts',
  'coin_packs',
  'gifts',
  'likes',
  'matches',
  'newsletter_subscribers',
  'payment_customers',
  'purchases',
  'sessions',
  'user_blocks',
  'user_reports',
  'users',
  'vip_plans',
  'withdrawals',
];

/** The same checks for every driver: migrations produce the schema the app relies on. */
function describeMigratedSchema(driver: string, open: () => Promise<TestDatabase>, enabled = true) {
  describe.skipIf(!enabled)(`migrations on ${driver}`, () => {
    let database: TestDatabase;
    beforeAll(async () => {
      const started = performance.now();
      database = await open();
      console.log(`[${driver}] create + migrate: ${Math.round(performance.now() - started)} ms`);
    });
    afterAll(() => database?.close());

    it('creates every table', async () => {
      const rows = await database.query<{ table_name: string }>(
        `select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
      );
      expect(rows.map((row) => row.table_name)).toEqual(expect.arrayContaining(EXPECTED_TABLES));
    });

    it('installs cube and earthdistance before the radar index', async () => {
      const extensions = await database.query<{ extname: string }>(`select extname from pg_extension`);
      expect(extensions.map((row) => row.extname)).toEqual(expect.arrayContaining(['cube', 'earthdistance']));

      const [index] = await database.query<{ indexdef: string }>(
        `select indexdef from pg_indexes where indexname = 'users_radar_cell_idx'`,
      );
      expect(index?.indexdef).toMatch(/USING gist \(radar_cell\)/);
      expect(index?.indexdef).toMatch(/WHERE \(\(radar_cell IS NOT NULL\) AND \(role = 'user'::role\) AND \(NOT is_banned\) AND \(NOT is_hidden\)\)/);
    });

    it("keeps each person's radar cell in step with their position", async () => {
      const [placed] = await database.query<{ radar_cell: string | { x: number; y: number } | null }>(
        `insert into users (username, email, password_hash, latitude, longitude) values ('placed', 'placed@example.com', 'x', 19.076, 72.8777) returning radar_cell`,
      );
      const cell = snapToGrid({ latitude: 19.076, longitude: 72.8777 });
      expect(parsePoint(placed?.radar_cell)).toEqual([expect.closeTo(cell.longitude, 12), expect.closeTo(cell.latitude, 12)]);
      const [cleared] = await database.query<{ radar_cell: unknown }>(
        `update users set latitude = null, longitude = null where username = 'placed' returning radar_cell`,
      );
      expect(cleared?.radar_cell).toBeNull();
    });

    it('applies column defaults a new user row relies on', async () => {
      const [user] = await database.query<Record<string, unknown>>(
        `insert into users (username, email, password_hash) values ('newbie', 'newbie@example.com', 'x') returning *`,
      );
      expect(user).toMatchObject({
        role: 'user',
        language: 'English',
        region: '',
        interests: [],
        photos: [],
        is_hidden: false,
        is_banned: false,
        is_demo: false,
        token_version: 0,
        coins: 0,
      });
      expect(user?.id).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('0006 gives pictures nobody chose the look of their gender and leaves chosen ones alone', async () => {
      const seedOnly = (seed: string) => `/api/media/avatar/${seed}`;
      await database.query(
        `insert into users (username, email, password_hash, is_demo, gender, avatar, photos) values
          ('demo_f', 'f@demo.example', 'x', true, 'female', $1, $2),
          ('demo_m', 'm@demo.example', 'x', true, 'male', $3, $4),
          ('demo_o', 'o@demo.example', 'x', true, 'other', $5, '{}'),
          ('member_f', 'f@member.example', 'x', false, 'female', $6, '{}'),
          ('member_m', 'm@member.example', 'x', false, 'male', '/api/media/avatar/my-pick', $8),
          ('demo_chosen', 'c@demo.example', 'x', true, 'female', '/api/media/cover/sunset', $7)`,
        [
          seedOnly('demo-f'),
          [seedOnly('demo-f-1'), '/api/media/cover/beach', seedOnly('demo-f-2')],
          seedOnly('demo-m'),
          [seedOnly('demo-m-1')],
          seedOnly('demo-o'),
          seedOnly('member-f'),
          [`${seedOnly('demo-c-1')}?look=masculine`],
          [seedOnly('member-m-1')],
        ],
      );
      // Already applied to the empty table at start-up; running it again is what an old install gets.
      const migration = readFileSync(new URL('../../../server/db/migrations/0006_avatar_looks.sql', import.meta.url), 'utf8');
      for (const statement of migration.split('--> statement-breakpoint')) await database.query(statement);

      const rows = await database.query<{ username: string; avatar: string; photos: string[] }>(
        `select username, avatar, photos from users where username in ('demo_f', 'demo_m', 'demo_o', 'member_f', 'member_m', 'demo_chosen') order by username`,
      );
      expect(rows).toEqual([
        { username: 'demo_chosen', avatar: '/api/media/cover/sunset', photos: [`${seedOnly('demo-c-1')}?look=masculine`] },
        {
          username: 'demo_f',
          avatar: `${seedOnly('demo-f')}?look=feminine`,
          photos: [`${seedOnly('demo-f-1')}?look=feminine`, '/api/media/cover/beach', `${seedOnly('demo-f-2')}?look=feminine`],
        },
        { username: 'demo_m', avatar: `${seedOnly('demo-m')}?look=masculine`, photos: [`${seedOnly('demo-m-1')}?look=masculine`] },
        { username: 'demo_o', avatar: seedOnly('demo-o'), photos: [] },
        // A member's untouched default follows gender too; their own pick and photos do not.
        { username: 'member_f', avatar: `${seedOnly('member-f')}?look=feminine`, photos: [] },
        { username: 'member_m', avatar: '/api/media/avatar/my-pick', photos: [seedOnly('member-m-1')] },
      ]);
    });

    it("0008 turns demo people's seeded photos into shots of their own face and leaves the rest alone", async () => {
      const avatar = (seed: string) => `/api/media/avatar/${seed}`;
      await database.query(
        `insert into users (username, email, password_hash, is_demo, gender, photos) values
          ('shots_f', 'f@shots.example', 'x', true, 'female', $1),
          ('shots_o', 'o@shots.example', 'x', true, 'other', $2),
          ('shots_member', 'm@shots.example', 'x', false, 'male', $3)`,
        [
          [`${avatar('shots-f-1')}?look=feminine`, '/api/media/cover/beach', `${avatar('shots-f-3')}?look=feminine`, avatar('someone-else-2'), `${avatar('shots-f')}?look=feminine&photo=4`],
          [avatar('shots-o-1'), avatar('shots-o-2')],
          [`${avatar('shots-member-1')}?look=masculine`],
        ],
      );
      const migration = readFileSync(new URL('../../../server/db/migrations/0008_photo_shots.sql', import.meta.url), 'utf8');
      await database.query(migration);

      const rows = await database.query<{ username: string; photos: string[] }>(
        `select username, photos from users where username like 'shots_%' order by username`,
      );
      expect(rows).toEqual([
        {
          username: 'shots_f',
          photos: [
            `${avatar('shots-f')}?look=feminine&photo=1`,
            '/api/media/cover/beach',
            `${avatar('shots-f')}?look=feminine&photo=3`,
            avatar('someone-else-2'),
            `${avatar('shots-f')}?look=feminine&photo=4`,
          ],
        },
        // A member's photos are their own choice.
        { username: 'shots_member', photos: [`${avatar('shots-member-1')}?look=masculine`] },
        { username: 'shots_o', photos: [`${avatar('shots-o')}?photo=1`, `${avatar('shots-o')}?photo=2`] },
      ]);
    });

    it('0009 and 0013 keep a report when its reporter deletes their account, and when the reported member does', async () => {
      const ids = await database.query<{ id: string; username: string }>(
        `insert into users (username, email, password_hash) values
          ('leaver_1', 'l1@leavers.example', 'x'), ('leaver_2', 'l2@leavers.example', 'x'), ('leavers_target', 't@leavers.example', 'x')
        returning id, username`,
      );
      const id = (username: string) => ids.find((row) => row.username === username)?.id;
      // Two open reports about one person: once both reporters are gone both are (null, target), which the
      // one-open-report-per-pair index must still allow.
      await database.query(
        `insert into user_reports (reporter_id, reported_id, reported_username, reason, details) values
          ($1, $3, 'leavers_target', 'harassment', 'first'), ($2, $3, 'leavers_target', 'scam', 'second')`,
        [id('leaver_1'), id('leaver_2'), id('leavers_target')],
      );
      await database.query(`delete from users where username in ('leaver_1', 'leaver_2')`);
      const kept = await database.query<{ reporter_id: string | null; details: string }>(
        `select reporter_id, details from user_reports where reported_id = $1 order by details`,
        [id('leavers_target')],
      );
      expect(kept).toEqual([
        { reporter_id: null, details: 'first' },
        { reporter_id: null, details: 'second' },
      ]);

      await database.query(`delete from users where username = 'leavers_target'`);
      expect(await database.query(`select reported_id, reported_username from user_reports where details in ('first', 'second')`)).toEqual([
        { reported_id: id('leavers_target'), reported_username: 'leavers_target' },
        { reported_id: id('leavers_target'), reported_username: 'leavers_target' },
      ]);
    });

    it('0013 names each existing report by the username it is about', async () => {
      const ids = await database.query<{ id: string; username: string }>(
        `insert into users (username, email, password_hash) values ('old_reporter', 'or@old.example', 'x'), ('old_reported', 'od@old.example', 'x')
        returning id, username`,
      );
      const id = (username: string) => ids.find((row) => row.username === username)?.id;
      // A report from before 0013, as an old install holds it: no username, and the foreign key that cascaded
      // (not validated here: the test above left reports about an account that is gone, as 0013 allows).
      await database.query(`alter table user_reports alter column reported_username drop not null`);
      await database.query(`insert into user_reports (reporter_id, reported_id, reason, details) values ($1, $2, 'scam', 'from before 0013')`, [
        id('old_reporter'),
        id('old_reported'),
      ]);
      await database.query(
        `alter table user_reports add constraint user_reports_reported_id_users_id_fk foreign key (reported_id) references users(id) on delete cascade not valid`,
      );
      const migration = readFileSync(new URL('../../../server/db/migrations/0013_keep_reports_about_deleted_members.sql', import.meta.url), 'utf8');
      for (const statement of migration.split('--> statement-breakpoint')) await database.query(statement);

      await database.query(`delete from users where username = 'old_reported'`);
      expect(await database.query(`select reported_username from user_reports where details = 'from before 0013'`)).toEqual([
        { reported_username: 'old_reported' },
      ]);
      const [column] = await database.query<{ is_nullable: string }>(
        `select is_nullable from information_schema.columns where table_name = 'user_reports' and column_name = 'reported_username'`,
      );
      expect(column?.is_nullable).toBe('NO');
    });

    it('0010 keeps settled withdrawals, without the member, when the member deletes their account', async () => {
      const [member] = await database.query<{ id: string }>(
        `insert into users (username, email, password_hash) values ('payee_leaver', 'payee@leavers.example', 'x') returning id`,
      );
      await database.query(
        `insert into withdrawals (user_id, amount_coins, amount_minor, method, status, txn_id, reason) values
          ($1, 700, 700, 'PayPal', 'approved', 'TXN-KEPT', null), ($1, 900, 900, 'UPI', 'rejected', null, 'Name does not match')`,
        [member?.id],
      );
      await database.query(`delete from users where username = 'payee_leaver'`);
      const kept = await database.query<{ user_id: string | null; status: string; txn_id: string | null; reason: string | null }>(
        `select user_id, status, txn_id, reason from withdrawals where txn_id = 'TXN-KEPT' or reason = 'Name does not match' order by amount_coins`,
      );
      expect(kept).toEqual([
        { user_id: null, status: 'approved', txn_id: 'TXN-KEPT', reason: null },
        { user_id: null, status: 'rejected', txn_id: null, reason: 'Name does not match' },
      ]);
    });

    it('0011 gives every session its own handle, apart from its id, and no User-Agent unless one is stored', async () => {
      const [member] = await database.query<{ id: string }>(
        `insert into users (username, email, password_hash) values ('two_phones', 'two@phones.example', 'x') returning id`,
      );
      const rows = await database.query<{ id: string; handle: string; user_agent: string | null }>(
        `insert into sessions (id, user_id, expires_at) values (gen_random_uuid(), $1, now() + interval '1 day'), (gen_random_uuid(), $1, now() + interval '1 day')
         returning id, handle, user_agent`,
        [member?.id],
      );
      expect(rows).toHaveLength(2);
      const [first, second] = rows;
      expect(first?.handle).toMatch(/^[0-9a-f-]{36}$/);
      expect(first?.handle).not.toBe(second?.handle);
      expect(first?.handle).not.toBe(first?.id);
      expect(rows.map((row) => row.user_agent)).toEqual([null, null]);
    });

    it('0022 carries every price and amount across to whole cents, and refuses a price of nothing', async () => {
      // Back to the shape before 0022, with rows as an old install holds them (numeric dollars), then 0022 again.
      await database.query(`delete from coin_packs; delete from vip_plans; delete from purchases; delete from withdrawals`);
      await database.query(`alter table coin_packs drop constraint coin_packs_price_positive, drop column price_minor, drop column currency, add column price numeric(10,2) not null`);
      await database.query(`alter table vip_plans drop constraint vip_plans_price_positive, drop column price_minor, drop column currency, add column price numeric(10,2) not null`);
      await database.query(`alter table purchases drop constraint purchases_amount_not_negative, drop column amount_minor, add column amount numeric(10,2) not null`);
      await database.query(`alter table withdrawals drop constraint withdrawals_amount_not_negative, drop column amount_minor, add column amount_money numeric(10,2) not null`);
      await database.query(`insert into coin_packs (name, coins, price) values ('Starter', 100, 0.99), ('Big', 5000, 39.99)`);
      await database.query(`insert into vip_plans (name, duration_days, price) values ('Gold', 30, 19.99)`);
      await database.query(
        `insert into purchases (kind, item_name, amount, currency, status, provider, paid_at) values ('coins', 'Starter', 0.99, 'USD', 'paid', 'seed', now()), ('vip', 'Gold', 1234.5, 'EUR', 'paid', 'seed', now())`,
      );
      await database.query(`insert into withdrawals (amount_coins, amount_money, method) values (1000, 10.01, 'PayPal')`);
      const migration = readFileSync(new URL('../../../server/db/migrations/0022_money_in_minor_units.sql', import.meta.url), 'utf8');
      for (const statement of migration.split('--> statement-breakpoint')) await database.query(statement);

      expect(await database.query(`select name, price_minor, currency from coin_packs order by coins`)).toEqual([
        { name: 'Starter', price_minor: 99, currency: 'USD' },
        { name: 'Big', price_minor: 3999, currency: 'USD' },
      ]);
      expect(await database.query(`select price_minor, currency from vip_plans`)).toEqual([{ price_minor: 1999, currency: 'USD' }]);
      expect(await database.query(`select amount_minor, currency from purchases order by amount_minor`)).toEqual([
        { amount_minor: 99, currency: 'USD' },
        { amount_minor: 123450, currency: 'EUR' },
      ]);
      expect(await database.query(`select amount_minor from withdrawals`)).toEqual([{ amount_minor: 1001 }]);
      await expect(database.query(`insert into coin_packs (name, coins, price_minor) values ('Free', 10, 0)`)).rejects.toThrow(/coin_packs_price_positive/);
    });

    it('0024 keeps every earlier purchase as paid when it was made, and refuses a paid purchase without its date', async () => {
      // Back to the shape before 0024, with a purchase as the demo seed recorded it, then 0024 again.
      await database.query(`delete from purchases; drop table payment_events; drop table test_checkout_sessions`);
      await database.query(
        `alter table purchases drop constraint purchases_status_check, drop constraint purchases_provider_check, drop constraint purchases_paid_has_date,
         drop column coin_pack_id, drop column coins, drop column status, drop column provider, drop column attempt_key, drop column checkout_session_id,
         drop column payment_id, drop column withdrawal_waived, drop column checkout_expires_at, drop column paid_at`,
      );
      await database.query(`drop index if exists purchases_user_created_idx`);
      await database.query(`insert into purchases (kind, item_name, amount_minor, created_at) values ('coins', 'Starter', 99, '2026-01-02T03:04:05Z')`);
      const migration = readFileSync(new URL('../../../server/db/migrations/0024_checkout_purchases.sql', import.meta.url), 'utf8');
      for (const statement of migration.split('--> statement-breakpoint')) await database.query(statement);

      expect(await database.query(`select status, provider, paid_at = created_at as paid_when_made from purchases`)).toEqual([{ status: 'paid', provider: 'seed', paid_when_made: true }]);
      await expect(database.query(`insert into purchases (kind, item_name, amount_minor, status, provider) values ('coins', 'Starter', 99, 'paid', 'stripe')`)).rejects.toThrow(
        /purchases_paid_has_date/,
      );
      // New purchases name their status and provider: no default says "paid".
      await expect(database.query(`insert into purchases (kind, item_name, amount_minor) values ('coins', 'Starter', 99)`)).rejects.toThrow(/status/);
    });

    it("0029 gives plans still on the first seed's feature lists the true one, and leaves an admin's own list alone", async () => {
      await database.query(`delete from vip_plans`);
      await database.query(
        `insert into vip_plans (name, duration_days, price_minor, features) values
         ('Gold', 30, 999, array['Unlimited Likes', 'See Who Liked You', 'Message anyone']),
         ('Diamond', 365, 4999, array['Unlimited Likes', 'See Who Liked You', 'Boost Profile (10x more views)', 'Incognito Mode', 'Message anyone']),
         ('Custom', 7, 299, array['Written by an admin'])`,
      );
      const migration = readFileSync(new URL('../../../server/db/migrations/0029_vip_plan_features.sql', import.meta.url), 'utf8');
      for (const statement of migration.split('--> statement-breakpoint')) await database.query(statement);
      const rows = await database.query<{ name: string; features: string[] }>(`select name, features from vip_plans order by duration_days`);
      expect(rows).toEqual([
        { name: 'Custom', features: ['Written by an admin'] },
        { name: 'Gold', features: VIP_PLAN_FEATURES },
        { name: 'Diamond', features: VIP_PLAN_FEATURES },
      ]);
    });

    it('0033 gives coins already held their lots, the spent ones taken as spends now draw, so the lots add up to each balance', async () => {
      await database.query(`drop table coin_lot_draws; drop table coin_lots`);
      await database.query(`alter table purchases drop constraint purchases_refund_status_check, drop column refund_status, drop column refund_attempts`);
      const [member] = await database.query<{ id: string }>(`insert into users (username, email, password_hash, coins) values ('lot_holder', 'lots@example.com', 'x', 485) returning id`);
      const [purchase] = await database.query<{ id: string }>(
        `insert into purchases (user_id, kind, item_name, coins, amount_minor, status, provider, paid_at) values ($1, 'coins', 'Value Pack', 500, 499, 'paid', 'local', now()) returning id`,
        [member?.id],
      );
      // Granted 100, then bought 500, then earned 5, then spent 120: the balance is 485.
      await database.query(
        `insert into coin_ledger (user_id, amount, kind, reference, idempotency_key, balance_after, created_at) values
          ($1, 100, 'granted', 'Demo balance', 'lots-1', 100, '2026-01-01T00:00:00Z'),
          ($1, 500, 'purchased', 'Value Pack', 'purchase:' || $2, 600, '2026-01-02T00:00:00Z'),
          ($1, 5, 'earned', 'Liking someone', 'lots-3', 605, '2026-01-03T00:00:00Z'),
          ($1, -120, 'spent', 'Boost', 'lots-4', 485, '2026-01-04T00:00:00Z')`,
        [member?.id, purchase?.id],
      );
      const migration = readFileSync(new URL('../../../server/db/migrations/0033_coin_lots.sql', import.meta.url), 'utf8');
      for (const statement of migration.split('--> statement-breakpoint')) await database.query(statement);

      const lots = await database.query<{ source: string; purchase_id: string | null; coins: number; unspent: number }>(
        `select source, purchase_id, coins, unspent from coin_lots where user_id = $1 order by created_at`,
        [member?.id],
      );
      // The spend took the granted 100 and the earned 5 before any bought coin, then 15 of the purchase.
      expect(lots).toEqual([
        { source: 'granted', purchase_id: null, coins: 100, unspent: 0 },
        { source: 'purchased', purchase_id: purchase?.id, coins: 500, unspent: 485 },
        { source: 'earned', purchase_id: null, coins: 5, unspent: 0 },
      ]);
      await expect(database.query(`update coin_lots set unspent = -1 where user_id = $1`, [member?.id])).rejects.toThrow(/coin_lots_unspent_within_coins/);
    });

    it('rejects a duplicate username and a match pair stored in the wrong order', async () => {
      await expect(
        database.query(`insert into users (username, email, password_hash) values ('newbie', 'other@example.com', 'x')`),
      ).rejects.toThrow(/users_username_unique/);

      const ids = await database.query<{ id: string }>(
        `insert into users (username, email, password_hash) values ('pair_a', 'a@example.com', 'x'), ('pair_b', 'b@example.com', 'x') returning id`,
      );
      const [low, high] = ids.map((row) => row.id).sort();
      await expect(
        database.query(`insert into matches (user_a_id, user_b_id) values ($1, $2)`, [high, low]),
      ).rejects.toThrow(/matches_ordered_pair/);
      await database.query(`insert into matches (user_a_id, user_b_id) values ($1, $2)`, [low, high]);
      await expect(
        database.query(`insert into matches (user_a_id, user_b_id) values ($1, $2)`, [low, high]),
      ).rejects.toThrow(/matches_pair_unique/);
    });
  });
}

describeMigratedSchema('PGlite', createPgliteDatabase);
describeMigratedSchema('PostgreSQL', () => createPostgresDatabase(postgresUrl ?? ''), !skipWithoutPostgres('migrations'));
