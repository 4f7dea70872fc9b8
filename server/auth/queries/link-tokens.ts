import { createHash } from 'node:crypto';
import { and, eq, gt, isNotNull, isNull, lt, or } from 'drizzle-orm';
import { emailTokens, type EmailTokenRow } from '../../db/schema';
import type { OrbitDatabase } from '../../db/types';

export type EmailLinkPurpose = EmailTokenRow['purpose'];

/** Only this is stored: someone who reads the table cannot open the links. */
export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Stores a new link token's hash. Any unused link of the same purpose for
 * that account stops working: only the newest email counts. Used and expired
 * rows of the account go too.
 */
export async function replaceLinkToken(
  db: OrbitDatabase,
  owner: { userId: string; email: string },
  purpose: EmailLinkPurpose,
  token: string,
  expiresAt: Date,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .delete(emailTokens)
      .where(
        and(
          eq(emailTokens.userId, owner.userId),
          or(eq(emailTokens.purpose, purpose), isNotNull(emailTokens.usedAt), lt(emailTokens.expiresAt, now)),
        ),
      );
    await tx.insert(emailTokens).values({
      userId: owner.userId,
      purpose,
      tokenHash: hashLinkToken(token),
      email: owner.email,
      createdAt: now,
      expiresAt,
    });
  });
}

/**
 * Marks the link used and returns its row, or null when it is unknown, of
 * another purpose, expired or used already. One UPDATE decides, so two
 * requests racing with the same link cannot both succeed.
 */
export async function consumeLinkToken(db: OrbitDatabase, token: string, purpose: EmailLinkPurpose, now: Date): Promise<EmailTokenRow | null> {
  const [row] = await db.update(emailTokens).set({ usedAt: now }).where(liveLinkToken(token, purpose, now)).returning();
  return row ?? null;
}

/** The row of a link that still opens: this token, this purpose, unused and not expired. */
export function liveLinkToken(token: string, purpose: EmailLinkPurpose, now: Date) {
  return and(eq(emailTokens.tokenHash, hashLinkToken(token)), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt), gt(emailTokens.expiresAt, now));
}
