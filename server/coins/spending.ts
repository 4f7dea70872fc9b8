import { BOOST_MESSAGES } from '../../contract/boost';
import { COIN_ITEMS, COIN_PRICES, type CoinPricesResponse, type CoinSpendBody, type CoinSpendResponse } from '../../contract/coins/spending';
import type { Money } from '../../contract/store/money';
import { smallestPackOnSale } from '../catalogue/service';
import type { UserRow } from '../db/schema';
import type { OrbitDatabase } from '../db/types';
import { hasActiveVip } from '../members/views';
import { grantExtraLikes } from '../discovery/like-allowance';
import { HttpError } from '../plugins/errors';
import { startBoostIn } from '../boost/service';
import type { Transaction } from '../lib/transaction';
import { postCoinChange } from './ledger';
import { holdingsOf } from './queries/ledger';
import { toCoinEntry } from './views';

export const VIP_NEEDS_NO_EXTRA_LIKES = 'VIP members already like without a limit';

/** The answer, and whether it repeats an earlier spend (whose balance change was announced then). */
export type CoinSpend = Omit<CoinSpendResponse, 'success'> & { replayed: boolean };

/**
 * What `coins` cost in money, at the smallest pack's price per coin, rounded
 * up to a whole smallest unit: the most a member could have paid for them.
 */
export function coinValue(coins: number, pack: { coins: number; priceMinor: number; currency: string }): Money {
  return { amountMinor: Math.ceil((coins * pack.priceMinor) / pack.coins), currency: pack.currency };
}

export async function coinPricesFor(db: OrbitDatabase, memberId: string): Promise<Omit<CoinPricesResponse, 'success'>> {
  const [pack, holdings] = await Promise.all([smallestPackOnSale(db), holdingsOf(db, memberId)]);
  const prices = COIN_ITEMS.map((item) => ({ item, title: COIN_PRICES[item].title, coins: COIN_PRICES[item].coins, value: pack ? coinValue(COIN_PRICES[item].coins, pack) : null }));
  return { prices, extraLikes: holdings?.extraLikes ?? 0 };
}

/**
 * Buys an item with coins: the spend is a ledger entry (kind spent, keyed by
 * the browser's attempt), and what it buys is added in the same transaction,
 * under the member's row lock. A retry of the same attempt changes nothing and
 * answers as the first did; past the balance it is 409 "Not enough coins".
 */
export async function spendCoins(db: OrbitDatabase, member: Pick<UserRow, 'id' | 'isVip' | 'vipUntil'>, body: CoinSpendBody, now: Date): Promise<CoinSpend> {
  const price = COIN_PRICES[body.item];
  // Nothing to sell: VIP likes have no limit.
  if (body.item === 'extraLikes' && hasActiveVip(member, now)) throw new HttpError(409, VIP_NEEDS_NO_EXTRA_LIKES);
  const memberId = member.id;
  return db.transaction(async (tx) => {
    const idempotencyKey = `spend:${memberId}:${body.attemptId}`;
    const { entry, replayed } = await postCoinChange(tx, { userId: memberId, amount: -price.coins, kind: 'spent', reference: price.title, idempotencyKey });
    // A boost that cannot start (one is running) throws, and the spend rolls back with it.
    const boost = body.item === 'boost' ? (await startBoostIn(tx, memberId, { source: 'coins', startKey: idempotencyKey }, now)).boost : null;
    const message = body.item === 'boost' ? BOOST_MESSAGES.started : `${price.title} added`;
    if (!replayed) {
      const extraLikes = body.item === 'extraLikes' ? await grantExtraLikes(tx, memberId, price.quantity) : await extraLikesOf(tx, memberId);
      return { message, balance: entry.balanceAfter, extraLikes, boost, entry: toCoinEntry(entry), replayed };
    }
    // A retry: what the member holds now, which later changes may have moved.
    const holdings = await holdingsOf(tx, memberId);
    if (!holdings) throw new HttpError(404, 'User not found');
    return { message, balance: holdings.coins, extraLikes: holdings.extraLikes, boost, entry: toCoinEntry(entry), replayed };
  });
}

async function extraLikesOf(tx: Transaction, memberId: string): Promise<number> {
  const holdings = await holdingsOf(tx, memberId);
  return holdings?.extraLikes ?? 0;
}
