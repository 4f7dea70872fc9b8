import { BOOST_MESSAGES, BOOST_MINUTES, type Boost, type BoostStatusResponse } from '../../contract/boost';
import type { UserRow } from '../db/schema';
import type { OrbitDatabase } from '../db/types';
import type { Transaction } from '../lib/transaction';
import { hasActiveVip } from '../members/views';
import { HttpError } from '../plugins/errors';
import { boostByStartKey, hasDailyBoostOn, insertBoost, lastEndedBoostOf, lockMember, runningBoostOf, viewsOf, type BoostRow } from './queries';

const utcDay = (now: Date) => now.toISOString().slice(0, 10);

async function toBoosts(db: OrbitDatabase | Transaction, rows: ReadonlyArray<BoostRow | undefined>): Promise<Array<Boost | null>> {
  const views = await viewsOf(
    db,
    rows.flatMap((row) => (row ? [row.id] : [])),
  );
  return rows.map((row) =>
    row ? { startedAt: row.startedAt.toISOString(), endsAt: row.endsAt.toISOString(), source: row.source, views: views.get(row.id) ?? 0 } : null,
  );
}

export async function boostStatus(db: OrbitDatabase, member: Pick<UserRow, 'id' | 'isVip' | 'vipUntil'>, now: Date): Promise<Omit<BoostStatusResponse, 'success'>> {
  const [running, last, usedToday] = await Promise.all([runningBoostOf(db, member.id, now), lastEndedBoostOf(db, member.id, now), hasDailyBoostOn(db, member.id, utcDay(now))]);
  const [runningBoost, lastBoost] = await toBoosts(db, [running, last]);
  return { running: runningBoost ?? null, last: lastBoost ?? null, dailyBoostAvailable: hasActiveVip(member, now) && !usedToday };
}

/**
 * Starts a boost in the caller's transaction, under the member's row lock
 * (taken here, or already by the coin spend that pays for it). A start key
 * seen before answers with its boost (a retry); a boost still running is 409,
 * and so is a second VIP boost on one UTC day.
 */
export async function startBoostIn(
  tx: Transaction,
  memberId: string,
  start: { source: Boost['source']; startKey: string },
  now: Date,
): Promise<{ boost: Boost; replayed: boolean }> {
  if (!(await lockMember(tx, memberId))) throw new HttpError(404, 'User not found');
  const earlier = await boostByStartKey(tx, start.startKey);
  if (earlier) return { boost: (await toBoosts(tx, [earlier]))[0] as Boost, replayed: true };
  if (await runningBoostOf(tx, memberId, now)) throw new HttpError(409, BOOST_MESSAGES.running);
  const row = await insertBoost(tx, {
    userId: memberId,
    source: start.source,
    vipDay: start.source === 'vip-daily' ? utcDay(now) : null,
    startKey: start.startKey,
    startedAt: now,
    endsAt: new Date(now.getTime() + BOOST_MINUTES * 60_000),
  });
  if (!row) throw new HttpError(409, BOOST_MESSAGES.usedToday);
  return { boost: { startedAt: row.startedAt.toISOString(), endsAt: row.endsAt.toISOString(), source: row.source, views: 0 }, replayed: false };
}

/** Today's VIP boost. */
export function startDailyBoost(db: OrbitDatabase, member: Pick<UserRow, 'id' | 'isVip' | 'vipUntil'>, attemptId: string, now: Date) {
  if (!hasActiveVip(member, now)) throw new HttpError(403, BOOST_MESSAGES.notVip);
  return db.transaction((tx) => startBoostIn(tx, member.id, { source: 'vip-daily', startKey: `boost:${member.id}:${attemptId}` }, now));
}
