import { verify } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { users } from '../../../server/db/schema';
import { ensureAdminAccount } from '../../../server/db/seed';
import { createPgliteDatabase, type TestDatabase } from './databases';

describe('ensureAdminAccount', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createPgliteDatabase();
  });
  afterAll(() => database?.close());
  afterEach(() => vi.restoreAllMocks());

  const findUser = async (username: string) =>
    (await database.db.select().from(users).where(eq(users.username, username)))[0];

  it('creates the admin with a generated strong password, returned once and never logged', async () => {
    const consoleSpies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((method) =>
      vi.spyOn(console, method).mockImplementation(() => undefined),
    );

    const result = await ensureAdminAccount(database.db, { username: 'admin' });

    expect(result.created).toBe(true);
    const password = result.generatedPassword ?? '';
    expect(password.length).toBeGreaterThanOrEqual(20);
    const admin = await findUser('admin');
    expect(admin?.role).toBe('admin');
    // Never sent through the members' guided set-up.
    expect(admin?.onboardedAt).toBeInstanceOf(Date);
    expect(admin?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(admin?.passwordHash).not.toContain(password);
    await expect(verify(admin?.passwordHash ?? '', password)).resolves.toBe(true);
    for (const spy of consoleSpies) {
      for (const call of spy.mock.calls) expect(JSON.stringify(call)).not.toContain(password);
    }
  });

  it('does not create the admin twice or change its password', async () => {
    const before = await findUser('admin');
    await expect(ensureAdminAccount(database.db, { username: 'admin' })).resolves.toEqual({ created: false });
    await expect(ensureAdminAccount(database.db, { username: 'admin', password: 'another-password-1' })).resolves.toEqual({
      created: false,
    });
    const after = await findUser('admin');
    expect(after?.passwordHash).toBe(before?.passwordHash);
    const admins = await database.db.select().from(users).where(eq(users.role, 'admin'));
    expect(admins).toHaveLength(1);
  });

  it('uses the given password and does not echo it back', async () => {
    const result = await ensureAdminAccount(database.db, { username: 'ops', password: 'correct-horse-battery' });
    expect(result).toEqual({ created: true });
    const ops = await findUser('ops');
    await expect(verify(ops?.passwordHash ?? '', 'correct-horse-battery')).resolves.toBe(true);
  });

  it('refuses a weak password or an empty username with a clear message', async () => {
    await expect(ensureAdminAccount(database.db, { username: 'root', password: 'short' })).rejects.toThrow(
      'The admin password is too weak: Password must be at least 8 characters',
    );
    await expect(ensureAdminAccount(database.db, { username: '   ' })).rejects.toThrow('The admin username must not be empty');
    expect(await findUser('root')).toBeUndefined();
  });

  it('refuses to treat an existing ordinary member as the admin', async () => {
    await database.db.insert(users).values({ username: 'boss', email: 'boss@example.com', passwordHash: 'x' });
    await expect(ensureAdminAccount(database.db, { username: 'boss' })).rejects.toThrow(
      'User "boss" already exists and is not an admin',
    );
    expect((await findUser('boss'))?.role).toBe('user');
  });
});
