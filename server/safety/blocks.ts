import { sql, type AnyColumn, type Placeholder, type SQL } from 'drizzle-orm';
import { userBlocks } from '../db/schema';

/**
 * Neither person blocked the other: a block hides both people from each
 * other, whoever made it. Two `not exists` probes rather than one with `or`,
 * so each is a lookup on the (blocker_id, blocked_id) primary key per other
 * person, or an anti-join the planner can drive from user_blocks_blocked_id_idx.
 */
export function notBlockedEitherWay(callerId: string | Placeholder, otherId: AnyColumn | SQL): SQL {
  const callerBlocked = sql`select 1 from ${userBlocks} where ${userBlocks.blockerId} = ${callerId} and ${userBlocks.blockedId} = ${otherId}`;
  const blockedCaller = sql`select 1 from ${userBlocks} where ${userBlocks.blockerId} = ${otherId} and ${userBlocks.blockedId} = ${callerId}`;
  return sql`(not exists (${callerBlocked}) and not exists (${blockedCaller}))`;
}
