import { randomBytes, randomUUID } from 'node:crypto';
import { asc, desc, eq, inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import type { InjectOptions } from 'fastify';
import type { OrbitApp } from '../../../server/app';
import { postCoinChangeAlone } from '../../../server/coins/ledger';
import { ensureAdminAccount } from '../../../server/db/seed/index';
import { PHOTO_REMOVED_NOTICE } from '../../../contract/notices';
import { creatorIdentities, matches, memberNotices, memberPhotos, purchases, sessions, userReports, users, withdrawals, type NewUserRow } from '../../../server/db/schema';
import type { OrbitDatabase } from '../../../server/db/types';
import { bearer, loginAdmin, registerUser } from '../helpers/accounts';
import { TEST_ADMIN } from '../helpers/test-app';

export const CALLERS = ['anonymous', 'userA', 'userB', 'banned', 'admin'] as const;
export type Caller = (typeof CALLERS)[number];

/** Someone who can sign in: what a row needs to call as them or to change their password. */
export interface Account {
  id: string;
  username: string;
  password: string;
  token: string;
}

export type CallerAccounts = Record<Exclude<Caller, 'anonymous'>, Account>;

/** User A's data that only A (and, where noted, an admin) may ever see. */
export interface PlantedSecrets {
  email: string;
  /** Planted on A's row; looked for as a JSON number value. */
  coins: number;
  /** A's stored radar position, which no response may ever show, not even to A. */
  latitude: number;
  longitude: number;
  /** A's match with C, which B is not part of. */
  matchWithC: string;
  purchaseId: string;
}

export interface MatrixWorld {
  app: OrbitApp;
  db: OrbitDatabase;
  callers: CallerAccounts;
  userC: Account;
  /** The match between A and B, made through likes. */
  matchAB: string;
  publishedPostId: string;
  signInProbe: Account;
  secrets: PlantedSecrets;
}

const PASSWORD = 'correct-horse-battery';
const PLANTED_COINS = 7_654_321;
const PLANTED_LATITUDE = 19.0761234;
const PLANTED_LONGITUDE = 72.8776543;

export async function newUserAccount(app: OrbitApp): Promise<Account> {
  const registered = await registerUser(app, { password: PASSWORD });
  return { id: registered.user._id, username: registered.body.username, password: PASSWORD, token: registered.token };
}

/** A second admin account per call, so a row that ends or re-keys its session spoils no other row. */
export async function newAdminAccount(app: OrbitApp, db: OrbitDatabase): Promise<Account> {
  const username = `admin_${randomBytes(4).toString('hex')}`;
  const password = 'admin-matrix-password-2026';
  await ensureAdminAccount(db, { username, password });
  const response = await app.inject({ method: 'POST', url: '/api/admin/login', payload: { username, password } });
  expect(response.statusCode, response.body).toBe(200);
  const token = response.json<{ token: string }>().token;
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.username, username));
  if (!row) throw new Error('admin account was not created');
  return { id: row.id, username, password, token };
}

/** A user who signed in and was banned afterwards; their token is still signed, just no longer honoured. */
export async function newBannedAccount(app: OrbitApp, db: OrbitDatabase): Promise<Account> {
  const account = await newUserAccount(app);
  await db.update(users).set({ isBanned: true, banReason: 'authorization matrix', bannedAt: new Date() }).where(eq(users.id, account.id));
  return account;
}

/** Callers nobody else uses, for rows that change the caller itself (logout, password). */
export async function freshCallers(world: MatrixWorld): Promise<CallerAccounts> {
  return {
    userA: await newUserAccount(world.app),
    userB: await newUserAccount(world.app),
    banned: await newBannedAccount(world.app, world.db),
    admin: await newAdminAccount(world.app, world.db),
  };
}

/** Another live session of user A (a second phone), named by its handle: a target A may end and nobody else may. */
export async function insertSessionOfUserA(world: MatrixWorld): Promise<string> {
  const [row] = await world.db
    .insert(sessions)
    .values({ id: randomUUID(), userId: world.callers.userA.id, expiresAt: new Date(Date.now() + 60 * 60 * 1000), userAgent: 'Matrix phone' })
    .returning({ handle: sessions.handle });
  if (!row) throw new Error('insert failed');
  return row.handle;
}

/** A member row inserted directly (no sign-in needed): a target for moderation rows. */
export async function insertMember(db: OrbitDatabase, overrides: Partial<NewUserRow> = {}): Promise<string> {
  const suffix = randomBytes(5).toString('hex');
  const [row] = await db
    .insert(users)
    .values({ username: `target_${suffix}`, email: `target_${suffix}@example.com`, passwordHash: 'not-a-hash', ...overrides })
    .returning({ id: users.id });
  if (!row) throw new Error('insert failed');
  return row.id;
}

/** A pending withdrawal of user A's, for the approve and reject rows. */
export async function insertPendingWithdrawal(world: MatrixWorld, status: 'pending' | 'approved' = 'pending'): Promise<string> {
  const [row] = await world.db
    .insert(withdrawals)
    .values({ userId: world.callers.userA.id, amountCoins: 1200, amountMinor: 1200, method: 'PayPal', status, txnId: status === 'approved' ? 'TXN-PAID' : null })
    .returning({ id: withdrawals.id });
  if (!row) throw new Error('insert failed');
  return row.id;
}

/** User A's identity for payouts, as a creator gives it: a target for the admin's identity check. */
export async function insertIdentityOfUserA(world: MatrixWorld): Promise<string> {
  const userId = world.callers.userA.id;
  await world.db
    .insert(creatorIdentities)
    .values({ userId, legalName: 'Matrix Person', birthDate: '1990-01-01', address: '1 Matrix Road', taxId: 'MX1234', submittedAt: new Date() })
    .onConflictDoNothing();
  return userId;
}

/** An open report by user A about a new member, for the resolve row. */
export async function insertOpenReport(world: MatrixWorld): Promise<string> {
  const suffix = randomBytes(5).toString('hex');
  const [row] = await world.db
    .insert(userReports)
    .values({ reporterId: world.callers.userA.id, reportedId: await insertMember(world.db, { username: `reported_${suffix}` }), reportedUsername: `reported_${suffix}`, reason: 'other', details: 'Filed by the matrix' })
    .returning({ id: userReports.id });
  if (!row) throw new Error('insert failed');
  return row.id;
}

/**
 * A photo of this member as a row only (no files): a target for rows that
 * delete, remove or reorder photos. Added last, as an upload would be.
 */
export async function insertPhotoRow(db: OrbitDatabase, userId: string): Promise<string> {
  const existing = await db.select({ id: memberPhotos.id }).from(memberPhotos).where(eq(memberPhotos.userId, userId));
  const [row] = await db
    .insert(memberPhotos)
    .values({ userId, position: existing.length, width: 120, height: 160, widths: [160] })
    .returning({ id: memberPhotos.id });
  if (!row) throw new Error('insert failed');
  return row.id;
}

/**
 * The member's photo ids in profile order, after dropping the newest beyond
 * `atMost`: rows that plant photos for every caller would otherwise fill
 * the gallery that the upload and reorder rows need room in.
 */
export async function photoIdsKeeping(db: OrbitDatabase, userId: string, atMost: number): Promise<string[]> {
  const rows = await db.select({ id: memberPhotos.id }).from(memberPhotos).where(eq(memberPhotos.userId, userId)).orderBy(asc(memberPhotos.position), desc(memberPhotos.createdAt));
  const extra = rows.slice(atMost).map((row) => row.id);
  if (extra.length > 0) await db.delete(memberPhotos).where(inArray(memberPhotos.id, extra));
  return rows.slice(0, atMost).map((row) => row.id);
}

/** A notice for user A, not yet seen: A may dismiss it, nobody else may. */
export async function insertNoticeOfUserA(world: MatrixWorld): Promise<string> {
  const [row] = await world.db
    .insert(memberNotices)
    .values({ userId: world.callers.userA.id, kind: 'photo_removed', text: PHOTO_REMOVED_NOTICE })
    .returning({ id: memberNotices.id });
  if (!row) throw new Error('insert failed');
  return row.id;
}

/** Calls as the world's admin, for setting up content a row then points at. */
export async function asAdmin<T>(world: MatrixWorld, options: InjectOptions, expectedStatus: number): Promise<T> {
  const response = await world.app.inject({ ...options, headers: bearer(world.callers.admin.token) });
  expect(response.statusCode, response.body).toBe(expectedStatus);
  return response.json<T>();
}

async function like(app: OrbitApp, from: Account, to: Account): Promise<{ matchId: string | null }> {
  const response = await app.inject({ method: 'POST', url: '/api/users/like', headers: bearer(from.token), payload: { targetId: to.id } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ matchId: string | null }>();
}

/** A and B matched through likes, A also matched with C, a banned user, admin content and A's private data planted. */
export async function buildMatrixWorld(app: OrbitApp, db: OrbitDatabase): Promise<MatrixWorld> {
  const userA = await newUserAccount(app);
  const userB = await newUserAccount(app);
  const userC = await newUserAccount(app);
  const banned = await newUserAccount(app);
  const signInProbe = await newUserAccount(app);
  const admin: Account = { id: '', username: TEST_ADMIN.username, password: TEST_ADMIN.password, token: await loginAdmin(app) };

  await like(app, userA, userB);
  const matchAB = (await like(app, userB, userA)).matchId;
  await like(app, userA, userC);
  const matchWithC = (await like(app, userC, userA)).matchId;
  if (!matchAB || !matchWithC) throw new Error('mutual likes did not make matches');
  expect(await db.select().from(matches)).toHaveLength(2);

  const located = await app.inject({
    method: 'PATCH',
    url: '/api/user/me',
    headers: bearer(userA.token),
    payload: { location: { latitude: PLANTED_LATITUDE, longitude: PLANTED_LONGITUDE } },
  });
  expect(located.statusCode, located.body).toBe(200);
  await postCoinChangeAlone(db, { userId: userA.id, amount: PLANTED_COINS, kind: 'granted', reference: 'Matrix balance', idempotencyKey: `matrix:${userA.id}` });
  const [purchase] = await db
    .insert(purchases)
    .values({ userId: userA.id, kind: 'coins', itemName: 'Matrix pack', amountMinor: 499, status: 'paid', provider: 'stripe', paidAt: new Date() })
    .returning({ id: purchases.id });
  if (!purchase) throw new Error('insert failed');

  const world: MatrixWorld = {
    app,
    db,
    callers: { userA, userB, banned, admin },
    userC,
    matchAB,
    publishedPostId: '',
    signInProbe,
    secrets: {
      email: (await emailOf(db, userA.id)).toLowerCase(),
      coins: PLANTED_COINS,
      latitude: PLANTED_LATITUDE,
      longitude: PLANTED_LONGITUDE,
      matchWithC,
      purchaseId: purchase.id,
    },
  };

  const banResponse = await asAdmin<{ success: boolean }>(
    world,
    { method: 'POST', url: `/api/admin/user/${banned.id}/ban`, payload: { reason: 'Authorization matrix' } },
    200,
  );
  expect(banResponse.success).toBe(true);
  world.publishedPostId = await createPost(world, 'Matrix published post');
  return world;
}

export async function createPost(world: MatrixWorld, title: string): Promise<string> {
  const created = await asAdmin<{ post: { _id: string } }>(
    world,
    { method: 'POST', url: '/api/blog/admin', payload: { title, content: '<p>Seeded by the authorization matrix</p>', published: true } },
    201,
  );
  return created.post._id;
}

async function emailOf(db: OrbitDatabase, id: string): Promise<string> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, id));
  if (!row) throw new Error('no such user');
  return row.email;
}
