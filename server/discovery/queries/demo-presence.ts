import { sql, type SQL } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { OrbitDatabase } from '../../db/types';

// Seeded demo people never sign in, so no session ever settles their
// presence (auth/presence.ts): left alone they would keep the seed's online
// flag for good, a third of them "Online now" at 4 am. Instead each follows
// a daily rhythm in their own time zone: the server decides every minute
// (plugins/presence.ts) who of them is online, from their id and the hour.
// Radar, Discover, Spin and Matches all read users.is_online, so they agree.

/**
 * The share of demo people online in each local hour (0 to 23): few at night,
 * some over the day, most in the evening. About 13% over a whole day.
 */
export const DEMO_ONLINE_SHARE_BY_HOUR = [
  0.1, 0.06, 0.04, 0.03, 0.02, 0.03, 0.05, 0.09, 0.12, 0.12, 0.11, 0.11, 0.14, 0.15, 0.12, 0.11, 0.12, 0.15, 0.2, 0.25, 0.3, 0.32, 0.27, 0.17,
] as const;

const shares = sql.raw(`array[${DEMO_ONLINE_SHARE_BY_HOUR.map((share) => share.toFixed(2)).join(', ')}]::float8[]`);

/** A hash of `text` as a number in [0, 1), the same on every PostgreSQL (hashtextextended is stable). */
const unitHash = (text: SQL) => sql`((hashtextextended(${text}, 0) % 1000000 + 1000000) % 1000000) / 1000000.0`;

/**
 * Sets each demo person online or offline as their schedule says at `now`,
 * touching only those whose state changes; returns how many changed.
 *
 * Local time is estimated from longitude (15 degrees an hour). Each person's
 * hours start at a minute of their own (so not everyone changes at once on
 * the hour), and whether they are online in one of those hours is a hash of
 * their id and the hour, under that hour's share: the same answer for the same
 * clock, a different set of people each hour. Coming online sets last_seen_at
 * to now; going offline sets it to when their online hour ended (at most the
 * sweep interval ago while the server runs), so "Active 12 minutes ago" is
 * true to the schedule. Real members (is_demo false) are never touched.
 */
export async function settleDemoPresence(db: OrbitDatabase, now: Date): Promise<number> {
  const at = sql`${now.toISOString()}::timestamptz`;
  // Minutes since the epoch in the person's own time, offset by their own minute of the hour.
  const phase = sql`((hashtextextended(${users.id}::text, 1) % 60 + 60) % 60)`;
  const localMinutes = sql`(floor(extract(epoch from ${at}) / 60) + round(coalesce(${users.longitude}, 0) * 4) + ${phase})`;
  const hour = sql`floor(${localMinutes} / 60)::bigint`;
  const hourOfDay = sql`((${hour} % 24 + 24) % 24)::int`;
  const scheduledOnline = sql`(${unitHash(sql`${users.id}::text || ':' || ${hour}::text`)} < (${shares})[${hourOfDay} + 1])`;
  // When their current hour began, in real time: the end of the online hour they are leaving.
  const hourBegan = sql`to_timestamp((${hour} * 60 - round(coalesce(${users.longitude}, 0) * 4) - ${phase}) * 60)`;
  const changed = await db
    .update(users)
    .set({
      isOnline: sql`not ${users.isOnline}`,
      lastSeenAt: sql`case when ${users.isOnline} then greatest(${users.lastSeenAt}, ${hourBegan}) else ${at} end`,
    })
    .where(sql`${users.isDemo} and ${users.isOnline} <> ${scheduledOnline}`)
    .returning({ id: users.id });
  return changed.length;
}
