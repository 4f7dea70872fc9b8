import { and, asc, desc, eq, ne, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { DISCOVER_MAX_DEPTH, discoverPagesReachable, type Candidate, type DiscoverQuery, type DiscoverResponse, type SpinQuery } from '../../../contract/discovery';
import { preparedOnce } from '../../db/prepared-statements';
import type { OrbitDatabase } from '../../db/types';
import { likes, users, type UserRow } from '../../db/schema';
import { notBlockedEitherWay } from '../../safety/queries';
import { toCandidate } from '../candidate-view';
import { candidateColumns, type CandidateRow } from './candidates';
import { areasTouching, capBoxes, snapToGrid } from '../geo';
import { matchPlan, shapeSuffix, type MatchShape, type MatchValues } from '../mutual-preferences';
import { matchConditions, matchPlaceholder } from './match-conditions';
import { foundDespiteIncognito } from './incognito';
import { boostRunning, recordViews } from '../../boost/queries';

/**
 * Who the caller may be shown: other user accounts that are not banned and not
 * blocked either way, whom the caller wants to meet and who would want to
 * meet the caller (mutual-preferences.ts), narrowed by the request's filters,
 * and not hidden from the caller by Incognito (incognito.ts).
 */
function visiblePeople(callerId: Placeholder, shape: MatchShape): SQL[] {
  return [
    eq(users.role, 'user'),
    eq(users.isBanned, false),
    ne(users.id, callerId),
    notBlockedEitherWay(callerId, users.id),
    ...matchConditions(shape, matchPlaceholder),
    foundDespiteIncognito(callerId),
  ];
}

/**
 * The caller has not liked, super liked or passed on them. A match needs the
 * caller's like, and taking it back (a pass) ends the match, so matched
 * people are left out by the same probe on likes' (from, to) key.
 */
const notDecidedYet = (caller: Placeholder) => sql`not exists (select 1 from ${likes} where ${likes.fromUserId} = ${caller} and ${likes.toUserId} = ${users.id})`;

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
 * For a caller with a distance limit the second read is placedNear's.
 */
export async function findSpinCandidates(db: OrbitDatabase, caller: UserRow, query: SpinQuery, now: Date): Promise<Candidate[]> {
  const plan = matchPlan(caller, query);
  if (plan.nobody) return [];
  const values = { ...plan.values, caller: caller.id };
  const { shape } = plan;
  const admirers = await spinAdmirers(db, shape).execute({ ...values, limit: query.limit });
  const wanted = query.limit - admirers.length;
  let others: CandidateRow[] = [];
  if (wanted > 0 && !shape.within) others = await spinOthers(db, shape).execute({ ...values, limit: wanted });
  if (wanted > 0 && shape.within) others = await spinOthersNear(db, shape).execute({ ...values, ...nearbyGroups(caller, plan.values), limit: wanted });
  const ordered = await withBoostedFirst(db, shape, values, [...admirers, ...others], caller.id, now);
  return ordered.slice(0, query.limit).map((row) => toCandidate(row, caller, now));
}

const likedCaller = (caller: Placeholder) =>
  sql`exists (select 1 from ${likes} where ${likes.fromUserId} = ${users.id} and ${likes.toUserId} = ${caller} and ${likes.type} <> 'dislike')`;

/** Spin's first read (see findSpinCandidates), prepared once per shape with the caller, preferences, filters and limit as placeholders. */
function spinAdmirers(db: OrbitDatabase, shape: MatchShape) {
  return preparedOnce(db, `orbit_spin_admirers${shapeSuffix(shape)}`, (name) => {
    const caller = sql.placeholder('caller');
    return db
      .select(candidateColumns)
      .from(users)
      .where(and(...visiblePeople(caller, shape), notDecidedYet(caller), likedCaller(caller)))
      .orderBy(...recentlyActiveFirst)
      .limit(sql.placeholder('limit'))
      .prepare(name);
  });
}

/** At most this many boosted people come first in one Spin or Discover page. */
export const BOOSTED_FIRST_LIMIT = 3;

/**
 * People with a boost running whom the caller may be shown and has not
 * decided on yet: they come first in Spin and on Discover's first page. Read
 * from the few running boosts, so it costs the same at any number of people.
 */
function boostedPeople(db: OrbitDatabase, shape: MatchShape) {
  return preparedOnce(db, `orbit_boosted${shapeSuffix(shape)}`, (name) => {
    const caller = sql.placeholder('caller');
    return db
      .select(candidateColumns)
      .from(users)
      .where(and(boostRunning(users.id, sql`${sql.placeholder('now')}::timestamptz`), ...visiblePeople(caller, shape), notDecidedYet(caller)))
      .orderBy(...recentlyActiveFirst)
      .limit(BOOSTED_FIRST_LIMIT)
      .prepare(name);
  });
}

/** The rows without the boosted people Discover's first page showed. */
async function withoutBoosted(db: OrbitDatabase, shape: MatchShape, values: Record<string, unknown>, rows: CandidateRow[], now: Date): Promise<CandidateRow[]> {
  const boosted = new Set((await boostedPeople(db, shape).execute({ ...values, now: now.toISOString() })).map((row) => row.id));
  return boosted.size === 0 ? rows : rows.filter((row) => !boosted.has(row.id));
}

/** Boosted people first, then the rest without them again. The caller's view of each boosted card is counted for its boost. */
async function withBoostedFirst(db: OrbitDatabase, shape: MatchShape, values: Record<string, unknown>, rows: CandidateRow[], callerId: string, now: Date): Promise<CandidateRow[]> {
  const boosted = await boostedPeople(db, shape).execute({ ...values, now: now.toISOString() });
  if (boosted.length === 0) return rows;
  const first = new Set(boosted.map((row) => row.id));
  await recordViews(db, [...first], callerId, now);
  return [...boosted, ...rows.filter((row) => !first.has(row.id))];
}

/** Spin's second read, walking everyone most recently active first. */
function spinOthers(db: OrbitDatabase, shape: MatchShape) {
  return preparedOnce(db, `orbit_spin_others${shapeSuffix(shape)}`, (name) => {
    const caller = sql.placeholder('caller');
    return db
      .select(candidateColumns)
      .from(users)
      .where(and(...visiblePeople(caller, shape), notDecidedYet(caller), sql`not ${likedCaller(caller)}`))
      .orderBy(...recentlyActiveFirst)
      .limit(sql.placeholder('limit'))
      .prepare(name);
  });
}

/** The same, for a caller with a distance limit: the people placed near them (placedNear) and those whose place decides nothing, merged in order. */
function spinOthersNear(db: OrbitDatabase, shape: MatchShape) {
  return preparedOnce(db, `orbit_spin_near${shapeSuffix(shape)}`, (name) => {
    const caller = sql.placeholder('caller');
    const notAdmirer = sql`not ${likedCaller(caller)}`;
    return placedNear(db, shape, recentlyActiveFirst, [notAdmirer], sql.placeholder('limit'))
      .unionAll(
        db
          .select(candidateColumns)
          .from(users)
          .where(and(placedNowhere, ...visiblePeople(caller, shape), notDecidedYet(caller), notAdmirer)),
      )
      .orderBy(...recentlyActiveFirst)
      .limit(sql.placeholder('limit'))
      .prepare(name);
  });
}

/**
 * placedNear: the people placed within reach of a caller with a distance
 * limit, for Spin's and Discover's lists. Walking everyone in the list's
 * order finds them few and far between (one in thirty or fewer qualifies
 * once preferences apply both ways), and reading everyone within the
 * distance reads a whole city: either took over 100 ms at a million people
 * on PostgreSQL. So the `users_nearby_*` indexes group placed people by
 * show-me, gender and whole-degree area, each group in the list's order, and
 * this reads only the groups that can qualify (the show-me values that
 * include the caller, the genders the caller wants, the areas the distance
 * touches), each through its index until `perGroup` people qualify. The
 * groups' rows are merged in order by the caller of this, with the people
 * whose place decides nothing (placedNowhere): the page is the same as
 * reading everyone in order, at the cost of the people it reads.
 */
function placedNear(db: OrbitDatabase, shape: MatchShape, order: SQL[], extra: SQL[], perGroup: Placeholder) {
  const caller = sql.placeholder('caller');
  const firstOfGroup = db
    .select()
    .from(users)
    .where(and(nearGroupIs, placedOnRadar, ...visiblePeople(caller, shape), notDecidedYet(caller), ...extra))
    .orderBy(...order)
    .limit(perGroup)
    .as('users');
  return db.select(candidateColumns).from(nearGroups).innerJoinLateral(firstOfGroup, sql`true`);
}

/** The groups of nearbyGroups as rows `near(lat, lon, show_me, gender)`. */
const nearGroups = sql`unnest(${sql.placeholder('nearLats')}::int[], ${sql.placeholder('nearLons')}::int[], ${sql.placeholder('nearShowMes')}::show_me[], ${sql.placeholder('nearGenders')}::gender[]) as near(lat, lon, show_me, gender)`;

/** The `users_nearby_*` indexes' leading keys, equal to one group's. */
const nearGroupIs = sql`${users.showMe} = near.show_me and coalesce(${users.gender}, 'other') = near.gender
  and floor((${users.radarCell})[1]) = near.lat and floor((${users.radarCell})[0]) = near.lon`;

/** The predicate of the `users_nearby_*` indexes (and the radar's): placed people the radar may show. */
const placedOnRadar = sql`${users.radarCell} is not null and ${users.role} = 'user' and not ${users.isBanned} and not ${users.isHidden}`;

const ALL_GENDERS = ['female', 'male', 'other'] as const;

/**
 * The groups placedNear reads for this caller, as array literals: every
 * combination of a show-me value that includes the caller, a gender the
 * caller wants (all three for everyone; unknown genders are keyed as other)
 * and an area the caller's distance limit touches.
 */
function nearbyGroups(caller: UserRow, values: MatchValues): Record<'nearLats' | 'nearLons' | 'nearShowMes' | 'nearGenders', string> {
  const areas = caller.latitude === null || caller.longitude === null || caller.prefMaxDistanceKm === null
    ? []
    : areasTouching(capBoxes(snapToGrid({ latitude: caller.latitude, longitude: caller.longitude }), caller.prefMaxDistanceKm * 1000));
  const showMes = [...new Set(['everyone', values.seenAs ?? 'everyone'])];
  const genders = values.gender ? [values.gender] : ALL_GENDERS;
  const groups = areas.flatMap((area) => showMes.flatMap((showMe) => genders.map((gender) => ({ ...area, showMe, gender }))));
  const list = (items: Array<string | number>) => `{${items.join(',')}}`;
  return {
    nearLats: list(groups.map((group) => group.latitude)),
    nearLons: list(groups.map((group) => group.longitude)),
    nearShowMes: list(groups.map((group) => group.showMe)),
    nearGenders: list(groups.map((group) => group.gender)),
  };
}

/** The first `readRows` user accounts in `order`, aliased `users` so the conditions written for the table apply to them as they are. */
function firstPeopleRead(db: OrbitDatabase, order: SQL[]) {
  return db
    .select()
    .from(users)
    .where(and(eq(users.role, 'user'), eq(users.isBanned, false), ne(users.id, sql.placeholder('caller'))))
    .orderBy(...order)
    .limit(sql.placeholder('readRows'))
    .as('users');
}

/** Everything visiblePeople and notDecidedYet ask but what firstPeopleRead already did; cheap conditions first, so the probes run last. */
function qualifying(caller: Placeholder, shape: MatchShape): SQL[] {
  return [...matchConditions(shape, matchPlaceholder), foundDespiteIncognito(caller), notBlockedEitherWay(caller, users.id), notDecidedYet(caller)];
}

/** People whose place decides nothing for others: the predicate of the `users_unplaced_*` indexes. */
const placedNowhere = sql`(${users.radarCell} is null or ${users.isHidden})`;

/**
 * Discover counts visible people in steps of this many, up to the first step
 * past the page asked for. A count of everyone visible grows with the table
 * (43 ms at 100,000 people on PostgreSQL, 160 ms at a million); a
 * bounded one costs about what reading that far into the list costs anyway.
 */
export const DISCOVER_COUNT_STEP = 1000;

/**
 * The count also reads at most this many times its limit of people, in
 * Discover's order, before the preferences and decisions are applied. With
 * preferences both ways, one person in thirty or fewer may qualify: counting
 * a thousand of them read 30,000 people and more (the whole table when few
 * qualify, 0.6 s at a million). Past that the total is a lower bound.
 */
export const DISCOVER_COUNT_READ_FACTOR = 3;

/** How many visible people to count for this page: past its end (so a next page is known), never past the reachable depth. */
export function discoverCountLimit(query: Pick<DiscoverQuery, 'page' | 'limit'>): number {
  return Math.min(DISCOVER_COUNT_STEP * Math.ceil((query.page * query.limit + 1) / DISCOVER_COUNT_STEP), DISCOVER_MAX_DEPTH);
}

/** Where the count stopped reading before it had counted everyone: the page it was asked for, and how many people that page holds. */
export interface CountCutShort {
  page: number;
  pageRows: number;
}

/**
 * The totals a page reports, from people counted with a limit one past
 * `countLimit`. When the count read as far as it may without meeting that
 * limit (`cutShort`), the total is what it found, or what this page shows if
 * more, and a full page says one more page may follow.
 */
export function discoverTotals(
  found: number,
  countLimit: number,
  limit: number,
  cutShort?: CountCutShort,
): Pick<DiscoverResponse, 'total' | 'totalPages' | 'totalIsExact'> {
  const reachable = discoverPagesReachable(limit);
  if (cutShort && found <= countLimit) {
    const shown = (cutShort.page - 1) * limit + cutShort.pageRows;
    const pagesKnown = cutShort.pageRows === limit ? cutShort.page + 1 : cutShort.page;
    return {
      totalPages: Math.max(1, Math.min(Math.max(Math.ceil(found / limit), pagesKnown), reachable)),
      total: Math.max(found, shown),
      totalIsExact: false,
    };
  }
  return {
    // One past the count limit says a next page exists without claiming a count.
    totalPages: Math.max(1, Math.min(Math.ceil(found / limit), reachable)),
    total: Math.min(found, countLimit),
    totalIsExact: found <= countLimit,
  };
}

/** Discover's order: online people first, then the most recently active (`users_discover_order_idx`). */
const discoverOrder = [desc(users.isOnline), ...recentlyActiveFirst];

/**
 * Discover's two reads for one shape: everyone visible and not decided on
 * yet, counted up to a limit, and one page of them.
 *
 * The count reads at most `readLimit` people in Discover's order (plus one,
 * which says whether there are more), numbers them, and counts those who
 * qualify, stopping once it has kept `countRows` rows (the limit and one more
 * for that last person).
 */
function discoverStatements(db: OrbitDatabase, shape: MatchShape) {
  const where = () => {
    const caller = sql.placeholder('caller');
    return and(...visiblePeople(caller, shape), notDecidedYet(caller));
  };
  const counted = preparedOnce(db, `orbit_discover_count${shapeSuffix(shape)}`, (name) => {
    const readLimit = sql.placeholder('readLimit');
    const qualifies = and(...qualifying(sql.placeholder('caller'), shape));
    const numbered = db
      .select({ qualifies: sql<boolean>`coalesce(${qualifies}, false)`.as('qualifies'), n: sql<number>`row_number() over ()`.as('n') })
      .from(firstPeopleRead(db, discoverOrder))
      .as('numbered');
    const kept = db
      .select({ qualifies: numbered.qualifies, n: numbered.n })
      .from(numbered)
      .where(sql`${numbered.qualifies} or ${numbered.n} > ${readLimit}`)
      .limit(sql.placeholder('countRows'))
      .as('kept');
    return db
      .select({
        total: sql<number>`(count(*) filter (where ${kept.qualifies} and ${kept.n} <= ${readLimit}))::int`,
        readEverything: sql<boolean>`not coalesce(bool_or(${kept.n} > ${readLimit}), false)`,
      })
      .from(kept)
      .prepare(name);
  });
  const page = preparedOnce(db, `orbit_discover_page${shapeSuffix(shape)}`, (name) =>
    db
      .select(candidateColumns)
      .from(users)
      .where(where())
      .orderBy(...discoverOrder)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name),
  );
  return { counted, page };
}

/** Discover's page and count for a caller with a distance limit: the people placed near them (placedNear) and those whose place decides nothing, merged in order. */
function discoverNear(db: OrbitDatabase, shape: MatchShape) {
  const unplaced = () => {
    const caller = sql.placeholder('caller');
    return and(placedNowhere, ...visiblePeople(caller, shape), notDecidedYet(caller));
  };
  const page = preparedOnce(db, `orbit_discover_near_page${shapeSuffix(shape)}`, (name) =>
    placedNear(db, shape, discoverOrder, [], sql.placeholder('pageEnd'))
      .unionAll(db.select(candidateColumns).from(users).where(unplaced()))
      .orderBy(...discoverOrder)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name),
  );
  // Everyone near who qualifies, up to the count's limit (the total is exact, as the radar's count is):
  // a caller with a distance limit in a city may read a few thousand people here (issue 47: the remaining cost).
  const counted = preparedOnce(db, `orbit_discover_near_count${shapeSuffix(shape)}`, (name) => {
    const everyone = placedNear(db, shape, discoverOrder, [], sql.placeholder('countRows'))
      .unionAll(db.select(candidateColumns).from(users).where(unplaced()))
      .limit(sql.placeholder('countRows'))
      .as('nearby');
    return db.select({ total: sql<number>`count(*)::int` }).from(everyone).prepare(name);
  });
  return { page, counted };
}

/**
 * Discover: everyone visible the caller has not decided on yet, online people
 * first, paged, with the preferences and filters applied here rather than on the screen.
 */
export async function findDiscoverPage(db: OrbitDatabase, caller: UserRow, query: DiscoverQuery, now: Date): Promise<DiscoverResponse> {
  const plan = matchPlan(caller, query);
  const countLimit = discoverCountLimit(query);
  if (plan.nobody) return { users: [], page: query.page, ...discoverTotals(0, countLimit, query.limit) };
  const values = { ...plan.values, caller: caller.id };
  const { shape } = plan;
  const paging = { limit: query.limit, offset: (query.page - 1) * query.limit };
  // The first page puts boosted people first, over and above its limit, so nobody on it is pushed to a page they would not reach;
  // the later pages leave them out, as they were shown already.
  const shown = (rows: CandidateRow[]) => (query.page === 1 ? withBoostedFirst(db, shape, values, rows, caller.id, now) : withoutBoosted(db, shape, values, rows, now));
  const respond = async (rows: CandidateRow[], found: number, cutShort: CountCutShort | undefined): Promise<DiscoverResponse> => ({
    users: (await shown(rows)).map((row) => toCandidate(row, caller, now)),
    page: query.page,
    ...discoverTotals(found, countLimit, query.limit, cutShort),
  });

  if (shape.within) {
    const near = discoverNear(db, shape);
    const groups = nearbyGroups(caller, plan.values);
    const rows = await near.page.execute({ ...values, ...groups, ...paging, pageEnd: paging.offset + paging.limit });
    // A page that is not full is the last one, so it says how many there are.
    if (rows.length < query.limit && (rows.length > 0 || paging.offset === 0)) return respond(rows, paging.offset + rows.length, undefined);
    const [counted] = await near.counted.execute({ ...values, ...groups, countRows: countLimit + 1 });
    return respond(rows, counted?.total ?? 0, undefined);
  }

  const rows = await discoverStatements(db, shape).page.execute({ ...values, ...paging });
  const counted = await countDiscover(db, shape, values, countLimit);
  return respond(rows, counted.found, counted.readEverything ? undefined : { page: query.page, pageRows: rows.length });
}

/** Discover's count for one caller (see discoverStatements): how many qualify, and whether it read everyone. */
async function countDiscover(db: OrbitDatabase, shape: MatchShape, values: Record<string, unknown>, countLimit: number) {
  const readLimit = DISCOVER_COUNT_READ_FACTOR * countLimit;
  // One past the limit says there are more; one more row lets the one past the read be seen too.
  const [counted] = await discoverStatements(db, shape).counted.execute({ ...values, readLimit, readRows: readLimit + 1, countRows: countLimit + 2 });
  return { found: counted?.total ?? 0, readEverything: counted?.readEverything ?? true };
}
