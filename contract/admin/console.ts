import { z } from 'zod';
import { idSchema, roleSchema } from '../common';
import { vipDurationSchema } from '../store/catalogue';
import { moneySchema } from '../store/money';
import { ADMIN_USER_FILTERS, WITHDRAWAL_STATUSES } from '../constants';

// The admin API (SPEC sections 3 and 7, issue 4): dashboard stats, user
// moderation, withdrawals and the audit log.

/** SPEC section 9: admin lists show 10 a page unless asked otherwise. */
export const ADMIN_PAGE_SIZE = 10;
export const MAX_ADMIN_PAGE_SIZE = 100;

export const pageQuery = {
  page: z.coerce.number({ message: 'Page must be a number' }).int('Page must be a whole number').min(1, 'Page must be at least 1').default(1),
  limit: z.coerce
    .number({ message: 'Limit must be a number' })
    .int('Limit must be a whole number')
    .min(1, 'Limit must be at least 1')
    .max(MAX_ADMIN_PAGE_SIZE, `Limit must be at most ${MAX_ADMIN_PAGE_SIZE}`)
    .default(ADMIN_PAGE_SIZE),
};

export const pagedFields = {
  currentPage: z.number().int(),
  totalPages: z.number().int(),
  total: z.number().int(),
};

export const messageResponseSchema = z.object({ success: z.literal(true), message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

export const idParamsSchema = z.object({ id: idSchema });

// --- Stats --------------------------------------------------------------------

export const adminStatsSchema = z.object({
  users: z.object({
    total: z.number().int(),
    /** Seen in the last 7 days. */
    active: z.number().int(),
    /** VIP that has not expired. */
    vip: z.number().int(),
    banned: z.number().int(),
  }),
  /** Sums of purchases since the start of the current UTC day, ISO week (Monday) and month: one amount per currency paid in, none when nothing was. */
  revenue: z.object({ today: z.array(moneySchema), thisWeek: z.array(moneySchema), thisMonth: z.array(moneySchema) }),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

export const adminStatsResponseSchema = adminStatsSchema.extend({ success: z.literal(true) });
export type AdminStatsResponse = z.infer<typeof adminStatsResponseSchema>;

// --- Users --------------------------------------------------------------------

export const adminUserFilterSchema = z.enum(ADMIN_USER_FILTERS, { message: 'Filter must be all, banned or vip' });
export type AdminUserFilter = z.infer<typeof adminUserFilterSchema>;

export const adminUsersQuerySchema = z.strictObject({
  ...pageQuery,
  /** Part of a username or email, case-insensitive. */
  search: z.string().trim().max(100, 'Search must be at most 100 characters').optional(),
  filter: adminUserFilterSchema.default('all'),
});
export type AdminUsersQuery = z.input<typeof adminUsersQuerySchema>;

/** An account as the operator sees it: identity, standing and VIP, never credentials. */
export const adminUserSchema = z.object({
  _id: z.string(),
  username: z.string(),
  email: z.string(),
  name: z.string(),
  role: roleSchema,
  avatar: z.string(),
  region: z.string(),
  coins: z.number().int(),
  /** Coins a lost dispute left owed: settled from new coins first, spending paused until then. */
  coinsOwed: z.number().int(),
  isVIP: z.boolean(),
  vipTier: z.string().nullable(),
  vipUntil: z.string().nullable(),
  isBanned: z.boolean(),
  banReason: z.string().nullable(),
  bannedAt: z.string().nullable(),
  isDemo: z.boolean(),
  lastSeen: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUserListResponseSchema = z.object({ success: z.literal(true), users: z.array(adminUserSchema), ...pagedFields });
export type AdminUserListResponse = z.infer<typeof adminUserListResponseSchema>;

export const adminUserResponseSchema = z.object({ success: z.literal(true), user: adminUserSchema });
export const adminUserActionResponseSchema = adminUserResponseSchema.extend({ message: z.string() });
export type AdminUserActionResponse = z.infer<typeof adminUserActionResponseSchema>;

export const banBodySchema = z.strictObject({
  reason: z
    .string({ message: 'A reason is required to ban a user' })
    .trim()
    .min(1, 'A reason is required to ban a user')
    .max(500, 'Reason must be at most 500 characters'),
});
export type BanBody = z.infer<typeof banBodySchema>;

/** Either a plan (its name and length) or a number of days; neither means the Gold plan. */
export const makeVipBodySchema = z
  .strictObject({
    planId: idSchema.optional(),
    days: vipDurationSchema.optional(),
  })
  .refine((body) => !(body.planId && body.days), { message: 'Send either planId or days, not both', path: ['days'] });
export type MakeVipBody = z.infer<typeof makeVipBodySchema>;

// --- Withdrawals --------------------------------------------------------------

export const withdrawalStatusSchema = z.enum(WITHDRAWAL_STATUSES, {
  message: 'Status must be pending, approved, rejected or returned',
});
export type WithdrawalStatus = z.infer<typeof withdrawalStatusSchema>;

export const withdrawalsQuerySchema = z.strictObject({ ...pageQuery, status: withdrawalStatusSchema.optional() });
export type WithdrawalsQuery = z.input<typeof withdrawalsQuerySchema>;

export const withdrawalSchema = z.object({
  _id: z.string(),
  /** null when the member has deleted their account: a settled payout stays on the books. */
  user: z.object({ _id: z.string(), username: z.string(), email: z.string(), avatar: z.string() }).nullable(),
  /** The coins of a demo-history withdrawal; null for a withdrawal of earnings. */
  amountCoins: z.number().int().nullable(),
  /** What is paid out, in the smallest unit of its currency. */
  amount: moneySchema,
  method: z.string(),
  /** Where to pay it: the PayPal address or IBAN (null on demo history). */
  account: z.string().nullable(),
  /** Withdraws test earnings: approve it without paying anything. */
  test: z.boolean(),
  /** The member is banned: their withdrawals are frozen and cannot be approved. */
  frozen: z.boolean(),
  /** Gifts the member received from the address they went live from: possibly self-gifting through a second account. */
  giftsFromOwnAddress: z.number().int(),
  /** Reports against the member still open. */
  openReports: z.number().int(),
  /** What the member earned from gifts in all, in the withdrawal's currency (test earnings for a test withdrawal). */
  earned: moneySchema,
  /** Earnings clawed back after a payout beyond what was left (0: none): it blocks new withdrawals until new earnings settle it. */
  owed: moneySchema,
  /** Who the creator said they are, in full for the admin (null: not given). */
  identity: z
    .object({ legalName: z.string(), birthDate: z.string(), address: z.string(), taxId: z.string(), checkedAt: z.string().nullable() })
    .nullable(),
  /** When the member joined (null once the account is gone). */
  memberSince: z.string().nullable(),
  status: withdrawalStatusSchema,
  txnId: z.string().nullable(),
  /** The payout's fee, once paid. */
  fee: moneySchema.nullable(),
  reason: z.string().nullable(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;

export const withdrawalListResponseSchema = z.object({ success: z.literal(true), withdrawals: z.array(withdrawalSchema), ...pagedFields });
export type WithdrawalListResponse = z.infer<typeof withdrawalListResponseSchema>;

export const withdrawalActionResponseSchema = z.object({ success: z.literal(true), message: z.string(), withdrawal: withdrawalSchema });
export type WithdrawalActionResponse = z.infer<typeof withdrawalActionResponseSchema>;

export const approveWithdrawalBodySchema = z.strictObject({
  txnId: z
    .string({ message: 'Transaction id is required' })
    .trim()
    .min(1, 'Transaction id is required')
    .max(100, 'Transaction id must be at most 100 characters'),
  /** What the payout cost, in the withdrawal's currency (0 when left out); what reached the member is the amount less it. */
  feeMinor: z.number({ message: 'Fee must be a number' }).int('Fee must be a whole number of cents').min(0, 'Fee cannot be negative').optional(),
});
/** A paid withdrawal whose payout came back (a closed account, a wrong IBAN): its amount goes back to the member's earnings. */
export const returnedWithdrawalBodySchema = z.strictObject({
  reason: z
    .string({ message: 'Say why the payout came back' })
    .trim()
    .min(1, 'Say why the payout came back')
    .max(500, 'Reason must be at most 500 characters'),
});
export const rejectWithdrawalBodySchema = z.strictObject({
  reason: z
    .string({ message: 'A reason is required to reject a withdrawal' })
    .trim()
    .min(1, 'A reason is required to reject a withdrawal')
    .max(500, 'Reason must be at most 500 characters'),
});

// --- Activity (the audit log) -------------------------------------------------

export const ACTIVITY_DEFAULT_LIMIT = 10;

export const activityQuerySchema = z.strictObject({
  limit: z.coerce
    .number({ message: 'Limit must be a number' })
    .int('Limit must be a whole number')
    .min(1, 'Limit must be at least 1')
    .max(MAX_ADMIN_PAGE_SIZE, `Limit must be at most ${MAX_ADMIN_PAGE_SIZE}`)
    .default(ACTIVITY_DEFAULT_LIMIT),
});

export const activityEntrySchema = z.object({
  _id: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  /** The target's current name (username, item name); null once it is deleted. */
  targetName: z.string().nullable(),
  details: z.string().nullable(),
  admin: z.object({ _id: z.string(), username: z.string() }).nullable(),
  createdAt: z.string(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

export const activityResponseSchema = z.object({ success: z.literal(true), activity: z.array(activityEntrySchema) });
export type ActivityResponse = z.infer<typeof activityResponseSchema>;
