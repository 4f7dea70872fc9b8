import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Admirer, LikesYouQuery } from '../../../contract/likes-you';
import { preparedOnce } from '../../db/prepared-statements';
import type { OrbitDatabase } from '../../db/types';
import { likes, users, type UserRow } from '../../db/schema';
import { notBlockedEitherWay } from '../../safety/queries';
import { toCandidate } from '../candidate-view';
import { candidateColumns } from './candidates';

/**
 * Likes and super likes the caller received and has not answered: a like
 * back makes a match and a pass turns them down, so any decision of the
 * caller's on the liker takes them off. Only members who are not banned and
 * not blocked either way.
 */
function waitingForCaller(): SQL[] {
  const caller = sql.placeholder('caller');
  return [
    eq(likes.toUserId, caller),
    inArray(likes.type, ['like', 'super']),
    eq(users.role, 'user'),
    eq(users.isBanned, false),
    notBlockedEitherWay(caller, users.id),
    // Inside, the alias hides the outer name, so ${likes.fromUserId} is the liker of the outer row.
    sql`not exists (select 1 from ${likes} callers_decision where callers_decision.from_user_id = ${caller} and callers_decision.to_user_id = ${likes.fromUserId})`,
  ];
}

/** How many people wait for the caller's decision. */
export async function countAdmirers(db: OrbitDatabase, callerId: string): Promise<number> {
  const statement = preparedOnce(db, 'orbit_likes_you_count', (name) =>
    db
      .select({ count: count() })
      .from(likes)
      .innerJoin(users, eq(users.id, likes.fromUserId))
      .where(and(...waitingForCaller()))
      .prepare(name),
  );
  const [row] = await statement.execute({ caller: callerId });
  return row?.count ?? 0;
}

/** The likes' time as text to the microsecond (a JavaScript Date keeps only milliseconds). */
const likedAtText = sql<string>`to_char(${likes.updatedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * One page of the people waiting for the caller's decision, the newest like
 * (or change of like) first, and the cursor of the page after it.
 */
export async function findAdmirersPage(
  db: OrbitDatabase,
  caller: UserRow,
  query: LikesYouQuery,
  now: Date,
): Promise<{ people: Admirer[]; next: string | null }> {
  const [afterAt, afterId] = query.cursor ? query.cursor.split('_') : [null, null];
  const rows = await preparedAdmirersPage(db).execute({ caller: caller.id, afterAt, afterId, limit: query.limit + 1 });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    people: page.map((row) => ({ ...toCandidate(row.person, caller, now), superLike: row.type === 'super', likedAt: row.likedAt.toISOString() })),
    next: rows.length > query.limit && last ? `${last.likedAtText}_${last.likeId}` : null,
  };
}

/** Built once per database; without a cursor, afterAt is null and the page starts at the newest like. */
function preparedAdmirersPage(db: OrbitDatabase) {
  return preparedOnce(db, 'orbit_likes_you_page', (name) => {
    const afterAt = sql.placeholder('afterAt');
    const afterId = sql.placeholder('afterId');
    const beforeCursor = sql`(${afterAt}::timestamptz is null or (${likes.updatedAt}, ${likes.id}) < (${afterAt}::timestamptz, ${afterId}::uuid))`;
    return db
      .select({ likeId: likes.id, type: likes.type, likedAt: likes.updatedAt, likedAtText, person: candidateColumns })
      .from(likes)
      .innerJoin(users, eq(users.id, likes.fromUserId))
      .where(and(...waitingForCaller(), beforeCursor))
      .orderBy(desc(likes.updatedAt), desc(likes.id))
      .limit(sql.placeholder('limit'))
      .prepare(name);
  });
}
