import { randomBytes, randomUUID } from 'node:crypto';
import jwt from '@fastify/jwt';
import Fastify from 'fastify';
import { hashPassword } from '../../server/auth/passwords';
import { DEFAULT_SESSION_TTL_SECONDS, type SessionClaims } from '../../server/auth/session-token';
import { likes, matches, sessions, users } from '../../server/db/schema';
import type { OrbitDatabase } from '../../server/db/types';
import { chunked } from './realtime-load';

// Members for the realtime bench, written straight into the database before
// the server starts (registering 10,000 through the API would spend minutes
// hashing passwords): one user row, one session row and one signed token
// each, exactly what startSession (server/auth/session-token.ts) records and
// signs, and every two consecutive members matched (likes both ways and the
// match row, as a like back makes them).

export interface BenchMember {
  id: string;
  token: string;
}

/** Members 2i and 2i + 1 are matched; the conversation of a pair is named by the other's id. */
export interface SeededMembers {
  members: BenchMember[];
  pairs: Array<[BenchMember, BenchMember]>;
}

const BATCH = 1000;

/** Signs session claims as the server's auth plugin does (@fastify/jwt, HS256, the session's lifetime). */
async function sessionSigner(jwtSecret: string): Promise<{ sign: (claims: SessionClaims) => string; close: () => Promise<void> }> {
  const signer = Fastify({ logger: false });
  await signer.register(jwt, { secret: jwtSecret, sign: { algorithm: 'HS256' }, verify: { algorithms: ['HS256'] } });
  await signer.ready();
  return { sign: (claims) => signer.jwt.sign(claims, { expiresIn: DEFAULT_SESSION_TTL_SECONDS }), close: () => signer.close() };
}

/** `count` (even) members with a live session each, matched in consecutive pairs. */
export async function seedMatchedMembers(db: OrbitDatabase, count: number, jwtSecret: string, now: Date = new Date()): Promise<SeededMembers> {
  if (count % 2 !== 0) throw new Error('members come in matched pairs: give an even count');
  const tag = randomBytes(3).toString('hex');
  // One hash for all: nobody signs in with a password here, but the column holds a real one.
  const passwordHash = await hashPassword(randomBytes(24).toString('base64url'));
  const ids: string[] = [];
  for (const batch of chunked(Array.from({ length: count }, (_, index) => index), BATCH)) {
    const rows = await db
      .insert(users)
      .values(
        batch.map((index) => ({
          username: `rt_${tag}_${index}`,
          email: `rt_${tag}_${index}@bench.invalid`,
          passwordHash,
          age: 25 + (index % 20),
          gender: index % 2 === 0 ? ('female' as const) : ('male' as const),
          onboardedAt: now,
        })),
      )
      .returning({ id: users.id });
    // Inserted in order; RETURNING gives them back in the same order.
    ids.push(...rows.map((row) => row.id));
  }

  const pairIndexes = Array.from({ length: count / 2 }, (_, index) => index);
  for (const batch of chunked(pairIndexes, BATCH)) {
    const pairsHere = batch.map((index) => [ids[2 * index] ?? '', ids[2 * index + 1] ?? ''] as const);
    await db.insert(likes).values(pairsHere.flatMap(([a, b]) => [{ fromUserId: a, toUserId: b, type: 'like' as const }, { fromUserId: b, toUserId: a, type: 'like' as const }]));
    await db.insert(matches).values(pairsHere.map(([a, b]) => (a < b ? { userAId: a, userBId: b, createdAt: now } : { userAId: b, userBId: a, createdAt: now })));
  }

  const sessionIds = ids.map(() => randomUUID());
  for (const batch of chunked(ids.map((id, index) => ({ id, sessionId: sessionIds[index] ?? '' })), BATCH)) {
    await db.insert(sessions).values(
      batch.map(({ id, sessionId }) => ({
        id: sessionId,
        userId: id,
        createdAt: now,
        expiresAt: new Date(now.getTime() + DEFAULT_SESSION_TTL_SECONDS * 1000),
        userAgent: 'orbit-bench realtime',
        lastActiveAt: now,
      })),
    );
  }

  const signer = await sessionSigner(jwtSecret);
  try {
    const members = ids.map((id, index) => ({ id, token: signer.sign({ sub: id, role: 'user', ver: 0, jti: sessionIds[index] ?? '' }) }));
    const pairs = pairIndexes.map((index) => [members[2 * index], members[2 * index + 1]] as [BenchMember, BenchMember]);
    return { members, pairs };
  } finally {
    await signer.close();
  }
}
