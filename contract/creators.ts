import { electronicFormatIBAN, isValidIBAN } from 'ibantools';
import { z } from 'zod';
import { WITHDRAWAL_STATUSES } from './constants';
import { currencySchema, majorAmountText, moneySchema } from './store/money';

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
/** The least a withdrawal may be (20.00 in a currency of two decimals). */
export const WITHDRAWAL_MIN_MINOR = 2000;
/** The version of the creator terms a member accepts; a new version asks again. */
export const CREATOR_TERMS_VERSION = '2026-12';

export const CREATOR_TERMS_SUMMARY = [
  `You earn ${CREATOR_SHARE_PERCENT}% of the money members paid for the coins they gift you in your live streams.`,
  'Gifts in private chats, and gifts of coins members earned or were given, earn nothing.',
  `Earnings are pending for ${CREATOR_PENDING_DAYS} days (${CREATOR_FIRST_PENDING_DAYS} before your first payout), because a card payment can be disputed for months.`,
  'A refunded or disputed payment takes back what it earned you.',
  `You can withdraw from ${majorAmountText(WITHDRAWAL_MIN_MINOR, 'USD')} of withdrawable earnings, to PayPal or a bank account (IBAN); an admin pays it and gives you its reference.`,
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
  /** Clawed back beyond what was left (the payment behind gifts already paid out was reversed): new earnings settle it first, and no withdrawal until then. */
  owedMinor: z.number().int().min(0),
  /** From test payments (no money moved): withdrawn only as a test withdrawal, which moves no money either. */
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

// --- Withdrawals ----------------------------------------------------------------
// A creator asks for withdrawable earnings to be paid out; the amount is held
// at once (a ledger entry of its own), and an admin pays it outside Orbit
// (the `manual` payout provider) and records its reference, or rejects it,
// which releases the hold. A payout that bounces is marked returned, and its
// amount is credited back.

export const PAYOUT_METHODS = ['paypal', 'iban'] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];
export const PAYOUT_METHOD_LABELS: Record<PayoutMethod, string> = { paypal: 'PayPal', iban: 'Bank transfer (IBAN)' };

export const INVALID_IBAN_MESSAGE = 'Enter a valid IBAN, such as DE89 3704 0044 0532 0130 00';
export const INVALID_PAYPAL_MESSAGE = 'Enter the email address of your PayPal account';
export const NOT_A_CREATOR_MESSAGE = 'Only creators can withdraw earnings';
export const WITHDRAWALS_FROZEN_MESSAGE = 'Your account is suspended, so its withdrawals are frozen';
export const WITHDRAWAL_REQUEST_REUSED_MESSAGE = 'This request id was already used for another withdrawal';

export const withdrawalMinimumMessage = (askedMinor: number, currency: string) =>
  `The least you can withdraw is ${majorAmountText(WITHDRAWAL_MIN_MINOR, currency)} ${currency}; you asked for ${majorAmountText(askedMinor, currency)} ${currency}`;
export const withdrawalOwedMessage = (owedMinor: number, currency: string) =>
  `You owe ${majorAmountText(owedMinor, currency)} ${currency} of earnings from payments that were reversed; new earnings settle it before you can withdraw`;
export const withdrawalAboveBalanceMessage = (askedMinor: number, withdrawableMinor: number, currency: string) =>
  `You can withdraw at most ${majorAmountText(withdrawableMinor, currency)} ${currency}; you asked for ${majorAmountText(askedMinor, currency)} ${currency}`;

/** An IBAN as stored and shown to the admin: no spaces, upper case. */
export const ibanOf = (account: string): string => electronicFormatIBAN(account) ?? '';

/** POST /creators/me/withdrawals: the browser names the request once (a retry sends the same requestId). */
export const withdrawalRequestBodySchema = z
  .strictObject({
    requestId: z.uuid({ message: 'requestId must be a UUID' }),
    amountMinor: z.number({ message: 'Amount must be a number' }).int('Amount must be a whole number of cents').positive('Amount must be greater than 0'),
    currency: currencySchema,
    /** Which balance it draws on: test earnings are withdrawn as a test withdrawal. */
    test: z.boolean(),
    method: z.enum(PAYOUT_METHODS, { message: 'Payout method must be paypal or iban' }),
    account: z.string({ message: 'Payout account is required' }).trim().min(1, 'Payout account is required').max(100, 'Payout account must be at most 100 characters'),
  })
  .superRefine((body, context) => {
    if (body.method === 'iban' && !isValidIBAN(ibanOf(body.account))) context.addIssue({ code: 'custom', path: ['account'], message: INVALID_IBAN_MESSAGE });
    if (body.method === 'paypal' && !z.email().safeParse(body.account).success) context.addIssue({ code: 'custom', path: ['account'], message: INVALID_PAYPAL_MESSAGE });
  });
export type WithdrawalRequestBody = z.infer<typeof withdrawalRequestBodySchema>;

/**
 * The creator's earnings ledger: earned by a gift (+), held by a withdrawal
 * (-), released back (+), or clawed back (-) when the payment behind a gift
 * was refunded or lost in a dispute.
 */
export const EARNING_ENTRY_KINDS = ['gift', 'withdrawal', 'release', 'clawback'] as const;
export type EarningEntryKind = (typeof EARNING_ENTRY_KINDS)[number];

/** Requested (held), paid with its reference, rejected with why (released), or returned by the bank (credited back). */
export const memberWithdrawalStatusSchema = z.enum(WITHDRAWAL_STATUSES);
export type MemberWithdrawalStatus = z.infer<typeof memberWithdrawalStatusSchema>;

/** A withdrawal as its member sees it: the account only by its last characters. */
export const memberWithdrawalSchema = z.object({
  _id: z.string(),
  amount: moneySchema,
  test: z.boolean(),
  method: z.string(),
  accountEnding: z.string(),
  status: memberWithdrawalStatusSchema,
  /** The payout's reference, once paid. */
  reference: z.string().nullable(),
  /** Why it was rejected or returned. */
  reason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type MemberWithdrawal = z.infer<typeof memberWithdrawalSchema>;

export const withdrawalRequestResponseSchema = z.object({ success: z.literal(true), message: z.string(), withdrawal: memberWithdrawalSchema });
export type WithdrawalRequestResponse = z.infer<typeof withdrawalRequestResponseSchema>;

/** One calendar year (UTC) of a creator's earnings in one currency, kept for tax reporting: earned (less clawbacks), and paid out (less payouts that came back). */
export const yearlyTotalSchema = z.object({
  year: z.number().int(),
  currency: z.string(),
  test: z.boolean(),
  earnedMinor: z.number().int(),
  paidOutMinor: z.number().int(),
});
export type YearlyTotal = z.infer<typeof yearlyTotalSchema>;

// --- Identity ---------------------------------------------------------------------
// Before a first payout the creator says who they are; an admin checks it
// against documents, screens the name against sanctions lists, and records
// it as checked. Changing it asks for a new check.

export const IDENTITY_REQUIRED_MESSAGE = 'Give your identity for payouts before you withdraw';
export const IDENTITY_UNCHECKED_MESSAGE = "Record the creator's identity as checked, with a sanctions screening, before paying them";
export const IDENTITY_NOT_FOUND_MESSAGE = 'This member has not given an identity for payouts';

const requiredText = (label: string, max: number) =>
  z.string({ message: `${label} is required` }).trim().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`);

/** PUT /creators/me/identity. */
export const creatorIdentityBodySchema = z.strictObject({
  legalName: requiredText('Legal name', 120),
  birthDate: z.iso.date({ message: 'Date of birth must be a date (YYYY-MM-DD)' }),
  address: requiredText('Address', 300),
  taxId: requiredText('Tax id', 40),
});
export type CreatorIdentityBody = z.infer<typeof creatorIdentityBodySchema>;

/** What the creator sees of their identity: the tax id by its last characters only. */
export const creatorIdentitySchema = z.object({
  legalName: z.string(),
  birthDate: z.string(),
  address: z.string(),
  taxIdEnding: z.string(),
  submittedAt: z.string(),
  /** When an admin checked it (null: waiting for a check). */
  checkedAt: z.string().nullable(),
});
export type CreatorIdentity = z.infer<typeof creatorIdentitySchema>;

/** POST /admin/creators/:id/identity-check: the admin checked the documents and screened the name; a match is not recorded here (ban instead). */
export const identityCheckBodySchema = z.strictObject({
  sanctionsScreened: z.literal(true, { message: 'Screen the name against sanctions lists first' }),
});

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
  /** The least a withdrawal may be, in the smallest unit of any currency. */
  minimumWithdrawalMinor: z.number().int(),
  /** The member's withdrawal requests, newest first. */
  withdrawals: z.array(memberWithdrawalSchema),
  /** Earned and paid out per calendar year, newest first. */
  yearlyTotals: z.array(yearlyTotalSchema),
  /** Who the creator is, for payouts (null: not given yet). */
  identity: creatorIdentitySchema.nullable(),
});
export type CreatorStatusResponse = z.infer<typeof creatorStatusResponseSchema>;
