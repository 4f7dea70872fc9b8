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

/**
 * A route's search reader whose keys are all optional, so links and redirects
 * to the route need not spell out every one (as with zod's `.optional()`).
 */
export function searchReader<Search extends object>(
  read: (search: Record<string, unknown>) => Search,
): (search: Record<string, unknown>) => Partial<Search> {
  return read;
}
