import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { likes, users } from '../../db/schema';

/**
 * VIP's Incognito: while it is on and their VIP lasts, a person is found in
 * Discover, Spin and the radar only by the people they liked or super liked.
 * When VIP lapses the stored choice stays but hides nobody. Most people pass
 * on the column checks; the probe on likes' (from, to) key
 * (likes_from_to_unique) runs only for the people Incognito hides.
 */
export function foundDespiteIncognito(viewer: Placeholder | string): SQL {
  const vipLapsed = sql`(not ${users.isVip} or ${users.vipUntil} <= now())`;
  const likedViewer = sql`exists (select 1 from ${likes} where ${likes.fromUserId} = ${users.id} and ${likes.toUserId} = ${viewer} and ${likes.type} <> 'dislike')`;
  return sql`(not ${users.incognito} or ${vipLapsed} or ${likedViewer})`;
}
