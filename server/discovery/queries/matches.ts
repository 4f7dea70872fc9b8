import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { Match } from '../../../contract/discovery';
import { preparedOnce } from '../../db/prepared-statements';
import type { OrbitDatabase } from '../../db/types';
import { matches, users, type UserRow } from '../../db/schema';
import { notBlockedEitherWay } from '../../safety/queries';
import { toCandidate } from '../candidate-view';
import { candidateColumns } from './candidates';

/**
 * The caller's matches, newest first, each with the other person's card
 * fields. A block deletes the match; the block condition still stands guard
 * so a match can never show someone the caller blocked or was blocked by.
 */
export async function findMatches(db: OrbitDatabase, caller: UserRow, now: Date): Promise<Match[]> {
  const rows = await preparedMatchesQuery(db).execute({ caller: caller.id });
  return rows.map((row) => ({
    ...toCandidate(row.person, caller, now),
    matchId: row.matchId,
    matchedAt: row.matchedAt.toISOString(),
  }));
}

/** Built once per database; the caller is its one placeholder (see prepared-statements.ts). */
function preparedMatchesQuery(db: OrbitDatabase) {
  return preparedOnce(db, 'orbit_matches', (name) => {
    const caller = sql.placeholder('caller');
    const otherUserId = sql`case when ${matches.userAId} = ${caller} then ${matches.userBId} else ${matches.userAId} end`;
    return db
      .select({ matchId: matches.id, matchedAt: matches.createdAt, person: candidateColumns })
      .from(matches)
      .innerJoin(users, eq(users.id, otherUserId))
      .where(and(or(eq(matches.userAId, caller), eq(matches.userBId, caller)), eq(users.isBanned, false), notBlockedEitherWay(caller, users.id)))
      .orderBy(desc(matches.createdAt), desc(matches.id))
      .prepare(name);
  });
}
