// Plain values the contract's schemas are built from, in a module that does
// not import zod: the web app's always-loaded code (route tree, Home) reads
// them without pulling zod into the JavaScript for `/` (issue 8). The schema
// modules re-export them, so server code keeps importing from there.

export const GENDERS = ['male', 'female', 'other'] as const;

/** The admin user list's filters (SPEC section 7 "Admin"). */
export const ADMIN_USER_FILTERS = ['all', 'banned', 'vip'] as const;

export const WITHDRAWAL_STATUSES = ['pending', 'approved', 'rejected', 'returned'] as const;

/** SPEC section 3: the category set every blog starts with. */
export const DEFAULT_BLOG_CATEGORIES = ['General', 'Dating Tips', 'Features', 'Community', 'Success Stories'] as const;

/** SPEC section 9 blog defaults. */
export const DEFAULT_READ_TIME = '5 min read';
export const DEFAULT_BLOG_CATEGORY = 'General';

/** SPEC section 9: 9 a page on the public blog, 10 in the admin list and as the API default. */
export const PUBLIC_BLOG_PAGE_SIZE = 9;
export const DEFAULT_BLOG_PAGE_SIZE = 10;
export const MAX_BLOG_PAGE_SIZE = 50;

export const BLOG_POST_NOT_FOUND = 'Blog post not found';

/**
 * Discover's pages reach this many people at most, whatever the page size.
 * Each page reads past everyone before it, so an unbounded page number let
 * one request cost the database hundreds of milliseconds (page 10,000 of 50
 * at a million people: 620 ms on PostgreSQL); the filters narrow the list instead.
 */
export const DISCOVER_MAX_DEPTH = 10_000;

/** How many Discover pages of `limit` people can be asked for. */
export const discoverPagesReachable = (limit: number) => Math.ceil(DISCOVER_MAX_DEPTH / limit);

/** Failures a client acts on beyond showing the message: each names what the screen offers next. */
export const ERROR_CODES = ['like-allowance-used', 'sign-in-link-offered'] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * Issue 48: free members have this many likes (and super likes) a day; VIP has
 * no limit. The day is UTC's, so it turns over at the same moment for everyone
 * and a changed clock or time zone gives nobody a second allowance.
 */
export const FREE_DAILY_LIKES = 50;

/** When the allowance of `now`'s day runs out and the next one starts: the coming UTC midnight. */
export function likeAllowanceResetsAt(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
}

/** "How to Earn Coins", as paid: +5 coins a person liked (once each), at most 50 coins a UTC day. */
export const LIKE_EARNING = { coins: 5, perDay: 50, reference: 'Liked a profile' } as const;

/** "Complete your profile": +50 coins, once, when a photo, the about text and interests are all set. */
export const PROFILE_EARNING = { coins: 50, reference: 'Completed your profile' } as const;

/**
 * "Go live": +10 coins to the host for each signed-in member who watches their
 * stream for a minute without a break, once per member a stream, at most 500
 * coins (50 viewers) a stream, so a few accounts cannot farm it.
 */
export const LIVE_VIEWER_EARNING = { coins: 10, watchMs: 60_000, perStream: 500, reference: 'Members watched your live stream' } as const;
