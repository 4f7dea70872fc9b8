import { z } from 'zod';
import { moneySchema } from './store/money';

// Creators (issue 49): a member 18 or over who accepted the creator terms
// earns a share of the money behind the bought coins that members gift them
// in their live streams. Gifts in one-to-one chats earn nothing (a paid gift
// between matches is a cash-out route for romance scams), and nor do earned
// or granted coins. Earnings are money, kept apart from coins: they are
// pending while a card dispute could still reverse the payment behind them.

/** The creator's share of the money behind a gift's bought coins, in percent (the published rate). */
export const CREATOR_SHARE_PERCENT = 50;
/** Days an earning stays pending before it can be withdrawn; before a creator's first payout, the longer wait. */
export const CREATOR_PENDING_DAYS = 30;
export const CREATOR_FIRST_PENDING_DAYS = 60;
export const CREATOR_MIN_AGE = 18;
/** The version of the creator terms a member accepts; a new version asks again. */
export const CREATOR_TERMS_VERSION = '2026-12';

export const CREATOR_TERMS_SUMMARY = [
  `You earn ${CREATOR_SHARE_PERCENT}% of the money members paid for the coins they gift you in your live streams.`,
  'Gifts in private chats, and gifts of coins members earned or were given, earn nothing.',
  `Earnings are pending for ${CREATOR_PENDING_DAYS} days (${CREATOR_FIRST_PENDING_DAYS} before your first payout), because a card payment can be disputed for months.`,
  'A refunded or disputed payment takes back what it earned you.',
] as const;

export const CREATOR_UNDER_AGE_MESSAGE = `Creators must be ${CREATOR_MIN_AGE} or over`;
export const CREATOR_TERMS_REQUIRED_MESSAGE = 'Please accept the creator terms';

/** POST /creators/me: enrol, accepting the current terms. */
export const creatorEnrolBodySchema = z.strictObject({
  acceptTerms: z.literal(true, { message: CREATOR_TERMS_REQUIRED_MESSAGE }),
});
export type CreatorEnrolBody = z.infer<typeof creatorEnrolBodySchema>;

/** Money in one currency, split by whether it can be withdrawn yet; test money (local test payments) apart. */
export const earningsBalanceSchema = z.object({
  currency: z.string(),
  pendingMinor: z.number().int().min(0),
  withdrawableMinor: z.number().int().min(0),
  /** From test payments (no money moved): shown, never paid out. */
  test: z.boolean(),
});
export type EarningsBalance = z.infer<typeof earningsBalanceSchema>;

/** One gift that earned the creator money. */
export const earningSchema = z.object({
  _id: z.string(),
  amount: moneySchema,
  test: z.boolean(),
  giftName: z.string(),
  giftIcon: z.string(),
  coins: z.number().int().positive(),
  /** The sender's display name (null once they deleted their account). */
  senderName: z.string().nullable(),
  streamId: z.string().nullable(),
  streamTitle: z.string().nullable(),
  earnedAt: z.string(),
  /** When it can be withdrawn (ISO). */
  availableAt: z.string(),
});
export type Earning = z.infer<typeof earningSchema>;

/** GET /creators/me: whether the member is a creator, the published terms, and their earnings. */
export const creatorStatusResponseSchema = z.object({
  success: z.literal(true),
  enrolled: z.boolean(),
  sharePercent: z.number().int(),
  pendingDays: z.number().int(),
  firstPendingDays: z.number().int(),
  terms: z.array(z.string()),
  balances: z.array(earningsBalanceSchema),
  /** The latest earnings, newest first. */
  earnings: z.array(earningSchema),
});
export type CreatorStatusResponse = z.infer<typeof creatorStatusResponseSchema>;
