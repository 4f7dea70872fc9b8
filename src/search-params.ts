// Readers for values in the address bar's query string, for the routes'
// validateSearch. The route tree loads with every page, so these are plain
// functions rather than zod schemas: zod would otherwise be part of the
// JavaScript for `/` (issue 8). As with `.optional().catch(undefined)`, a
// missing or bad value reads as undefined instead of failing the page.

/** The router parses `?page=2` as the number 2; a hand-typed "2" still counts. */
export function optionalInteger(value: unknown, min: number, max = Number.MAX_SAFE_INTEGER): number | undefined {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) && number >= min && number <= max ? number : undefined;
}

/** Trimmed text of at most `maxLength` characters (and at least `minLength`). */
export function optionalText(value: unknown, maxLength: number, minLength = 1): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  return text.length >= minLength && text.length <= maxLength ? text : undefined;
}

/** One of `options`, exactly as written. */
export function optionalChoice<const Option extends string>(value: unknown, options: readonly Option[]): Option | undefined {
  return options.find((option) => option === value);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An id as the API makes them (a UUID, any case), or undefined. */
export function optionalUuid(value: unknown): string | undefined {
  return typeof value === 'string' && UUID.test(value) ? value : undefined;
}

/**
 * A route's search reader whose keys are all optional, so links and redirects
 * to the route need not spell out every one (as with zod's `.optional()`).
 */
export function searchReader<Search extends object>(
  read: (search: Record<string, unknown>) => Search,
): (search: Record<string, unknown>) => Partial<Search> {
  return read;
}

// Where signing in leads back to. Only a path inside this app may come from
// the address bar: "//host", "/\host" and "https:" would leave it (an open
// redirect), and the auth pages themselves would loop.
const AUTH_PAGES = ['/login', '/register', '/forgot-password', '/reset-password', '/verify-email'];
const MAX_RETURN_PATH = 512;

/** The token of an emailed link (32 random bytes in base64url), or undefined. */
export function optionalLinkToken(value: unknown): string | undefined {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : undefined;
}

/** An in-app path such as "/match" or "/blog/7?page=2", or undefined. */
export function optionalReturnPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > MAX_RETURN_PATH) return undefined;
  if (!value.startsWith('/') || value.startsWith('//') || hasUnsafeCharacter(value)) return undefined;
  const pathname = value.split(/[?#]/)[0] ?? '';
  return AUTH_PAGES.some((page) => pathname === page || pathname.startsWith(`${page}/`)) ? undefined : value;
}

/** A backslash (browsers read "/\\host" as "//host") or a control character. */
function hasUnsafeCharacter(value: string): boolean {
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    if (code < 0x20 || code === 0x7f || code === 0x5c) return true;
  }
  return false;
}

/**
 * Where checkout sends the buyer back (/coins or /vip): `?purchase=<id>` when
 * paid or paid later, `&checkout=cancelled` when they left without paying.
 */
export const readCheckoutReturnSearch = searchReader((search) => ({
  purchase: optionalUuid(search.purchase),
  checkout: optionalChoice(search.checkout, ['cancelled']),
}));
