import { and, asc, count, desc, eq, gte, lte, ne, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { DISCOVER_MAX_DEPTH, discoverPagesReachable, type Candidate, type DiscoverQuery, type DiscoverResponse, type SpinQuery } from '../../contract/discovery';
import { preparedOnce } from '../db/prepared-statements';
import type { OrbitDatabase } from '../db/types';
import { likes, users, type UserRow } from '../db/schema';
import { notBlockedEitherWay } from '../safety/blocks';
import { candidateColumns, toCandidate } from './candidate-view';

/** The placeholders of the filters a request gives (see FilterShape). */
interface PeopleFilters {
  gender?: Placeholder;
  minAge?: Placeholder;
  maxAge?: Placeholder;
}

/** Who the caller may be shown: other user accounts that are not banned and not blocked either way, narrowed by the filters. */
function visiblePeople(callerId: Placeholder, filters: PeopleFilters): SQL[] {
  const conditions: SQL[] = [eq(users.role, 'user'), eq(users.isBanned, false), ne(users.id, callerId), notBlockedEitherWay(callerId, users.id)];
  if (filters.gender) conditions.push(eq(users.gender, filters.gender));
  if (filters.minAge) conditions.push(gte(users.age, filters.minAge));
  if (filters.maxAge) conditions.push(lte(users.age, filters.maxAge));
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
  const { shape, values } = filtersOf(caller, query);
  const admirers = await spinPage(db, 'admirers', shape).execute({ ...values, limit: query.limit });
  const others = admirers.length < query.limit ? await spinPage(db, 'others', shape).execute({ ...values, limit: query.limit - admirers.length }) : [];
  return [...admirers, ...others].map((row) => toCandidate(row, caller, now));
}

/** Which filters a request gives: the SQL differs only in these, so each set is a prepared statement of its own. */
interface FilterShape {
  gender: boolean;
  minAge: boolean;
  maxAge: boolean;
}

const FILTERS = ['gender', 'minAge', 'maxAge'] as const;

/** A request's filters: which were given (the statement to run) and the values for its placeholders, with the caller's. */
function filtersOf(caller: UserRow, query: SpinQuery) {
  return {
    shape: { gender: query.gender !== undefined, minAge: query.minAge !== undefined, maxAge: query.maxAge !== undefined } satisfies FilterShape,
    values: { caller: caller.id, gender: query.gender, minAge: query.minAge, maxAge: query.maxAge },
  };
}

/** The statement's name for this set of filters: `orbit_spin_admirers_gender_maxAge`, say. */
function statementName(prefix: string, shape: FilterShape): string {
  return [prefix, ...FILTERS.filter((filter) => shape[filter])].join('_');
}

function filterPlaceholders(shape: FilterShape): PeopleFilters {
  return Object.fromEntries(FILTERS.filter((filter) => shape[filter]).map((filter) => [filter, sql.placeholder(filter)]));
}

/** One of Spin's two reads (see findSpinCandidates), prepared once per shape with the caller, filters and limit as placeholders. */
function spinPage(db: OrbitDatabase, page: 'admirers' | 'others', shape: FilterShape) {
  return preparedOnce(db, statementName(`orbit_spin_${page}`, shape), (name) => {
    const caller = sql.placeholder('caller');
    const notDecidedYet = sql`not exists (select 1 from ${likes} where ${likes.fromUserId} = ${caller} and ${likes.toUserId} = ${users.id})`;
    const likedCaller = sql`exists (select 1 from ${likes} where ${likes.fromUserId} = ${users.id} and ${likes.toUserId} = ${caller} and ${likes.type} <> 'dislike')`;
    return db
      .select(candidateColumns)
      .from(users)
      .where(and(...visiblePeople(caller, filterPlaceholders(shape)), notDecidedYet, page === 'admirers' ? likedCaller : sql`not ${likedCaller}`))
      .orderBy(...recentlyActiveFirst)
      .limit(sql.placeholder('limit'))
      .prepare(name);
  });
}

/**
 * Discover counts visible people in steps of this many, up to the first step
 * past the page asked for. A count of everyone visible grows with the table
 * (43 ms at 100,000 people on PostgreSQL, 160 ms at a million); a
 * bounded one costs about what reading that far into the list costs anyway.
 */
export const DISCOVER_COUNT_STEP = 1000;

/** How many visible people to count for this page: past its end (so a next page is known), never past the reachable depth. */
export function discoverCountLimit(query: Pick<DiscoverQuery, 'page' | 'limit'>): number {
  return Math.min(DISCOVER_COUNT_STEP * Math.ceil((query.page * query.limit + 1) / DISCOVER_COUNT_STEP), DISCOVER_MAX_DEPTH);
}

/** The totals a page reports, from people counted with a limit one past `countLimit`. */
export function discoverTotals(found: number, countLimit: number, limit: number): Pick<DiscoverResponse, 'total' | 'totalPages' | 'totalIsExact'> {
  return {
    // One past the count limit says a next page exists without claiming a count.
    totalPages: Math.max(1, Math.min(Math.ceil(found / limit), discoverPagesReachable(limit))),
    total: Math.min(found, countLimit),
    totalIsExact: found <= countLimit,
  };
}

/** Discover's two reads for one set of filters: everyone visible counted up to a limit, and one page of them. */
function discoverStatements(db: OrbitDatabase, shape: FilterShape) {
  const where = () => and(...visiblePeople(sql.placeholder('caller'), filterPlaceholders(shape)));
  const counted = preparedOnce(db, statementName('orbit_discover_count', shape), (name) => {
    const visible = db.select({ id: users.id }).from(users).where(where()).limit(sql.placeholder('countLimit')).as('visible');
    return db.select({ total: count() }).from(visible).prepare(name);
  });
  const page = preparedOnce(db, statementName('orbit_discover_page', shape), (name) =>
    db
      .select(candidateColumns)
      .from(users)
      .where(where())
      .orderBy(desc(users.isOnline), ...recentlyActiveFirst)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name),
  );
  return { counted, page };
}

/** Discover: everyone visible, online people first, paged, with the filters applied here rather than on the screen. */
export async function findDiscoverPage(db: OrbitDatabase, caller: UserRow, query: DiscoverQuery, now: Date): Promise<DiscoverResponse> {
  const { shape, values } = filtersOf(caller, query);
  const statements = discoverStatements(db, shape);
  const countLimit = discoverCountLimit(query);
  const [counted] = await statements.counted.execute({ ...values, countLimit: countLimit + 1 });
  const rows = await statements.page.execute({ ...values, limit: query.limit, offset: (query.page - 1) * query.limit });
  return {
    users: rows.map((row) => toCandidate(row, caller, now)),
    page: query.page,
    ...discoverTotals(counted?.total ?? 0, countLimit, query.limit),
  };
}
