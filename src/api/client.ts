import { bearerToken, clearTokens } from './auth/tokens';

/** A failed call: `message` is the server's own text when it sent one, else the caller's fallback. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly fieldErrors: ReadonlyArray<{ field: string; message: string }> = [],
    /** How long the server asked callers to wait (its Retry-After), when it said. */
    readonly retryAfterMs?: number,
    /**
     * What the screen offers next, when the server named it (one of contract ERROR_CODES). Read as
     * a plain string: the list would be one more thing every first page loads, and a screen only
     * compares it with the code it acts on.
     */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const API_BASE = '/api';

/**
 * Retry-After (RFC 9110 section 10.2.3) in milliseconds from `now`: whole
 * seconds or an HTTP date. The server sends it with a 503 while its database
 * is out of reach, and with a 429.
 */
export function parseRetryAfter(header: string | null, now: number): number | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  // An HTTP date starts with the day's name ("Mon, 23 Nov 2026 ..."); Date.parse alone would take "-3" for a year.
  const ms = /^\d+$/.test(value) ? Number(value) * 1000 : /^[A-Za-z]/.test(value) ? Date.parse(value) - now : Number.NaN;
  return Number.isFinite(ms) ? Math.max(0, ms) : undefined;
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** A file sent as the raw body with its own Content-Type (a photo upload), instead of a JSON `body`. */
  blob?: Blob;
  query?: Record<string, string | number | boolean | undefined>;
  /** SPEC section 8's fallback text, shown when the server sent no message. */
  fallbackMessage: string;
  signal?: AbortSignal;
}

function buildUrl(path: string, query?: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return `${API_BASE}${path}${search ? `?${search}` : ''}`;
}

function readServerError(payload: unknown): { message?: string; errors: Array<{ field: string; message: string }>; code?: string } {
  if (typeof payload !== 'object' || payload === null) return { errors: [] };
  const record = payload as Record<string, unknown>;
  const message = typeof record.message === 'string' && record.message.trim() ? record.message : undefined;
  const code = typeof record.code === 'string' ? record.code : undefined;
  const errors = Array.isArray(record.errors)
    ? record.errors.filter(
        (entry): entry is { field: string; message: string } =>
          typeof entry === 'object' && entry !== null && typeof (entry as { field?: unknown }).field === 'string' &&
          typeof (entry as { message?: unknown }).message === 'string',
      )
    : [];
  return { message, errors, code };
}

/**
 * The one way the SPA talks to the API (SPEC section 7): bearer token from
 * storage (admin first), no timeout, and any 401 signs the browser out.
 *
 * `T` is the route's response type from contract/. The body is not parsed
 * again here: the server already serializes every response through that
 * route's zod schema, and re-parsing would put zod on every page's path.
 */
export async function apiRequest<T>(path: string, options: RequestOptions): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = bearerToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.blob) headers['Content-Type'] = options.blob.type || 'application/octet-stream';
  else if (options.body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body: options.blob ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(options.fallbackMessage, 0);
  }

  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const { message, errors, code } = readServerError(payload);
    // The server says why (expired, ended from another device, banned, deleted); the page that held the session shows it.
    if (response.status === 401) clearTokens(token ? message : undefined);
    const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'), Date.now());
    throw new ApiError(message ?? options.fallbackMessage, response.status, errors, retryAfterMs, code);
  }
  // Every route answers with a JSON object; anything else (an HTML error page
  // from a proxy, an empty body) is a failed call, not data.
  if (typeof payload !== 'object' || payload === null) throw new ApiError(options.fallbackMessage, response.status);
  return payload as T;
}
