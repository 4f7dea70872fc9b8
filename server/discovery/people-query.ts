import { and, asc, count, desc, eq, gte, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { Candidate, DiscoverQuery, DiscoverResponse, SpinQuery } from '../../contract/discovery';
import type { OrbitDatabase } from '../db/types';
import { likes, users, type UserRow } from '../db/schema';
import { candidateColumns, toCandidate } from './candidate-view';

interface PeopleFilters {
  gender?: SpinQuery['gender'];
  minAge?: number;
  maxAge?: number;
}

/** Who anyone may be shown: other user accounts that are not banned, narrowed by the filters. */
function visiblePeople(callerId: string, filters: PeopleFilters): SQL[] {
  const conditions: SQL[] = [eq(users.role, 'user'), eq(users.isBanned, false), ne(users.id, callerId)];
  if (filters.gender) conditions.push(eq(users.gender, filters.gender));
  if (filters.minAge !== undefined) conditions.push(gte(users.age, filters.minAge));
  if (filters.maxAge !== undefined) conditions.push(lte(users.age, filters.maxAge));
  return conditions;
}

/** Most recently active first; never-seen people last; ties by id (the order `users_recently_active_idx` keeps). */
const recentlyActiveFirst = [sql`${users.lastSeenAt} desc nulls last`, asc(users.id)];

/**
 * Spin candidates: people the caller has not decided on yet. Those who
 * already liked the caller come first (a like from them is a match waiting
 * to happen), then the most recently active.
 *
 * Two reads instead of one query sorted on "liked the caller": that sort
 * would rank every visible person on every spin. The first read starts from
 * the likes the caller received; the second walks the recently-active index
 * and stops once the page is full, so neither grows with the number of people.
 */
export async function findSpinCandidates(db: OrbitDatabase, caller: UserRow, query: SpinQuery, now: Date): Promise<Candidate[]> {
  const notDecidedYet = sql`not exists (select 1 from ${likes} where ${likes.fromUserId} = ${caller.id} and ${likes.toUserId} = ${users.id})`;
  const likedCaller = sql`exists (select 1 from ${likes} where ${likes.fromUserId} = ${users.id} and ${likes.toUserId} = ${caller.id} and ${likes.type} <> 'dislike')`;
  const page = (first: SQL, limit: number) =>
    db
      .select(candidateColumns)
      .from(users)
      .where(and(...visiblePeople(caller.id, query), notDecidedYet, first))
      .orderBy(...recentlyActiveFirst)
      .limit(limit);
  const admirers = await page(likedCaller, query.limit);
  const others = admirers.length < query.limit ? await page(sql`not ${likedCaller}`, query.limit - admirers.length) : [];
  return [...admirers, ...others].map((row) => toCandidate(row, caller, now));
}

/**
 * Discover counts visible people in steps of this many, up to the first step
 * past the page asked for. A count of everyone visible grows with the table
 * (53 ms at 100,000 people on PostgreSQL, ten times that at a million); a
 * bounded one costs about what reading that far into the list costs anyway.
 */
export const DISCOVER_COUNT_STEP = 1000;

/** Discover: everyone visible, online people first, paged, with the filters applied here rather than on the screen. */
export async function findDiscoverPage(db: OrbitDatabase, caller: UserRow, query: DiscoverQuery, now: Date): Promise<DiscoverResponse> {
  const where = and(...visiblePeople(caller.id, query));
  // Past the end of the page asked for, so whether a next page exists is always known.
  const countUpTo = DISCOVER_COUNT_STEP * Math.ceil((query.page * query.limit + 1) / DISCOVER_COUNT_STEP);
  const visible = db.select({ id: users.id }).from(users).where(where).limit(countUpTo + 1).as('visible');
  const [counted] = await db.select({ total: count() }).from(visible);
  const found = counted?.total ?? 0;
  const rows = await db
    .select(candidateColumns)
    .from(users)
    .where(where)
    .orderBy(desc(users.isOnline), ...recentlyActiveFirst)
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return {
    users: rows.map((row) => toCandidate(row, caller, now)),
    page: query.page,
    // `found` may be one past countUpTo: enough to show a next page, not to claim a count.
    totalPages: Math.max(1, Math.ceil(found / query.limit)),
    total: Math.min(found, countUpTo),
    totalIsExact: found <= countUpTo,
  };
}
