import { sql, type SQL } from 'drizzle-orm';
import { REPORT_STATUSES, type ReportStatus } from '../../contract/admin/reports';
import type { BoostSource } from '../../contract/boost';
import { CALL_END_REASONS, type CallEndReason, type CallState } from '../../contract/calls';
import { EARNING_ENTRY_KINDS } from '../../contract/creators';
import { WITHDRAWAL_STATUSES } from '../../contract/constants';
import { COIN_ENTRY_KINDS, COIN_LOT_SOURCES, type CoinEntryKind, type CoinLotSource } from '../../contract/coins/ledger';
import {
  DISPUTE_STATUSES,
  PAYMENT_PROVIDERS,
  PURCHASE_STATUSES,
  REFUND_STATUSES,
  type DisputeStatus,
  type PaymentProvider,
  type PurchaseStatus,
  type RefundStatus,
} from '../../contract/store/purchases';
import type { LedgerMismatch, PaymentMismatch } from '../../contract/store/reconciliation';
import { SUBSCRIPTION_STATUSES, type SubscriptionStatus } from '../../contract/store/subscriptions';
import type { TestCheckoutStatus, TestSubscriptionStatus } from '../../contract/store/test-checkout';
import { LIVE_END_REASONS, type LiveEndReason } from '../../contract/live';
import { MESSAGE_KINDS, type MessageKind } from '../../contract/messaging';
import { ONBOARDING_STEPS, SHOW_ME } from '../../contract/members/preferences';
import { REPORT_REASONS, type ReportReason, type ReportedMessage } from '../../contract/safety';
import { radarCellSql } from './radar-cell';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  point,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

// One schema for both drivers (embedded PGlite and node-postgres). Migrations
// are generated from this file by drizzle-kit; never edit them by hand except
// the custom "extensions" migration that must run first.

export const roleEnum = pgEnum('role', ['user', 'admin']);
export const genderEnum = pgEnum('gender', ['male', 'female', 'other']);
export const likeTypeEnum = pgEnum('like_type', ['like', 'super', 'dislike']);
export const withdrawalStatusEnum = pgEnum('withdrawal_status', WITHDRAWAL_STATUSES);
export const showMeEnum = pgEnum('show_me', SHOW_ME);
export const onboardingStepEnum = pgEnum('onboarding_step', ONBOARDING_STEPS);

const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
/**
 * Money columns: a whole number of the currency's smallest unit (cents), beside
 * a currency column. An integer holds 21 million dollars of cents, far past
 * any one price, payment or payout; sums are read as bigint.
 */
const minorAmount = (name: string) => integer(name);
/** An ISO 4217 code; the catalogue's and the records' currency unless a row says otherwise. */
const currency = () => text('currency').notNull().default('USD');

/** `'a', 'b'` for a CHECK constraint; the values are the contract's own constants, never input. */
const sqlList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));

export const users = pgTable(
  'users',
  {
    id: id(),
    username: text('username').notNull().unique(),
    /** Always stored lowercase so lookups and the unique constraint ignore case. */
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    role: roleEnum('role').notNull().default('user'),
    name: text('name').notNull().default(''),
    avatar: text('avatar').notNull().default(''),
    age: integer('age'),
    gender: genderEnum('gender'),
    region: text('region').notNull().default(''),
    language: text('language').notNull().default('English'),
    bio: text('bio').notNull().default(''),
    interests: text('interests').array().notNull().default(sql`'{}'::text[]`),
    photos: text('photos').array().notNull().default(sql`'{}'::text[]`),
    isVerified: boolean('is_verified').notNull().default(false),
    isOnline: boolean('is_online').notNull().default(false),
    /** Hidden users never appear on anyone's radar. */
    isHidden: boolean('is_hidden').notNull().default(false),
    /** VIP's Incognito: while on (and VIP), only people they liked see them in Discover, Spin and the radar. */
    incognito: boolean('incognito').notNull().default(false),
    isVip: boolean('is_vip').notNull().default(false),
    vipTier: text('vip_tier'),
    vipUntil: timestamp('vip_until', { withTimezone: true }),
    coins: integer('coins').notNull().default(0),
    /** Likes bought with coins, used once the day's free allowance is gone; they do not expire (coins never do). */
    extraLikes: integer('extra_likes').notNull().default(0),
    /** Coins a reversed payment (a lost dispute) took back that were already spent: new coins settle it first, and spending waits until it is 0. */
    coinsOwed: integer('coins_owed').notNull().default(0),
    followers: integer('followers').notNull().default(0),
    following: integer('following').notNull().default(0),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /**
     * The centre of the ~1 km grid cell holding the position, as (longitude,
     * latitude): all the radar ever uses (server/discovery/geo.ts). Computed
     * by the database, so it can never disagree with the stored position.
     */
    radarCell: point('radar_cell', { mode: 'xy' }).generatedAlwaysAs((): SQL => radarCellSql(users.latitude, users.longitude)),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    isBanned: boolean('is_banned').notNull().default(false),
    banReason: text('ban_reason'),
    bannedAt: timestamp('banned_at', { withTimezone: true }),
    /** Part of every session token; bumping it ends all sessions (ban, logout everywhere). */
    tokenVersion: integer('token_version').notNull().default(0),
    /** Seeded demo people: real rows, but nobody can sign in as them. */
    isDemo: boolean('is_demo').notNull().default(false),
    /** Who they want to meet: the people Discover, Spin and the radar show them, and whose lists they appear in. */
    showMe: showMeEnum('show_me').notNull().default('everyone'),
    prefMinAge: integer('pref_min_age').notNull().default(18),
    prefMaxAge: integer('pref_max_age').notNull().default(99),
    /** Kilometres; null: anywhere. */
    prefMaxDistanceKm: integer('pref_max_distance_km'),
    /** When the guided set-up after registering was finished or skipped; null while it is still to do. */
    onboardedAt: timestamp('onboarded_at', { withTimezone: true }),
    /** The set-up step to resume at. */
    onboardingStep: onboardingStepEnum('onboarding_step').notNull().default('photos'),
    /** When the note about adding a photo was shown (it is shown once). */
    photoNudgeSeenAt: timestamp('photo_nudge_seen_at', { withTimezone: true }),
    /** Off: the people they message do not see when they read it, and they see it of nobody. */
    readReceipts: boolean('read_receipts').notNull().default(true),
    /** Off: others see no "Active …" line for them at all (Settings). */
    activityVisible: boolean('activity_visible').notNull().default(true),
    /** When the address in `email` was proven theirs by its verification link; a new address clears it. */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** When they accepted the Terms and confirmed being 18 or over (registration). */
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    /** The TOTP shared secret (RFC 6238), sealed with MFA_SECRET_KEY (auth/mfa-sealing.ts); set at enrolment, in use once totpEnabledAt is set. */
    totpSecret: text('totp_secret'),
    /** When the authenticator was confirmed; null: no second factor asked at sign-in. */
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** The last 30 s time step whose code was accepted, so one code never opens two sign-ins. */
    totpLastStep: integer('totp_last_step'),
    /** Keyed hashes (HMAC under MFA_SECRET_KEY) of the unused recovery codes; each is removed when used. */
    totpRecoveryCodeHashes: text('totp_recovery_code_hashes').array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Radar: nearest-neighbour (<->) and box (<@) searches over the people the
    // radar may show. Point GiST indexes are built sorted and split well; the
    // cube index on ll_to_earth() this replaces read six times more pages.
    index('users_radar_cell_idx')
      .using('gist', t.radarCell)
      .where(sql`${t.radarCell} is not null and ${t.role} = 'user' and not ${t.isBanned} and not ${t.isHidden}`),
    index('users_role_idx').on(t.role),
    // The public config asks whether any demo person is about (members/queries.ts): a lookup, not a scan of everyone.
    index('users_demo_people_idx').on(t.id).where(sql`${t.isDemo} and not ${t.isBanned}`),
    index('users_is_banned_idx').on(t.isBanned),
    // Spin walks people most recently active first and stops at a page.
    index('users_recently_active_idx').on(t.lastSeenAt.desc().nullsLast(), t.id),
    // Discover's order (online first, then the same): a page is read off the index, not sorted from everyone.
    index('users_discover_order_idx').on(t.isOnline.desc().nullsFirst(), t.lastSeenAt.desc().nullsLast(), t.id),
    // People whose position decides nothing for others (none stored, or off the radar), in Discover's and
    // Spin's orders: for someone with a distance limit in a sparse area those lists read everyone else through
    // the radar index and these people from here (discovery/queries/people.ts).
    index('users_unplaced_discover_idx')
      .on(t.isOnline.desc().nullsFirst(), t.lastSeenAt.desc().nullsLast(), t.id)
      .where(sql`${t.radarCell} is null or ${t.isHidden}`),
    index('users_unplaced_recent_idx')
      .on(t.lastSeenAt.desc().nullsLast(), t.id)
      .where(sql`${t.radarCell} is null or ${t.isHidden}`),
    // Spin's and Discover's lists for someone with a distance limit (issue 47): placed people by show-me,
    // gender and whole-degree area, each group in the list's order. The list reads the groups the caller's
    // preferences and distance allow, each only until its page is full: at a million people, walking the
    // order or reading everyone within the distance read tens of thousands of people (p99 over 100 ms).
    // Gender is keyed as 'other' when unknown, which only a list of everyone shows (people.ts).
    index('users_nearby_recent_idx')
      .on(t.showMe, sql`coalesce(${t.gender}, 'other')`, sql`floor((${t.radarCell})[1])`, sql`floor((${t.radarCell})[0])`, t.lastSeenAt.desc().nullsLast(), t.id)
      .where(sql`${t.radarCell} is not null and ${t.role} = 'user' and not ${t.isBanned} and not ${t.isHidden}`),
    index('users_nearby_discover_idx')
      .on(
        t.showMe,
        sql`coalesce(${t.gender}, 'other')`,
        sql`floor((${t.radarCell})[1])`,
        sql`floor((${t.radarCell})[0])`,
        t.isOnline.desc().nullsFirst(),
        t.lastSeenAt.desc().nullsLast(),
        t.id,
      )
      .where(sql`${t.radarCell} is not null and ${t.role} = 'user' and not ${t.isBanned} and not ${t.isHidden}`),
    // Coins never go below zero: the ledger refuses a spend past the balance, and this refuses any write that would.
    check('users_coins_not_negative', sql`${t.coins} >= 0`),
    check('users_extra_likes_not_negative', sql`${t.extraLikes} >= 0`),
    check('users_coins_owed_not_negative', sql`${t.coinsOwed} >= 0`),
  ],
);

/**
 * One row per issued session token (its `jti`): a token is honoured only while
 * its row exists, is not revoked and has not expired, so logout, a password
 * change or a ban end sessions on the server, not just in the browser.
 */
export const sessions = pgTable(
  'sessions',
  {
    /** The token's `jti` claim. */
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /**
     * How the member names this session in "Where you're signed in": the jti
     * stays out of answers, and this handle ends one session and nothing else.
     */
    handle: uuid('handle').notNull().defaultRandom(),
    /** The browser's User-Agent at sign-in (cut to USER_AGENT_MAX_LENGTH), so the member can tell their devices apart. */
    userAgent: text('user_agent'),
    /** Last request made with this session, to within ACTIVITY_RECORD_INTERVAL_MS (written at most that often). */
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the last open Orbit page of this session was closed: the session
     * stays signed in, but no longer keeps its member online. Cleared by the
     * session's next request.
     */
    leftAt: timestamp('left_at', { withTimezone: true }),
    /** How long the session may go unused before it ends (set at sign-in from the role and "remember me"). */
    idleTimeoutSeconds: integer('idle_timeout_seconds').notNull().default(86400),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

/**
 * Failed sign-ins, kept for the throttling window. A failure made with a
 * valid device cookie counts against that device only; one made without
 * counts against the account's shared allowance for unknown devices, so a
 * guesser cannot lock out the owner's own browser.
 */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    id: id(),
    /** Which door and which account: `user:<username>`, `admin:<username>`, `totp:<user id>`. */
    accountKey: text('account_key').notNull(),
    /** The device cookie's id when a valid one came with the attempt; null: an unknown device. */
    deviceId: text('device_id'),
    failedAt: timestamp('failed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sign_in_failures_account_idx').on(t.accountKey, t.failedAt)],
);

/**
 * The browsers whose device cookies an account honours (issue 50, finding 8):
 * the newest KNOWN_DEVICES_PER_ACCOUNT per door, so however many browsers
 * once signed in, no more than that many get allowances of their own. A
 * cookie without its row here is an unknown device. Gone with the account.
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    door: text('door', { enum: ['user', 'admin'] }).notNull(),
    /** The id inside the signed device cookie. */
    deviceId: text('device_id').notNull(),
    lastSignedInAt: timestamp('last_signed_in_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.door, t.deviceId] }), index('known_devices_newest_idx').on(t.userId, t.door, t.lastSignedInAt)],
);

/**
 * Second-step tickets already spent on a session (issue 50): a ticket opens
 * one, even with two recovery codes sent at once. Kept until the ticket would
 * have expired anyway.
 */
export const spentSecondStepTickets = pgTable(
  'spent_second_step_tickets',
  {
    id: uuid('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('spent_second_step_tickets_expires_idx').on(t.expiresAt)],
);

export const emailTokenPurposeEnum = pgEnum('email_token_purpose', ['password_reset', 'email_verification', 'sign_in']);

/** Links sent by email: only a hash of the token is stored, and each opens once. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: emailTokenPurposeEnum('purpose').notNull(),
    /** SHA-256 of the token in the link (hex). */
    tokenHash: text('token_hash').notNull().unique(),
    /** The address the link was sent to: a verification proves this one, not a later one. */
    email: text('email').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('email_tokens_user_idx').on(t.userId, t.purpose)],
);

export const likes = pgTable(
  'likes',
  {
    id: id(),
    fromUserId: uuid('from_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    toUserId: uuid('to_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: likeTypeEnum('type').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('likes_from_to_unique').on(t.fromUserId, t.toUserId),
    index('likes_to_user_id_idx').on(t.toUserId),
  ],
);

/**
 * How many likes a free member has given on one day (UTC): the daily allowance
 * is a counter bumped in the like's own transaction, so concurrent likes can
 * never go past it and taking a like back gives nothing back.
 */
export const likeAllowanceDays = pgTable(
  'like_allowance_days',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    used: integer('used').notNull(),
  },
  (t) => [primaryKey({ name: 'like_allowance_days_pkey', columns: [t.userId, t.day] }), check('like_allowance_days_used_positive', sql`${t.used} > 0`)],
);

/**
 * Boosts (issue 48): while one runs, its member's card comes first in others'
 * Discover and Spin. A VIP's daily one carries its UTC day, unique per
 * member; a bought one carries the spend's idempotency key.
 */
export const boosts = pgTable(
  'boosts',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    source: text('source').$type<BoostSource>().notNull(),
    /** The UTC day of a VIP's daily boost; null for a bought one. */
    vipDay: date('vip_day', { mode: 'string' }),
    /** The key of the start (the daily one's attempt, or the coin spend's): a retry finds this boost. */
    startKey: text('start_key').notNull().unique(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    uniqueIndex('boosts_user_vip_day_idx').on(t.userId, t.vipDay),
    index('boosts_ends_at_idx').on(t.endsAt),
    index('boosts_user_started_idx').on(t.userId, t.startedAt.desc()),
    check('boosts_source_check', sql`${t.source} in ('vip-daily', 'coins')`),
    check('boosts_ends_after_start', sql`${t.endsAt} > ${t.startedAt}`),
  ],
);

/** Who was shown a boosted card: once per person and boost, so a boost's views are people, not page loads. */
export const boostViews = pgTable(
  'boost_views',
  {
    boostId: uuid('boost_id')
      .notNull()
      .references(() => boosts.id, { onDelete: 'cascade' }),
    viewerId: uuid('viewer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ name: 'boost_views_pkey', columns: [t.boostId, t.viewerId] })],
);

export const matches = pgTable(
  'matches',
  {
    id: id(),
    /** The smaller of the two ids, so each pair has exactly one row. */
    userAId: uuid('user_a_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userBId: uuid('user_b_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    unique('matches_pair_unique').on(t.userAId, t.userBId),
    check('matches_ordered_pair', sql`${t.userAId} < ${t.userBId}`),
    // The news email's sweep reads the matches of a day window (notifications/queries/news-email.ts).
    index('matches_created_at_idx').on(t.createdAt),
  ],
);

export const blogPosts = pgTable(
  'blog_posts',
  {
    id: id(),
    title: text('title').notNull(),
    excerpt: text('excerpt').notNull().default(''),
    /** Trusted HTML written by admins; the web app still sanitises before rendering. */
    content: text('content').notNull(),
    author: text('author').notNull(),
    date: timestamp('date', { withTimezone: true }).notNull().defaultNow(),
    readTime: text('read_time').notNull().default('5 min read'),
    image: text('image').notNull().default(''),
    category: text('category').notNull().default('General'),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    published: boolean('published').notNull().default(true),
    featured: boolean('featured').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('blog_posts_published_date_idx').on(t.published, t.date.desc()),
    index('blog_posts_category_idx').on(t.category),
  ],
);

export const settingTypes = ['string', 'number', 'boolean', 'array', 'object'] as const;
export type SettingType = (typeof settingTypes)[number];

export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
  type: text('type').$type<SettingType>().notNull(),
  description: text('description').notNull().default(''),
  /** Public settings are served to anonymous visitors by GET /api/config. */
  isPublic: boolean('is_public').notNull().default(false),
  updatedAt: updatedAt(),
});

export const coinPacks = pgTable(
  'coin_packs',
  {
    id: id(),
    name: text('name').notNull(),
    coins: integer('coins').notNull(),
    priceMinor: minorAmount('price_minor').notNull(),
    currency: currency(),
    popular: boolean('popular').notNull().default(false),
    active: boolean('active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('coin_packs_price_positive', sql`${t.priceMinor} > 0`)],
);

export const vipPlans = pgTable(
  'vip_plans',
  {
    id: id(),
    name: text('name').notNull(),
    durationDays: integer('duration_days').notNull(),
    priceMinor: minorAmount('price_minor').notNull(),
    currency: currency(),
    popular: boolean('popular').notNull().default(false),
    features: text('features').array().notNull().default(sql`'{}'::text[]`),
    active: boolean('active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('vip_plans_price_positive', sql`${t.priceMinor} > 0`)],
);

export const gifts = pgTable('gifts', {
  id: id(),
  name: text('name').notNull(),
  /** An emoji. */
  icon: text('icon').notNull(),
  priceCoins: integer('price_coins').notNull(),
  active: boolean('active').notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const withdrawals = pgTable(
  'withdrawals',
  {
    id: id(),
    /**
     * Null once the member has deleted their account: a settled payout is an
     * accounting record the operator must keep, like a purchase. A pending one
     * blocks the deletion instead, so it never loses its member.
     */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The coins of the spec's first withdrawals (demo history); null for a withdrawal of earnings. */
    amountCoins: integer('amount_coins'),
    amountMinor: minorAmount('amount_minor').notNull(),
    currency: currency(),
    /** The payout method as shown ("PayPal", "Bank transfer (IBAN)"). */
    method: text('method').notNull(),
    /** Where to pay: a PayPal address or an IBAN (no spaces). Null on demo history. */
    account: text('account'),
    /** Withdraws test earnings: no money moves. */
    test: boolean('test').notNull().default(false),
    /** Who pays it: `manual` (an admin, outside Orbit). */
    payoutProvider: text('payout_provider').notNull().default('manual'),
    /** Named by the member's browser; a retried request finds its withdrawal instead of making another. */
    requestId: uuid('request_id'),
    status: withdrawalStatusEnum('status').notNull().default('pending'),
    txnId: text('txn_id'),
    /** The payout's fee, and what reached the member (the amount less the fee). */
    feeMinor: minorAmount('fee_minor'),
    sentMinor: minorAmount('sent_minor'),
    reason: text('reason'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('withdrawals_status_idx').on(t.status),
    uniqueIndex('withdrawals_user_request_unique').on(t.userId, t.requestId),
    check('withdrawals_amount_not_negative', sql`${t.amountMinor} >= 0`),
    check('withdrawals_fee_within_amount', sql`${t.feeMinor} is null or (${t.feeMinor} >= 0 and ${t.feeMinor} <= ${t.amountMinor})`),
  ],
);

export const purchaseKinds = ['coins', 'vip'] as const;
export type PurchaseKind = (typeof purchaseKinds)[number];

/**
 * A purchase with money. Stored as pending when its checkout starts (what the
 * member was shown is what is granted, whatever the catalogue says later) and
 * granted only when the provider confirms payment (server/store/fulfil.ts).
 */
export const purchases = pgTable(
  'purchases',
  {
    id: id(),
    /** Kept (as null) when the buyer is deleted so revenue figures do not change. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').$type<PurchaseKind>().notNull(),
    itemName: text('item_name').notNull(),
    /** The pack bought, while it exists; the coins granted are stored below. */
    coinPackId: uuid('coin_pack_id').references(() => coinPacks.id, { onDelete: 'set null' }),
    /** Coins a pack grants; null for VIP. */
    coins: integer('coins'),
    /** The VIP plan bought, while it exists. */
    vipPlanId: uuid('vip_plan_id').references(() => vipPlans.id, { onDelete: 'set null' }),
    /** A VIP plan's billing period; null for coins. */
    billingMonths: integer('billing_months'),
    /** The subscription a VIP purchase started, or renewed. */
    subscriptionId: uuid('subscription_id').references((): AnyPgColumn => vipSubscriptions.id, { onDelete: 'set null' }),
    amountMinor: minorAmount('amount_minor').notNull(),
    currency: currency(),
    status: text('status').$type<PurchaseStatus>().notNull(),
    provider: text('provider').$type<PaymentProvider>().notNull(),
    /** The member and the browser's attempt id: a double click or a retry finds the same checkout. */
    attemptKey: text('attempt_key').unique(),
    /** The provider's checkout session (Stripe's cs_…, the local provider's tcs_…). */
    checkoutSessionId: text('checkout_session_id').unique(),
    /** The provider's payment once paid (Stripe's payment intent), for refunds and disputes. */
    paymentId: text('payment_id'),
    /** The member ticked the withdrawal waiver before paying. */
    withdrawalWaived: boolean('withdrawal_waived').notNull().default(false),
    checkoutExpiresAt: timestamp('checkout_expires_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** What went back to the member (a withdrawal), in the same currency; revenue is the amount less this. */
    refundedMinor: integer('refunded_minor').notNull().default(0),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** The provider's refund (Stripe's re_…). */
    refundId: text('refund_id'),
    /** A member's refund of a coin pack: pending until the provider settles it; null when none was asked. */
    refundStatus: text('refund_status').$type<RefundStatus>(),
    /** Refunds of this purchase begun: each attempt's ledger entries have keys of their own. */
    refundAttempts: integer('refund_attempts').notNull().default(0),
    /** The card holder's dispute of the payment (Stripe's dp_…), and where it stands. */
    disputeId: text('dispute_id'),
    disputeStatus: text('dispute_status').$type<DisputeStatus>(),
    /** Coins of the disputed purchase already spent when the dispute opened: owed by the member unless it is won. */
    disputeOwedCoins: integer('dispute_owed_coins').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('purchases_created_at_idx').on(t.createdAt),
    index('purchases_paid_at_idx').on(t.paidAt),
    index('purchases_user_created_idx').on(t.userId, t.createdAt.desc()),
    check('purchases_amount_not_negative', sql`${t.amountMinor} >= 0`),
    check('purchases_status_check', sql`${t.status} in (${sqlList(PURCHASE_STATUSES)})`),
    check('purchases_provider_check', sql`${t.provider} in (${sqlList(PAYMENT_PROVIDERS)})`),
    check('purchases_paid_has_date', sql`(${t.status} = 'paid') = (${t.paidAt} is not null)`),
    check('purchases_dispute_status_check', sql`${t.disputeStatus} is null or ${t.disputeStatus} in (${sqlList(DISPUTE_STATUSES)})`),
    check('purchases_refund_status_check', sql`${t.refundStatus} is null or ${t.refundStatus} in (${sqlList(REFUND_STATUSES)})`),
    check('purchases_refund_within_amount', sql`${t.refundedMinor} >= 0 and ${t.refundedMinor} <= ${t.amountMinor}`),
  ],
);

/**
 * Every provider event Orbit applied, written in the same transaction as its
 * effects: a webhook delivered twice, or after a retry, applies once.
 */
export const paymentEvents = pgTable('payment_events', {
  /** provider:event id; refund-applied:refund id for a refund made at the provider (applied once, whichever of its events came first). */
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  createdAt: createdAt(),
});

/**
 * One daily reconciliation (server/store/reconciliation.ts): the row is
 * claimed by inserting it, so among several processes one runs each day.
 */
export const reconciliationRuns = pgTable('reconciliation_runs', {
  day: date('day', { mode: 'string' }).primaryKey(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  membersOffLedger: jsonb('members_off_ledger').$type<LedgerMismatch[]>().notNull().default([]),
  paymentsChecked: integer('payments_checked').notNull().default(0),
  paymentMismatches: jsonb('payment_mismatches').$type<PaymentMismatch[]>().notNull().default([]),
});

/**
 * The local test provider's own checkout sessions (PAYMENTS_PROVIDER=local):
 * what Stripe would keep on its side, kept here so Orbit asks "its provider"
 * how a checkout ended exactly as it asks Stripe.
 */
export const testCheckoutSessions = pgTable('test_checkout_sessions', {
  id: text('id').primaryKey(),
  /** Stripe's client_reference_id: the pending purchase. */
  purchaseId: uuid('purchase_id').notNull(),
  /** Only the member who started it may pay through it. */
  userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
  itemName: text('item_name').notNull(),
  amountMinor: minorAmount('amount_minor').notNull(),
  currency: currency(),
  status: text('status').$type<TestCheckoutStatus>().notNull().default('open'),
  declined: boolean('declined').notNull().default(false),
  successPath: text('success_path').notNull(),
  cancelPath: text('cancel_path').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  /** Set for a subscription's checkout (Stripe's mode `subscription`): its billing period. */
  billingMonths: integer('billing_months'),
  /** The subscription paying it started. */
  subscriptionId: text('subscription_id'),
  /** A test's dispute of the payment (the bank's part, played by a test): open, then won or lost. */
  disputeStatus: text('dispute_status').$type<DisputeStatus>(),
  createdAt: createdAt(),
});

/** The local test provider's subscriptions: what Stripe keeps of one, kept here (PAYMENTS_PROVIDER=local). */
export const testSubscriptions = pgTable('test_subscriptions', {
  id: text('id').primaryKey(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
  itemName: text('item_name').notNull(),
  amountMinor: minorAmount('amount_minor').notNull(),
  currency: currency(),
  billingMonths: integer('billing_months').notNull(),
  status: text('status').$type<TestSubscriptionStatus>().notNull().default('active'),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull(),
  currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
  endedAt: timestamp('ended_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/**
 * A member's VIP subscription, as its provider last reported it (re-read on
 * every event, so events in any order leave it as the provider has it). VIP
 * (users.vip_until) runs to `paid_until`: the end of the last period paid for.
 */
export const vipSubscriptions = pgTable(
  'vip_subscriptions',
  {
    id: id(),
    /** Null once the member deleted their account (after it was cancelled at the provider). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    planId: uuid('plan_id').references(() => vipPlans.id, { onDelete: 'set null' }),
    planName: text('plan_name').notNull(),
    amountMinor: minorAmount('amount_minor').notNull(),
    currency: currency(),
    billingMonths: integer('billing_months').notNull(),
    provider: text('provider').$type<PaymentProvider>().notNull(),
    /** Stripe's sub_…, the local provider's tsub_…. */
    providerSubscriptionId: text('provider_subscription_id').notNull().unique(),
    status: text('status').$type<SubscriptionStatus>().notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    paidUntil: timestamp('paid_until', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // At most one subscription that has not ended per member.
    uniqueIndex('vip_subscriptions_one_live_idx').on(t.userId).where(sql`${t.status} <> 'ended'`),
    check('vip_subscriptions_status_check', sql`${t.status} in (${sqlList(SUBSCRIPTION_STATUSES)})`),
    check('vip_subscriptions_provider_check', sql`${t.provider} in (${sqlList(PAYMENT_PROVIDERS)})`),
  ],
);

/**
 * A member's customer at the payment provider (Stripe's cus_…): one per
 * member, created on their first checkout, so every payment of theirs is
 * under one customer in the provider's dashboard.
 */
export const paymentCustomers = pgTable('payment_customers', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  provider: text('provider').$type<PaymentProvider>().notNull(),
  customerId: text('customer_id').notNull().unique(),
  createdAt: createdAt(),
});

/**
 * The coin ledger: every change of `users.coins`, appended in the same
 * transaction as the balance it changes (server/coins/ledger.ts is the only
 * writer of either), so the balance is always the sum of a member's entries.
 */
export const coinLedger = pgTable(
  'coin_ledger',
  {
    id: id(),
    /** Null once the member deleted their account: the entries stay, as accounting records. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Coins in (positive) or out (negative). */
    amount: integer('amount').notNull(),
    kind: text('kind').$type<CoinEntryKind>().notNull(),
    /** What the entry is about (a purchase, an admin's reason, the thing bought), for the member's history and the audit. */
    reference: text('reference').notNull(),
    /** The caller's key for this one change: posting it again changes nothing. */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    /** The member's balance right after this entry. */
    balanceAfter: integer('balance_after').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('coin_ledger_user_created_idx').on(t.userId, t.createdAt.desc()),
    check('coin_ledger_amount_not_zero', sql`${t.amount} <> 0`),
    check('coin_ledger_balance_not_negative', sql`${t.balanceAfter} >= 0`),
    check('coin_ledger_kind_check', sql`${t.kind} in (${sqlList(COIN_ENTRY_KINDS)})`),
  ],
);

/**
 * What stands behind a member's coins: each credit is a lot (bought with a
 * payment, earned in the app, or granted), and each debit draws from lots,
 * earned and granted first, then bought, oldest first. A refund or dispute
 * then knows which of a payment's coins are still unspent. The lots' unspent
 * coins always add up to the balance.
 */
export const coinLots = pgTable(
  'coin_lots',
  {
    id: id(),
    /** Null once the member deleted their account, like their ledger entries. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    source: text('source').$type<CoinLotSource>().notNull(),
    /** The coin pack purchase whose coins these are (source purchased). */
    purchaseId: uuid('purchase_id')
      .references((): AnyPgColumn => purchases.id, { onDelete: 'set null' })
      .unique(),
    /** The entry that credited the lot. */
    entryId: uuid('entry_id').references(() => coinLedger.id, { onDelete: 'set null' }),
    coins: integer('coins').notNull(),
    /** Not yet spent, taken or refunded. */
    unspent: integer('unspent').notNull(),
    /** Out of the balance while the payment behind them is disputed: back if the dispute is won, gone if lost. */
    held: integer('held').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('coin_lots_user_unspent_idx')
      .on(t.userId, t.createdAt)
      .where(sql`${t.unspent} > 0`),
    check('coin_lots_coins_positive', sql`${t.coins} > 0`),
    check('coin_lots_unspent_within_coins', sql`${t.unspent} >= 0 and ${t.held} >= 0 and ${t.unspent} + ${t.held} <= ${t.coins}`),
    check('coin_lots_source_check', sql`${t.source} in (${sqlList(COIN_LOT_SOURCES)})`),
    check('coin_lots_only_bought_have_purchase', sql`${t.source} = 'purchased' or ${t.purchaseId} is null`),
  ],
);

/** Which lots a debit took its coins from, and how many from each (a credit back, e.g. a failed refund, returns them there). */
export const coinLotDraws = pgTable(
  'coin_lot_draws',
  {
    id: id(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => coinLedger.id, { onDelete: 'cascade' }),
    lotId: uuid('lot_id')
      .notNull()
      .references(() => coinLots.id, { onDelete: 'cascade' }),
    coins: integer('coins').notNull(),
  },
  (t) => [index('coin_lot_draws_entry_idx').on(t.entryId), index('coin_lot_draws_lot_idx').on(t.lotId), check('coin_lot_draws_coins_positive', sql`${t.coins} > 0`)],
);

export const newsletterSubscribers = pgTable('newsletter_subscribers', {
  id: id(),
  email: text('email').notNull().unique(),
  createdAt: createdAt(),
});

export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: id(),
    adminId: uuid('admin_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    details: text('details'),
    createdAt: createdAt(),
  },
  (t) => [index('admin_audit_log_created_at_idx').on(t.createdAt.desc())],
);

/**
 * A member's uploaded photo. The files (one WebP per width in PHOTO_WIDTHS)
 * live in photo storage under the photo's id; users.avatar and users.photos
 * are kept in step with this table, in the same transaction, so every list
 * that shows people reads them without a join.
 */
export const memberPhotos = pgTable(
  'member_photos',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 0 is the main photo. */
    position: integer('position').notNull(),
    /** Of the largest stored width, after orientation. */
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** The widths actually stored (never enlarged past the original). */
    widths: integer('widths').array().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('member_photos_user_position_idx').on(t.userId, t.position)],
);

/**
 * One browser a member allowed push notifications on (PushSubscription): its
 * push service endpoint and the keys payloads are encrypted to. The endpoint
 * is the browser's; a second member signing in there takes it over. It lives
 * as long as the session it was made in: signing out on that browser (or
 * everywhere) stops its pushes.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique('push_subscriptions_endpoint_key'),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('push_subscriptions_user_id_idx').on(t.userId)],
);

/** A member's notification switches (Settings); no row: every default (contract/notifications.ts). */
export const notificationSettings = pgTable('notification_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  match: boolean('match').notNull().default(true),
  message: boolean('message').notNull().default(true),
  call: boolean('call').notNull().default(true),
  live: boolean('live').notNull().default(true),
  messagePreviews: boolean('message_previews').notNull().default(true),
  emailDigest: boolean('email_digest').notNull().default(true),
  /** When the last news email went out (at most one a day); set in the same statement that claims the next one. */
  lastDigestAt: timestamp('last_digest_at', { withTimezone: true }),
  updatedAt: updatedAt(),
});

/**
 * Something Orbit tells a member once, outside any screen they were on: a
 * moderator removed one of their photos, say. Shown until they dismiss it.
 */
export const memberNotices = pgTable(
  'member_notices',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
    seenAt: timestamp('seen_at', { withTimezone: true }),
  },
  (t) => [index('member_notices_user_id_idx').on(t.userId)],
);

/**
 * The messages of one pair of members, smaller id first like matches. It
 * outlives the match only as a counter: when the match ends (unmatch, block)
 * its messages are deleted and `endedAt` set, so a send is refused with a
 * reason; a new match reopens it and numbering goes on where it stopped.
 * The per-member marks say how far each got: delivered (their browser has
 * the messages) and read (they saw them).
 */
export const conversations = pgTable(
  'conversations',
  {
    id: id(),
    userAId: uuid('user_a_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userBId: uuid('user_b_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The highest message number given out; bumped in the transaction that stores the message. */
    lastSeq: integer('last_seq').notNull().default(0),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    userADeliveredSeq: integer('user_a_delivered_seq').notNull().default(0),
    userAReadSeq: integer('user_a_read_seq').notNull().default(0),
    userBDeliveredSeq: integer('user_b_delivered_seq').notNull().default(0),
    userBReadSeq: integer('user_b_read_seq').notNull().default(0),
    /**
     * Each side's unread messages from the other (call entries that were answered not counted), kept so the
     * conversation list need not count them: raised with each message stored, recounted when the read mark moves.
     */
    userAUnread: integer('user_a_unread').notNull().default(0),
    userBUnread: integer('user_b_unread').notNull().default(0),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    unique('conversations_pair_unique').on(t.userAId, t.userBId),
    check('conversations_ordered_pair', sql`${t.userAId} < ${t.userBId}`),
    index('conversations_user_b_id_idx').on(t.userBId),
    // The news email's sweep reads the conversations written in of a day window.
    index('conversations_last_message_at_idx').on(t.lastMessageAt),
  ],
);

export const messages = pgTable(
  'messages',
  {
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    /** Made by the sender's browser, so a retry can be recognised. */
    id: uuid('id').notNull(),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    /** `call`/`missed-call`: the entry a video call leaves in the chat (its id is the call's, its sender the caller). */
    kind: text('kind').$type<MessageKind>().notNull().default('text'),
    createdAt: createdAt(),
  },
  (t) => [
    check('messages_kind_check', sql`${t.kind} in (${sqlList(MESSAGE_KINDS)})`),
    // History pages and catching up are ranges of this key: 10,000 messages read like 10.
    primaryKey({ name: 'messages_pkey', columns: [t.conversationId, t.seq] }),
    // A retry of the same message is the same row.
    unique('messages_sender_id_unique').on(t.senderId, t.id),
  ],
);

/**
 * Who blocked whom. A block hides both people from each other everywhere a
 * member sees members, so both directions are read: the primary key serves
 * "did the caller block them", the blocked_id index "did they block the caller".
 */
export const userBlocks = pgTable(
  'user_blocks',
  {
    blockerId: uuid('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: uuid('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ name: 'user_blocks_pkey', columns: [t.blockerId, t.blockedId] }), index('user_blocks_blocked_id_idx').on(t.blockedId)],
);

/** A member's report about another member, worked through by operators (open until resolved). */
export const userReports = pgTable(
  'user_reports',
  {
    id: id(),
    /**
     * Null once the reporter has deleted their account: the report stays in the
     * queue, because what it says about the reported member is still true and
     * a harasser must not get away with it by being reported by people who left.
     */
    reporterId: uuid('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * No foreign key: a report outlives the account it is about. A member who
     * is reported must not be able to wipe the record by deleting their
     * account (and then sign up again); the id still groups every report about
     * that account, and the username below still names it.
     */
    reportedId: uuid('reported_id').notNull(),
    /** The reported member's username when the report was made (usernames never change), for when the account is gone. */
    reportedUsername: text('reported_username').notNull(),
    reason: text('reason').$type<ReportReason>().notNull(),
    details: text('details').notNull().default(''),
    /**
     * The photo the report is about, when it is about one. No foreign key: the
     * report outlives the photo (a moderator removes it, or its owner does).
     */
    photoId: uuid('photo_id'),
    /**
     * The conversation's latest messages when the report was made from a chat,
     * copied: they stay for the operators whatever happens to the conversation
     * (an unmatch deletes its messages), and go when the report is resolved.
     */
    conversationExcerpt: jsonb('conversation_excerpt').$type<ReportedMessage[]>(),
    status: text('status').$type<ReportStatus>().notNull().default('open'),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    /** Kept (as null) when that operator account is deleted. */
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('user_reports_reason_check', sql`${t.reason} in (${sqlList(REPORT_REASONS)})`),
    check('user_reports_status_check', sql`${t.status} in (${sqlList(REPORT_STATUSES)})`),
    // The operator's queue: one status, newest first.
    index('user_reports_status_created_at_idx').on(t.status, t.createdAt.desc()),
    // Open reports against one person, counted on every queue row.
    index('user_reports_reported_status_idx').on(t.reportedId, t.status),
    // One open report per reporter and person: reporting again amends it (ON CONFLICT), even when two reports race.
    uniqueIndex('user_reports_one_open_per_pair_idx').on(t.reporterId, t.reportedId).where(sql`${t.status} = 'open'`),
  ],
);

/**
 * Video calls (contract/calls.ts). The caller's browser makes the id. A pair
 * has at most one call that has not ended, which the database itself holds
 * to (two invites racing make one call); the rate limit counts a caller's
 * recent rows. Ended calls stay: they are the missed-call history.
 */
export const calls = pgTable(
  'calls',
  {
    id: uuid('id').primaryKey(),
    callerId: uuid('caller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    calleeId: uuid('callee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    state: text('state').$type<CallState>().notNull().default('ringing'),
    createdAt: createdAt(),
    /** When a tab of the callee said it was ringing. */
    ringingAt: timestamp('ringing_at', { withTimezone: true }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endReason: text('end_reason').$type<CallEndReason>(),
  },
  (t) => [
    check('calls_state_check', sql`${t.state} in ('ringing', 'active', 'ended')`),
    check('calls_end_reason_check', sql`${t.endReason} is null or ${t.endReason} in (${sqlList(CALL_END_REASONS)})`),
    check('calls_not_self', sql`${t.callerId} <> ${t.calleeId}`),
    uniqueIndex('calls_one_open_per_pair_idx')
      .on(sql`least(${t.callerId}, ${t.calleeId})`, sql`greatest(${t.callerId}, ${t.calleeId})`)
      .where(sql`${t.state} <> 'ended'`),
    // "Is this member in a call already" (busy), from either side.
    index('calls_open_caller_idx').on(t.callerId).where(sql`${t.state} <> 'ended'`),
    index('calls_open_callee_idx').on(t.calleeId).where(sql`${t.state} <> 'ended'`),
    // The rate limit: a caller's calls in the last window.
    index('calls_caller_created_at_idx').on(t.callerId, t.createdAt),
    // The ring sweep: calls still ringing, oldest first.
    index('calls_ringing_created_at_idx').on(t.createdAt).where(sql`${t.state} = 'ringing'`),
  ],
);

/**
 * Live streams (contract/live.ts). The host's session is kept so a sign-out
 * of that session ends the stream; the viewer figures are kept as the
 * stream goes, for the admin dashboard.
 */
export const streams = pgTable(
  'streams',
  {
    id: id(),
    hostId: uuid('host_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    hostSessionId: uuid('host_session_id'),
    /** A keyed fingerprint of the address the host went live from (never the address): gifts from it are flagged. */
    hostAddressFingerprint: text('host_address_fingerprint'),
    title: text('title').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endReason: text('end_reason').$type<LiveEndReason>(),
    peakViewers: integer('peak_viewers').notNull().default(0),
    totalViewers: integer('total_viewers').notNull().default(0),
  },
  (t) => [
    check('streams_end_reason_check', sql`${t.endReason} is null or ${t.endReason} in (${sqlList(LIVE_END_REASONS)})`),
    check('streams_ended_with_reason', sql`(${t.endedAt} is null) = (${t.endReason} is null)`),
    // One live stream per member at a time.
    uniqueIndex('streams_one_live_per_host_idx').on(t.hostId).where(sql`${t.endedAt} is null`),
    // Live now, and the sweep of streams whose process died.
    index('streams_live_started_at_idx').on(t.startedAt).where(sql`${t.endedAt} is null`),
    // The start rate limit, and the admin list of ended streams.
    index('streams_host_started_at_idx').on(t.hostId, t.startedAt),
    index('streams_started_at_idx').on(t.startedAt),
  ],
);

/** Who ever watched a stream: total unique viewers is their count. */
export const streamViewers = pgTable(
  'stream_viewers',
  {
    streamId: uuid('stream_id')
      .notNull()
      .references(() => streams.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstJoinedAt: timestamp('first_joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.streamId, t.userId] })],
);

/** A stream's chat; a message the host removed keeps its row, marked. */
export const streamMessages = pgTable(
  'stream_messages',
  {
    id: id(),
    streamId: uuid('stream_id')
      .notNull()
      .references(() => streams.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [index('stream_messages_stream_created_at_idx').on(t.streamId, t.createdAt)],
);

/**
 * A gift sent (issue 49): the coins left the sender's balance in the ledger
 * entry `entryId` (kind spent, keyed by the sender's sendId). Rows outlive
 * the accounts and the stream, as accounting records; a gift that was ever
 * sent can only be retired.
 */
export const giftSends = pgTable(
  'gift_sends',
  {
    id: id(),
    senderId: uuid('sender_id').references(() => users.id, { onDelete: 'set null' }),
    /** The sender's name for this send (their retries carry it again). */
    sendId: uuid('send_id').notNull(),
    giftId: uuid('gift_id')
      .notNull()
      .references(() => gifts.id, { onDelete: 'restrict' }),
    recipientId: uuid('recipient_id').references(() => users.id, { onDelete: 'set null' }),
    streamId: uuid('stream_id').references(() => streams.id, { onDelete: 'set null' }),
    coins: integer('coins').notNull(),
    entryId: uuid('entry_id').references(() => coinLedger.id, { onDelete: 'set null' }),
    /** Sent from the address the stream's host went live from: possibly a creator gifting themselves through a second account. */
    fromHostAddress: boolean('from_host_address').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('gift_sends_sender_send_idx').on(t.senderId, t.sendId),
    index('gift_sends_stream_created_idx').on(t.streamId, t.createdAt),
    index('gift_sends_sender_created_idx').on(t.senderId, t.createdAt),
    check('gift_sends_coins_positive', sql`${t.coins} > 0`),
  ],
);

/** A member enrolled as a creator (issue 49): 18 or over, the creator terms of `termsVersion` accepted. */
export const creators = pgTable('creators', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  termsVersion: text('terms_version').notNull(),
  enrolledAt: createdAt(),
});

/**
 * Who a creator is, for paying them (issue 49): given before a first
 * withdrawal, recorded as checked by an admin with a sanctions screening.
 * Personal data: it goes with the account.
 */
export const creatorIdentities = pgTable('creator_identities', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  legalName: text('legal_name').notNull(),
  birthDate: date('birth_date').notNull(),
  address: text('address').notNull(),
  taxId: text('tax_id').notNull(),
  submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
  /** When an admin checked it against documents and screened the name against sanctions lists (null: not yet, or changed since). */
  checkedAt: timestamp('checked_at', { withTimezone: true }),
  checkedBy: uuid('checked_by').references(() => users.id, { onDelete: 'set null' }),
});

/**
 * A creator's earnings ledger, in money (issue 49): one row per gift that
 * earned, written in the gift's transaction, keyed so a retried gift earns
 * once; a withdrawal's hold and its release are rows of their own.
 * Kept apart from coins; rows outlive the accounts, as accounting records.
 */
export const creatorEarnings = pgTable(
  'creator_earnings',
  {
    id: id(),
    creatorId: uuid('creator_id').references(() => users.id, { onDelete: 'set null' }),
    /** What the entry is: earned by a gift (+), held by a withdrawal (-), released back to the creator (+), or clawed back (-). */
    kind: text('kind', { enum: EARNING_ENTRY_KINDS }).notNull().default('gift'),
    giftSendId: uuid('gift_send_id').references(() => giftSends.id, { onDelete: 'set null' }),
    withdrawalId: uuid('withdrawal_id').references(() => withdrawals.id, { onDelete: 'set null' }),
    amountMinor: minorAmount('amount_minor').notNull(),
    currency: currency(),
    /** From test payments (the local provider, the demo seed): shown, never paid out. */
    test: boolean('test').notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    /** Pending until then, while a card dispute could still reverse the payment behind it. */
    availableAt: timestamp('available_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('creator_earnings_creator_created_idx').on(t.creatorId, t.createdAt.desc()),
    index('creator_earnings_withdrawal_idx').on(t.withdrawalId),
    // Earned and released amounts add, holds and clawbacks take away; none is zero.
    check('creator_earnings_amount_signed', sql`(${t.kind} in ('withdrawal', 'clawback')) = (${t.amountMinor} < 0) and ${t.amountMinor} <> 0`),
  ],
);

/** A viewer the host muted in one stream, until when. */
export const streamMutes = pgTable(
  'stream_mutes',
  {
    streamId: uuid('stream_id')
      .notNull()
      .references(() => streams.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    until: timestamp('until', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.streamId, t.userId] })],
);

export type UserRow = typeof users.$inferSelect;
export type StreamRow = typeof streams.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
export type SessionRow = typeof sessions.$inferSelect;
export type SignInFailureRow = typeof signInFailures.$inferSelect;
export type EmailTokenRow = typeof emailTokens.$inferSelect;
export type LikeRow = typeof likes.$inferSelect;
export type NewLikeRow = typeof likes.$inferInsert;
export type MatchRow = typeof matches.$inferSelect;
export type NewMatchRow = typeof matches.$inferInsert;
export type BlogPostRow = typeof blogPosts.$inferSelect;
export type NewBlogPostRow = typeof blogPosts.$inferInsert;
export type AppSettingRow = typeof appSettings.$inferSelect;
export type NewAppSettingRow = typeof appSettings.$inferInsert;
export type CoinPackRow = typeof coinPacks.$inferSelect;
export type NewCoinPackRow = typeof coinPacks.$inferInsert;
export type VipPlanRow = typeof vipPlans.$inferSelect;
export type VipSubscriptionRow = typeof vipSubscriptions.$inferSelect;
export type ReconciliationRunRow = typeof reconciliationRuns.$inferSelect;
export type NewVipSubscriptionRow = typeof vipSubscriptions.$inferInsert;
export type TestSubscriptionRow = typeof testSubscriptions.$inferSelect;
export type NewVipPlanRow = typeof vipPlans.$inferInsert;
export type GiftRow = typeof gifts.$inferSelect;
export type GiftSendRow = typeof giftSends.$inferSelect;
export type NewGiftRow = typeof gifts.$inferInsert;
export type WithdrawalRow = typeof withdrawals.$inferSelect;
export type CreatorIdentityRow = typeof creatorIdentities.$inferSelect;
export type NewWithdrawalRow = typeof withdrawals.$inferInsert;
export type PurchaseRow = typeof purchases.$inferSelect;
export type NewPurchaseRow = typeof purchases.$inferInsert;
export type TestCheckoutSessionRow = typeof testCheckoutSessions.$inferSelect;
export type PaymentCustomerRow = typeof paymentCustomers.$inferSelect;
export type NewsletterSubscriberRow = typeof newsletterSubscribers.$inferSelect;
export type UserBlockRow = typeof userBlocks.$inferSelect;
export type UserReportRow = typeof userReports.$inferSelect;
export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
export type CallRow = typeof calls.$inferSelect;
export type MemberPhotoRow = typeof memberPhotos.$inferSelect;
export type NewMemberPhotoRow = typeof memberPhotos.$inferInsert;
export type MemberNoticeRow = typeof memberNotices.$inferSelect;
export type AdminAuditLogRow = typeof adminAuditLog.$inferSelect;
export type NewAdminAuditLogRow = typeof adminAuditLog.$inferInsert;
