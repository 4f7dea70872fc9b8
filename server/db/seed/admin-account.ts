import { randomBytes } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { passwordSchema } from '../../../contract/auth/sign-in';
import { users } from '../schema';
import type { OrbitDatabase } from '../types';

export interface EnsureAdminOptions {
  username: string;
  /** When left out, a strong password is generated and returned once. */
  password?: string;
  /** Defaults to an address on a reserved domain, since admins sign in by username. */
  email?: string;
}

export interface EnsureAdminResult {
  created: boolean;
  /** Present only when this call created the admin with a generated password. */
  generatedPassword?: string;
}

/** 18 random bytes give 24 base64url characters (144 bits). */
function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}

/**
 * Creates the admin account if no user has that username yet. The password
 * is never logged here: the caller prints a generated one once, at start-up.
 */
export async function ensureAdminAccount(db: OrbitDatabase, options: EnsureAdminOptions): Promise<EnsureAdminResult> {
  const username = options.username.trim();
  if (!username) throw new Error('The admin username must not be empty');
  if (options.password !== undefined) {
    const check = passwordSchema.safeParse(options.password);
    if (!check.success) throw new Error(`The admin password is too weak: ${check.error.issues[0]?.message ?? 'invalid'}`);
  }

  const existing = await db.select({ role: users.role }).from(users).where(eq(users.username, username)).limit(1);
  if (existing[0]) {
    // Refuse to silently treat someone else's account as the admin.
    if (existing[0].role !== 'admin') throw new Error(`User "${username}" already exists and is not an admin`);
    return { created: false };
  }

  const password = options.password ?? generatePassword();
  const inserted = await db
    .insert(users)
    .values({
      username,
      email: (options.email ?? `${username}@admin.orbit.invalid`).toLowerCase(),
      passwordHash: await hash(password),
      role: 'admin',
      name: 'Administrator',
      avatar: `/api/media/avatar/${username.toLowerCase().replace(/[^a-z0-9-]/g, '-')}`,
      // The guided set-up is for members; an admin is never sent through it.
      onboardedAt: new Date(),
    })
    .onConflictDoNothing()
    .returning({ id: users.id });

  if (inserted.length === 0) {
    // Another process created it between our check and insert, or the email is taken.
    const raced = await db.select({ role: users.role }).from(users).where(eq(users.username, username)).limit(1);
    if (raced[0]?.role === 'admin') return { created: false };
    throw new Error(`Could not create the admin account "${username}": its email address is already in use`);
  }
  return options.password === undefined ? { created: true, generatedPassword: password } : { created: true };
}
