import pg from 'pg';

// What the HTTP bench's bare server replays: the SQL statements, with their
// parameters and prepared-statement names, that the app sent to PostgreSQL
// while answering one request. Recorded at node-postgres's Client.query, the
// one door every query of the app (pooled or in a transaction) goes through.

/** One statement as node-postgres received it (text, values, name, row mode, type parsers). */
export type RecordedQuery = pg.QueryConfig;

type ClientQuery = (this: pg.Client, ...args: unknown[]) => unknown;

function isQueryConfig(value: unknown): value is pg.QueryConfig {
  return typeof value === 'object' && value !== null && typeof (value as { text?: unknown }).text === 'string';
}

/**
 * Runs `work` and returns its result with every statement sent while it ran,
 * in order. Only one recording at a time; the app must be otherwise idle
 * (no timers querying in between), which a bench server right after its
 * start is.
 */
export async function recordQueries<T>(work: () => Promise<T>): Promise<{ result: T; queries: RecordedQuery[] }> {
  const prototype = pg.Client.prototype as unknown as { query: ClientQuery };
  const original = prototype.query;
  const queries: RecordedQuery[] = [];
  prototype.query = function recording(this: pg.Client, ...args: unknown[]) {
    const [first, second] = args;
    // Drizzle passes the parameters beside the config; node-postgres then uses them over config.values.
    const values = Array.isArray(second) ? (second as unknown[]) : undefined;
    if (isQueryConfig(first)) queries.push({ ...first, ...(values ? { values } : {}) });
    else if (typeof first === 'string') queries.push({ text: first, values });
    return original.apply(this, args);
  };
  try {
    return { result: await work(), queries };
  } finally {
    prototype.query = original;
  }
}

/** The statements with every parameter equal to `from` replaced by `to` (the like row's target person). */
export function withParameterReplaced(queries: readonly RecordedQuery[], from: unknown, to: unknown): RecordedQuery[] {
  return queries.map((query) => (query.values ? { ...query, values: query.values.map((value: unknown) => (value === from ? to : value)) } : query));
}
