import type { NewLikeRow, NewMatchRow, NewPurchaseRow, NewWithdrawalRow } from '../schema';
import { DEFAULT_COIN_PACKS, DEFAULT_VIP_PLANS } from './catalogue';
import { chance, intBetween, pick, sample, type Random } from './random';

// Demo activity so the admin dashboard and the matches screen are not empty:
// purchases (revenue), withdrawals in every state, and likes towards `demo`.

const MINUTE_MS = 60 * 1000;
const DAY_MS = 24 * 60 * MINUTE_MS;
/** What a withdrawn coin pays out in the demo's records: one cent. */
const CENTS_PER_COIN = 1;

interface DemoPersonRef {
  id: string;
  isVip: boolean;
}

/**
 * About 140 purchases over the last 40 days, including several since the
 * start of today (UTC) so today's, this week's and this month's revenue
 * are all non-zero whatever day the seed runs.
 */
export function buildPurchases(random: Random, now: Date, buyers: readonly DemoPersonRef[]): NewPurchaseRow[] {
  const startOfToday = new Date(now);
  startOfToday.setUTCHours(0, 0, 0, 0);
  const sinceMidnightMs = now.getTime() - startOfToday.getTime();

  const purchaseAt = (index: number): Date => {
    if (index < 6) return new Date(now.getTime() - Math.floor(random() * sinceMidnightMs));
    return new Date(now.getTime() - Math.floor(random() * 40 * DAY_MS));
  };

  return Array.from({ length: 140 }, (_, index) => {
    const buyer = pick(random, buyers);
    const createdAt = purchaseAt(index);
    if (buyer.isVip && chance(random, 0.5)) {
      const plan = pick(random, DEFAULT_VIP_PLANS);
      return { userId: buyer.id, kind: 'vip', itemName: plan.name, amountMinor: plan.priceMinor, currency: plan.currency, status: 'paid', provider: 'seed', paidAt: createdAt, createdAt };
    }
    const pack = pick(random, DEFAULT_COIN_PACKS);
    return {
      userId: buyer.id,
      kind: 'coins',
      itemName: pack.name,
      coins: pack.coins,
      amountMinor: pack.priceMinor,
      currency: pack.currency,
      status: 'paid',
      provider: 'seed',
      paidAt: createdAt,
      createdAt,
    };
  });
}

const PAYOUT_METHODS = ['PayPal', 'Bank Transfer', 'UPI'] as const;
const REJECTION_REASONS = [
  'Payout details did not match the account holder name.',
  'Coins earned during a period under review for unusual activity.',
  'Minimum withdrawal amount not reached after gift refunds.',
] as const;

/** Three withdrawals in each state, so the admin queue has something to act on. */
export function buildWithdrawals(random: Random, now: Date, earners: readonly DemoPersonRef[]): NewWithdrawalRow[] {
  const statuses = ['pending', 'pending', 'pending', 'approved', 'approved', 'approved', 'rejected', 'rejected', 'rejected'] as const;
  const people = sample(random, earners, statuses.length);
  return statuses.map((status, index) => {
    const person = people[index % people.length];
    if (!person) throw new Error('buildWithdrawals needs at least one earner');
    const amountCoins = intBetween(random, 10, 80) * 100;
    const createdAt = new Date(now.getTime() - intBetween(random, 1, 20) * DAY_MS - intBetween(random, 0, 600) * MINUTE_MS);
    const decidedAt = status === 'pending' ? null : new Date(createdAt.getTime() + intBetween(random, 2, 48) * 60 * MINUTE_MS);
    return {
      userId: person.id,
      amountCoins,
      amountMinor: amountCoins * CENTS_PER_COIN,
      currency: 'USD',
      method: pick(random, PAYOUT_METHODS),
      status,
      txnId: status === 'approved' ? `TXN-${Math.floor(random() * 1e10).toString(36).toUpperCase()}` : null,
      reason: status === 'rejected' ? pick(random, REJECTION_REASONS) : null,
      decidedAt,
      createdAt,
      updatedAt: decidedAt ?? createdAt,
    };
  });
}

/**
 * Likes from nearby demo people to the demo account (so liking them back
 * makes a match), plus a few mutual likes that are already matches.
 */
export function buildDemoAccountActivity(
  random: Random,
  now: Date,
  demoAccountId: string,
  nearbyPeopleIds: readonly string[],
): { likes: NewLikeRow[]; matches: NewMatchRow[] } {
  const admirers = sample(random, nearbyPeopleIds, 30);
  const alreadyMatched = admirers.slice(0, 3);
  const likedAt = () => new Date(now.getTime() - intBetween(random, 10, 7 * 24 * 60) * MINUTE_MS);

  const likes: NewLikeRow[] = admirers.map((fromUserId) => {
    const createdAt = likedAt();
    return { fromUserId, toUserId: demoAccountId, type: chance(random, 0.2) ? 'super' : 'like', createdAt, updatedAt: createdAt };
  });
  const matches: NewMatchRow[] = alreadyMatched.map((personId) => {
    const createdAt = likedAt();
    likes.push({ fromUserId: demoAccountId, toUserId: personId, type: 'like', createdAt, updatedAt: createdAt });
    // uuids compare bytewise in PostgreSQL, which is the order of their lowercase hex text.
    const [userAId, userBId] = [demoAccountId, personId].sort() as [string, string];
    return { userAId, userBId, createdAt };
  });
  return { likes, matches };
}

/** What the first of the demo account's matches wrote to it, oldest first (SPEC section 4's sample lines). */
const DEMO_OPENING_LINES: readonly (readonly string[])[] = [
  ['Hey! How are you doing?'],
  ['Thanks for the match!', 'Would you like to video chat later?'],
];

export interface DemoConversation {
  pair: { userAId: string; userBId: string };
  /** The demo person, who wrote every line. */
  senderId: string;
  lines: ReadonlyArray<{ text: string; sentAt: Date }>;
}

/**
 * A few of the demo account's matches have already written, so a newcomer
 * trying the demo account finds unread messages waiting (and can answer:
 * demo people reply outside production).
 */
export function buildDemoConversations(random: Random, now: Date, demoAccountId: string, demoMatches: readonly NewMatchRow[]): DemoConversation[] {
  return demoMatches.slice(0, DEMO_OPENING_LINES.length).map((match, index) => {
    const senderId = match.userAId === demoAccountId ? match.userBId : match.userAId;
    const matchedAt = (match.createdAt ?? now).getTime();
    let at = matchedAt + intBetween(random, 2, 60) * MINUTE_MS;
    const lines = (DEMO_OPENING_LINES[index] ?? []).map((text) => {
      const sentAt = new Date(Math.min(at, now.getTime()));
      at += intBetween(random, 1, 5) * MINUTE_MS;
      return { text, sentAt };
    });
    return { pair: { userAId: match.userAId, userBId: match.userBId }, senderId, lines };
  });
}
