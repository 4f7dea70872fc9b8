import type { AdminUser } from '../../contract/admin/console';
import type { AdjustCoinsBody } from '../../contract/coins/admin';
import type { CoinEntry } from '../../contract/coins/ledger';
import { recordAdminAction } from '../admin/queries/audit';
import { findUserOr404 } from '../admin/user-directory';
import { toAdminUser } from '../admin/views';
import type { OrbitDatabase } from '../db/types';
import { HttpError } from '../plugins/errors';
import { postCoinChange } from './ledger';
import { toCoinEntry } from './views';

// An operator's grant or take of coins: a ledger entry like any other (kind
// granted or taken, the reason as its reference) and an audit entry, in one
// transaction. The admin's browser names each attempt, so a retry or a double
// click moves the coins once.

export const ADMIN_HOLDS_NO_COINS = 'Admin accounts hold no coins';

export interface CoinAdjustment {
  message: string;
  user: AdminUser;
  entry: CoinEntry;
}

const coinsText = (amount: number) => `${amount.toLocaleString('en-US')} ${Math.abs(amount) === 1 ? 'coin' : 'coins'}`;

export async function adjustCoins(db: OrbitDatabase, adminId: string, userId: string, body: AdjustCoinsBody, now: Date): Promise<CoinAdjustment> {
  return db.transaction(async (tx) => {
    const member = await findUserOr404(tx, userId);
    if (member.role === 'admin') throw new HttpError(403, ADMIN_HOLDS_NO_COINS);
    const granting = body.amount > 0;
    const { entry, replayed } = await postCoinChange(tx, {
      userId,
      amount: body.amount,
      kind: granting ? 'granted' : 'taken',
      reference: body.reason,
      idempotencyKey: `admin-adjustment:${body.requestId}`,
    });
    if (!replayed) {
      await recordAdminAction(tx, {
        adminId,
        action: granting ? 'grant-coins' : 'take-coins',
        targetType: 'user',
        targetId: userId,
        details: `${coinsText(Math.abs(body.amount))}: ${body.reason}`,
      });
    }
    const after = await findUserOr404(tx, userId);
    const moved = coinsText(Math.abs(entry.amount));
    const message = granting ? `Granted ${moved} to ${after.username}` : `Took ${moved} from ${after.username}`;
    return { message: `${message}; balance ${coinsText(entry.balanceAfter)}`, user: toAdminUser(after, now), entry: toCoinEntry(entry) };
  });
}
