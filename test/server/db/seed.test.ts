import { verify } from '@node-rs/argon2';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appSettings,
  blogPosts,
  coinLedger,
  coinPacks,
  gifts,
  likes,
  matches,
  messages,
  conversations,
  purchases,
  users,
  vipPlans,
  withdrawals,
} from '../../../server/db/schema';
import { balancesOffTheLots } from '../../../server/coins/queries/lots';
import { balancesOffTheLedger } from '../../../server/coins/queries/ledger';
import { DEMO_USER, seedDatabase } from '../../../server/db/seed';
import { VIP_PLAN_FEATURES } from '../../../server/db/seed/catalogue';
import { nearbyUsersQuery } from '../../../server/discovery/queries/radar';
import { createPgliteDatabase, createPostgresDatabase, postgresUrl, skipWithoutPostgres, type TestDatabase } from './databases';

const NOW = new Date('2026-03-15T12:00:00Z');
const MUMBAI = { latitude: 19.076, longitude: 72.8777 };
const RADIUS_METRES = 50_000;

async function tableCounts(database: TestDatabase) {
  const countOf = async (table: PgTable) =>
    (await database.db.select({ n: count() }).from(table))[0]?.n ?? 0;
  return {
    users: await countOf(users),
    posts: await countOf(blogPosts),
    coinPacks: await countOf(coinPacks),
    vipPlans: await countOf(vipPlans),
    gifts: await countOf(gifts),
    purchases: await countOf(purchases),
    withdrawals: await countOf(withdrawals),
    likes: await countOf(likes),
    settings: await countOf(appSettings),
  };
}

/** The radar's own box read (what GET /users/radar runs after its nearest-neighbour bound), around Mumbai. */
function radarAroundMumbai(database: TestDatabase, limit = 20) {
  return nearbyUsersQuery(database.db, { centre: MUMBAI, radiusKm: RADIUS_METRES / 1000, limit });
}

function describeSeed(driver: string, open: () => Promise<TestDatabase>, enabled = true) {
  describe.skipIf(!enabled)(`seedDatabase with demo data on ${driver}`, () => {
    let database: TestDatabase;
    let firstRun: { seeded: boolean };

    beforeAll(async () => {
      database = await open();
      const started = performance.now();
      firstRun = await seedDatabase(database.db, { demo: true, now: NOW });
      const elapsed = Math.round(performance.now() - started);
      console.log(`[${driver}] demo seed: ${elapsed} ms`);
      expect(elapsed).toBeLessThan(10_000);
    });
    afterAll(() => database?.close());

    it('reports that it seeded, then seeds nothing on a second run', async () => {
      expect(firstRun).toEqual({ seeded: true });
      const before = await tableCounts(database);
      await expect(seedDatabase(database.db, { demo: true, now: NOW })).resolves.toEqual({ seeded: false });
      expect(await tableCounts(database)).toEqual(before);
    });

    it('creates about 300 demo people plus the demo account', async () => {
      const [demoPeople] = await database.db.select({ n: count() }).from(users).where(eq(users.isDemo, true));
      expect(demoPeople?.n).toBeGreaterThanOrEqual(300);
      const people = await database.db.select().from(users).where(eq(users.isDemo, true));
      expect(new Set(people.map((person) => person.gender))).toEqual(new Set(['male', 'female', 'other']));
      expect(Math.min(...people.map((person) => person.age ?? 0))).toBeGreaterThanOrEqual(18);
      expect(Math.max(...people.map((person) => person.age ?? 0))).toBeLessThanOrEqual(60);
      for (const person of people) {
        expect(person.username).toMatch(/^[a-z0-9]{3,30}$/);
        // Pictures follow gender; "other" keeps the seed's own mix.
        const look = { female: '?look=feminine', male: '?look=masculine', other: '' }[person.gender ?? 'other'];
        expect(person.avatar).toBe(`/api/media/avatar/${person.username}${look}`);
        // A gallery shows the avatar's own face: the same seed and look, photo 1, 2, 3...
        const shot = look ? `${look}&photo=` : '?photo=';
        expect(person.photos).toEqual(person.photos.map((_, index) => `/api/media/avatar/${person.username}${shot}${index + 1}`));
        expect(person.photos.length).toBeLessThanOrEqual(6);
        expect(person.bio.length).toBeGreaterThan(20);
        if (person.isVip) expect(person.vipUntil?.getTime()).toBeGreaterThan(NOW.getTime());
        // Seeded people are set up; only new registrations go through the guided set-up.
        expect(person.onboardedAt).toBeInstanceOf(Date);
      }
      const online = people.filter((person) => person.isOnline).length / people.length;
      expect(online).toBeGreaterThan(0.2);
      expect(online).toBeLessThan(0.4);
      // Everyone shares one hash, of a password nobody knows.
      expect(new Set(people.map((person) => person.passwordHash)).size).toBe(1);
    });

    it('lets the documented demo account sign in with its password', async () => {
      const [demo] = await database.db.select().from(users).where(eq(users.username, DEMO_USER.username));
      expect(demo).toMatchObject({ role: 'user', region: 'Mumbai', isBanned: false });
      // Open to everyone of any age, anywhere, and set up already: whoever tries the app starts on Home.
      expect(demo).toMatchObject({ gender: 'other', showMe: 'everyone', prefMinAge: 18, prefMaxAge: 99, prefMaxDistanceKm: null });
      expect(demo?.onboardedAt).toBeInstanceOf(Date);
      expect(demo?.passwordHash).toMatch(/^\$argon2id\$/);
      await expect(verify(demo?.passwordHash ?? '', DEMO_USER.password)).resolves.toBe(true);
      const [liked] = await database.db.select({ n: count() }).from(likes).where(eq(likes.toUserId, demo?.id ?? ''));
      expect(liked?.n).toBeGreaterThanOrEqual(10);
      const [matched] = await database.db.select({ n: count() }).from(matches);
      expect(matched?.n).toBeGreaterThan(0);
      // Everyone who liked the demo account would be shown it: they want to meet everyone, of its age.
      const admirers = await database.db
        .select({ showMe: users.showMe, prefMinAge: users.prefMinAge, prefMaxAge: users.prefMaxAge })
        .from(likes)
        .innerJoin(users, eq(users.id, likes.fromUserId))
        .where(eq(likes.toUserId, demo?.id ?? ''));
      for (const admirer of admirers) {
        expect(admirer.showMe).toBe('everyone');
        expect(admirer.prefMinAge).toBeLessThanOrEqual(demo?.age ?? 0);
        expect(admirer.prefMaxAge).toBeGreaterThanOrEqual(demo?.age ?? 0);
      }
    });

    it('leaves the demo account unread messages from two of its matches, numbered from 1', async () => {
      const [demo] = await database.db.select().from(users).where(eq(users.username, DEMO_USER.username));
      const rows = await database.db
        .select({ conversationId: messages.conversationId, seq: messages.seq, senderId: messages.senderId, body: messages.body })
        .from(messages)
        .orderBy(asc(messages.conversationId), asc(messages.seq));
      const byConversation = new Map<string, typeof rows>();
      for (const row of rows) byConversation.set(row.conversationId, [...(byConversation.get(row.conversationId) ?? []), row]);
      expect(byConversation.size).toBe(2);
      for (const thread of byConversation.values()) {
        expect(thread.map((row) => row.seq)).toEqual(thread.map((_, index) => index + 1));
        expect(thread.every((row) => row.senderId !== demo?.id)).toBe(true);
      }
      expect(rows.map((row) => row.body)).toContain('Hey! How are you doing?');
      const stored = await database.db.select({ lastSeq: conversations.lastSeq, read: conversations.userAReadSeq, readB: conversations.userBReadSeq }).from(conversations);
      expect(stored.map((row) => row.lastSeq).sort()).toEqual([1, 2]);
      expect(stored.every((row) => row.read === 0 && row.readB === 0)).toBe(true);
    });

    it('opens every seeded balance on the coin ledger, so each is the sum of its entries', async () => {
      expect(await balancesOffTheLedger(database.db)).toEqual([]);
      expect(await balancesOffTheLots(database.db)).toEqual([]);
      const [demo] = await database.db.select({ id: users.id, coins: users.coins }).from(users).where(eq(users.username, DEMO_USER.username));
      expect(demo?.coins).toBe(500);
      const entries = await database.db.select().from(coinLedger).where(eq(coinLedger.userId, demo?.id ?? ''));
      expect(entries.map(({ amount, kind, reference, balanceAfter }) => ({ amount, kind, reference, balanceAfter }))).toEqual([
        { amount: 500, kind: 'granted', reference: 'Demo balance', balanceAfter: 500 },
      ]);
      const [people] = await database.db.select({ withCoins: count() }).from(users).where(sql`${users.coins} > 0`);
      expect(await database.db.$count(coinLedger)).toBe(people?.withCoins);
    });

    it('stores the store catalogue exactly as SPEC section 9 lists it', async () => {
      const packs = await database.db.select().from(coinPacks).orderBy(asc(coinPacks.sortOrder));
      expect(packs.map(({ name, coins, priceMinor, currency, popular }) => ({ name, coins, priceMinor, currency, popular }))).toEqual([
        { name: 'Starter Pack', coins: 100, priceMinor: 99, currency: 'USD', popular: false },
        { name: 'Value Pack', coins: 500, priceMinor: 499, currency: 'USD', popular: true },
        { name: 'Premium Pack', coins: 1200, priceMinor: 999, currency: 'USD', popular: false },
        { name: 'VIP Pack', coins: 2500, priceMinor: 1999, currency: 'USD', popular: false },
      ]);
      const plans = await database.db.select().from(vipPlans).orderBy(asc(vipPlans.sortOrder));
      expect(plans.map(({ name, durationDays, priceMinor, currency, popular }) => ({ name, durationDays, priceMinor, currency, popular }))).toEqual([
        { name: 'Gold', durationDays: 30, priceMinor: 999, currency: 'USD', popular: false },
        { name: 'Platinum', durationDays: 90, priceMinor: 1999, currency: 'USD', popular: true },
        { name: 'Diamond', durationDays: 365, priceMinor: 4999, currency: 'USD', popular: false },
      ]);
      expect(plans.map((plan) => plan.features)).toEqual([VIP_PLAN_FEATURES, VIP_PLAN_FEATURES, VIP_PLAN_FEATURES]);
      const [rose] = await database.db.select().from(gifts).where(eq(gifts.name, 'Rose'));
      expect(rose).toMatchObject({ icon: '🌹', priceCoins: 10, active: true });
    });

    it('seeds public home settings with the default stats', async () => {
      const [stats] = await database.db.select().from(appSettings).where(eq(appSettings.key, 'stats'));
      expect(stats).toMatchObject({ type: 'array', isPublic: true });
      expect(stats?.value).toEqual([
        { value: '10K+', label: 'Active Users', color: 'purple' },
        { value: '50K+', label: 'Matches Made', color: 'pink' },
        { value: '100+', label: 'Countries', color: 'blue' },
        { value: '24/7', label: 'Support', color: 'green' },
      ]);
      const [appName] = await database.db.select().from(appSettings).where(eq(appSettings.key, 'appName'));
      expect(appName?.value).toBe('Orbit');
    });

    it('seeds at least 12 real posts over the five categories, with a draft and featured posts', async () => {
      const posts = await database.db.select().from(blogPosts);
      expect(posts.length).toBeGreaterThanOrEqual(12);
      expect(new Set(posts.map((post) => post.category))).toEqual(
        new Set(['General', 'Dating Tips', 'Features', 'Community', 'Success Stories']),
      );
      expect(posts.some((post) => !post.published)).toBe(true);
      expect(posts.filter((post) => post.featured && post.published).length).toBeGreaterThanOrEqual(2);
      for (const post of posts) {
        expect(post.content).toMatch(/<h2>/);
        expect(post.content.match(/<p>/g)?.length).toBeGreaterThanOrEqual(2);
        expect(post.content).not.toMatch(/<script|on\w+=/i);
        expect(post.image).toMatch(/^\/api\/media\/cover\/[a-z0-9-]+$/);
        expect(post.date.getTime()).toBeLessThanOrEqual(NOW.getTime());
      }
    });

    it('records revenue today, this week and this month, and withdrawals in every state', async () => {
      const startOfToday = new Date('2026-03-15T00:00:00Z');
      const [today] = await database.db
        .select({ total: sql<string>`coalesce(sum(${purchases.amountMinor}), 0)` })
        .from(purchases)
        .where(and(sql`${purchases.createdAt} >= ${startOfToday.toISOString()}`, sql`${purchases.createdAt} <= ${NOW.toISOString()}`));
      expect(Number(today?.total)).toBeGreaterThan(0);
      const [oldest] = await database.db.select({ at: sql<string>`min(${purchases.createdAt})` }).from(purchases);
      expect(NOW.getTime() - new Date(oldest?.at ?? 0).getTime()).toBeLessThanOrEqual(40 * 24 * 3600 * 1000);

      const byStatus = await database.db
        .select({ status: withdrawals.status, n: count() })
        .from(withdrawals)
        .groupBy(withdrawals.status);
      expect(Object.fromEntries(byStatus.map((row) => [row.status, row.n]))).toEqual({ pending: 3, approved: 3, rejected: 3 });
    });

    it('answers the radar query around Mumbai with demo people, nearest first', async () => {
      const nearby = await radarAroundMumbai(database);
      expect(nearby).toHaveLength(20);
      const distances = nearby.map((row) => Number(row.distance));
      expect(distances).toEqual([...distances].sort((a, b) => a - b));
      const demo = await database.db.select({ isDemo: users.isDemo }).from(users).where(inArray(users.id, nearby.map((row) => row.id)));
      expect(demo.filter((row) => row.isDemo).length).toBeGreaterThanOrEqual(19);
    });

    it.runIf(driver === 'PostgreSQL')('plans the radar query with the GiST index', async () => {
      // 300 rows are cheaper to scan, so the planner is told to prefer indexes:
      // this proves the query's expression matches the index's expression.
      const plan = await database.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        const query = radarAroundMumbai({ ...database, db: tx }).toSQL();
        const result = await tx.execute(sql.raw(`explain ${inlineParams(query.sql, query.params)}`));
        return JSON.stringify(result);
      });
      expect(plan).toContain('users_radar_cell_idx');
    });
  });
}

/** EXPLAIN cannot take bind parameters through drizzle's execute, so numbers are inlined. */
function inlineParams(text: string, params: unknown[]): string {
  return text.replace(/\$(\d+)/g, (_, index: string) => {
    const value = params[Number(index) - 1];
    if (typeof value !== 'number') throw new Error('only numeric parameters are inlined');
    return String(value);
  });
}

describeSeed('PGlite', createPgliteDatabase);
describeSeed('PostgreSQL', () => createPostgresDatabase(postgresUrl ?? ''), !skipWithoutPostgres('seedDatabase with demo data'));

describe('seedDatabase without demo data', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createPgliteDatabase();
  });
  afterAll(() => database?.close());

  it('seeds only the catalogue and content, and can add demo people later', async () => {
    await expect(seedDatabase(database.db, { demo: false, now: NOW })).resolves.toEqual({ seeded: true });
    const contentOnly = await tableCounts(database);
    expect(contentOnly).toMatchObject({ users: 0, coinPacks: 4, vipPlans: 3, purchases: 0 });
    expect(contentOnly.posts).toBeGreaterThanOrEqual(12);

    await expect(seedDatabase(database.db, { demo: false, now: NOW })).resolves.toEqual({ seeded: false });
    await expect(seedDatabase(database.db, { demo: true, now: NOW })).resolves.toEqual({ seeded: true });
    const withDemo = await tableCounts(database);
    expect(withDemo.users).toBeGreaterThanOrEqual(301);
    // The catalogue was not inserted a second time.
    expect(withDemo).toMatchObject({ coinPacks: 4, vipPlans: 3, posts: contentOnly.posts });
  });
});
