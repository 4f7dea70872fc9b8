import { randomBytes, randomUUID } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { inArray, sql } from 'drizzle-orm';
import {
  appSettings,
  blogPosts,
  coinPacks,
  gifts,
  conversations,
  likes,
  messages,
  matches,
  purchases,
  users,
  vipPlans,
  withdrawals,
  type NewAppSettingRow,
  type UserRow,
} from '../schema';
import type { OrbitDatabase } from '../types';
import { buildDemoAccountActivity, buildDemoConversations, buildPurchases, buildWithdrawals } from './activity';
import { buildStarterBlogPosts } from './blog';
import { DEFAULT_COIN_PACKS, DEFAULT_GIFTS, DEFAULT_HOME_SETTINGS, DEFAULT_VIP_PLANS } from './catalogue';
import { buildDemoAccount, buildDemoPeople, DEMO_ACCOUNT_TRAITS } from './people';
import { mulberry32, type Random } from './random';
import { grantOpeningBalances } from '../../coins/ledger';

export type { OrbitDatabase } from '../types';
export { ensureAdminAccount, type EnsureAdminOptions, type EnsureAdminResult } from './admin-account';

/** The documented account for trying the app (README and login hint). */
export const DEMO_USER = { username: 'demo', password: 'orbit-demo-2026' } as const;

export interface SeedOptions {
  /** Also create demo people, activity and the `demo` account. */
  demo: boolean;
  now?: Date;
  /** Source of randomness for demo data; defaults to a fixed-seed PRNG so runs are reproducible. */
  random?: Random;
}

/** Marker rows in app_settings: their presence means that part is already seeded. */
const CONTENT_MARKER = 'seed.version';
const DEMO_MARKER = 'seed.demo';
const SEED_VERSION = 1;
/** Serialises concurrent seed runs (two app instances starting together). */
const SEED_LOCK_KEY = 7_214_031_905;
const DEFAULT_RANDOM_SEED = 20_260_101;
const INSERT_CHUNK_ROWS = 100;

type Executor = OrbitDatabase;

async function seededMarkers(db: Executor): Promise<Set<string>> {
  const rows = await db
    .select({ key: appSettings.key })
    .from(appSettings)
    .where(inArray(appSettings.key, [CONTENT_MARKER, DEMO_MARKER]));
  return new Set(rows.map((row) => row.key));
}

function markerRow(key: string, description: string, now: Date): NewAppSettingRow {
  return {
    key,
    value: { version: SEED_VERSION, seededAt: now.toISOString() },
    type: 'object',
    description,
    isPublic: false,
    updatedAt: now,
  };
}

function chunk<T>(rows: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < rows.length; start += size) chunks.push(rows.slice(start, start + size));
  return chunks;
}

async function seedCatalogueAndContent(db: Executor, now: Date): Promise<void> {
  const stamped = <T extends object>(rows: readonly T[]) => rows.map((row) => ({ ...row, createdAt: now, updatedAt: now }));
  await db
    .insert(appSettings)
    .values(DEFAULT_HOME_SETTINGS.map((setting) => ({ ...setting, updatedAt: now })))
    .onConflictDoNothing();
  await db.insert(coinPacks).values(stamped(DEFAULT_COIN_PACKS));
  await db.insert(vipPlans).values(stamped(DEFAULT_VIP_PLANS));
  await db.insert(gifts).values(stamped(DEFAULT_GIFTS));
  await db.insert(blogPosts).values(buildStarterBlogPosts(now));
  await db.insert(appSettings).values(markerRow(CONTENT_MARKER, 'Starter catalogue and content were seeded', now));
}

type SeededPerson = Pick<UserRow, 'id' | 'username' | 'isVip' | 'region' | 'showMe' | 'prefMinAge' | 'prefMaxAge' | 'prefMaxDistanceKm'>;

/**
 * Whether a demo person's preferences take in the demo account (gender other,
 * 28, in the middle of Mumbai, where every Mumbai demo person lives within 50 km).
 */
function wouldMeetDemoAccount(person: SeededPerson): boolean {
  const { age } = DEMO_ACCOUNT_TRAITS;
  return person.showMe === 'everyone' && person.prefMinAge <= age && person.prefMaxAge >= age && (person.prefMaxDistanceKm ?? Infinity) >= 50;
}

async function seedDemoData(
  db: Executor,
  context: { now: Date; random: Random; peopleHash: string; demoAccountHash: string },
): Promise<void> {
  const { now, random } = context;
  // Balances start at zero and are granted through the coin ledger, so each is the sum of its entries.
  const { coins: demoAccountCoins = 0, ...demoAccountRow } = buildDemoAccount(now, context.demoAccountHash, DEMO_USER.username);
  const [demoAccount] = await db.insert(users).values(demoAccountRow).onConflictDoNothing().returning({ id: users.id });
  const openingCoins: Array<{ userId: string; amount: number }> = demoAccount ? [{ userId: demoAccount.id, amount: demoAccountCoins }] : [];

  const people = buildDemoPeople(random, now, context.peopleHash, [DEMO_USER.username]);
  const coinsByUsername = new Map(people.map((person) => [person.username, person.coins ?? 0]));
  const inserted: SeededPerson[] = [];
  for (const rows of chunk(people, INSERT_CHUNK_ROWS)) {
    // A real member may already hold a generated username; that person is simply skipped.
    const batch = await db
      .insert(users)
      .values(rows.map((row) => ({ ...row, coins: 0 })))
      .onConflictDoNothing()
      .returning({
        username: users.username,
        id: users.id,
        isVip: users.isVip,
        region: users.region,
        showMe: users.showMe,
        prefMinAge: users.prefMinAge,
        prefMaxAge: users.prefMaxAge,
        prefMaxDistanceKm: users.prefMaxDistanceKm,
      });
    inserted.push(...batch);
    openingCoins.push(...batch.map((person) => ({ userId: person.id, amount: coinsByUsername.get(person.username) ?? 0 })));
  }
  if (inserted.length === 0) throw new Error('Demo seeding inserted no people');
  await grantOpeningBalances(db, openingCoins, 'Demo balance', 'demo-balance');

  await db.insert(purchases).values(buildPurchases(random, now, inserted));
  await db.insert(withdrawals).values(buildWithdrawals(random, now, inserted));

  // Only when this run created `demo`: never send demo likes to someone's real account.
  if (demoAccount) {
    // Admirers are people whose own preferences would show them the demo account, so they come first on its Spin.
    const mumbaiIds = inserted.filter((person) => person.region === 'Mumbai' && wouldMeetDemoAccount(person)).map((person) => person.id);
    const activity = buildDemoAccountActivity(random, now, demoAccount.id, mumbaiIds);
    if (activity.likes.length) await db.insert(likes).values(activity.likes);
    if (activity.matches.length) await db.insert(matches).values(activity.matches);
    for (const conversation of buildDemoConversations(random, now, demoAccount.id, activity.matches)) {
      const last = conversation.lines.at(-1);
      const [row] = await db
        .insert(conversations)
        // Every line is the demo person's and none is read yet: the demo account's unread counter is the line count.
        .values({
          ...conversation.pair,
          lastSeq: conversation.lines.length,
          lastMessageAt: last?.sentAt ?? now,
          ...(conversation.pair.userAId === conversation.senderId ? { userBUnread: conversation.lines.length } : { userAUnread: conversation.lines.length }),
        })
        .returning({ id: conversations.id });
      if (!row) continue;
      await db.insert(messages).values(
        conversation.lines.map((line, index) => ({
          conversationId: row.id,
          seq: index + 1,
          id: randomUUID(),
          senderId: conversation.senderId,
          body: line.text,
          createdAt: line.sentAt,
        })),
      );
    }
  }
  await db.insert(appSettings).values(markerRow(DEMO_MARKER, 'Demo people and activity were seeded', now));
}

/**
 * Seeds what a fresh installation needs (home copy, store catalogue, starter
 * blog) and, with `demo`, demo people and activity. Idempotent: each part is
 * seeded once, recorded by a marker row, inside one transaction.
 */
export async function seedDatabase(db: OrbitDatabase, options: SeedOptions): Promise<{ seeded: boolean }> {
  const now = options.now ?? new Date();
  const random = options.random ?? mulberry32(DEFAULT_RANDOM_SEED);

  const alreadySeeded = await seededMarkers(db);
  const needsContent = !alreadySeeded.has(CONTENT_MARKER);
  const needsDemo = options.demo && !alreadySeeded.has(DEMO_MARKER);
  if (!needsContent && !needsDemo) return { seeded: false };

  // Hashed outside the transaction to keep the lock short. Demo people get a
  // hash of a password nobody knows: they are there to be seen, not signed into.
  const hashes = needsDemo
    ? { peopleHash: await hash(randomBytes(32).toString('base64url')), demoAccountHash: await hash(DEMO_USER.password) }
    : undefined;

  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const markers = await seededMarkers(tx);
    let seeded = false;
    if (!markers.has(CONTENT_MARKER)) {
      await seedCatalogueAndContent(tx, now);
      seeded = true;
    }
    if (hashes && !markers.has(DEMO_MARKER)) {
      await seedDemoData(tx, { now, random, ...hashes });
      seeded = true;
    }
    return { seeded };
  });
}
