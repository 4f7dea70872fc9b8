import pino from 'pino';

// A failed query carries the values it was run with: Drizzle writes them into
// its error's message and `params`, and PostgreSQL echoes them in `detail`
// ("Failing row contains (...)" holds a whole row, password hash included).
// Logs keep the query, the SQLSTATE, the table and the constraint, which say
// what went wrong, and never the values.

type SerializedError = ReturnType<typeof pino.stdSerializers.errWithCause>;

const PARAMS_SEPARATOR = '\nparams: ';
const WITHHELD = '[values withheld]';

/**
 * pino's error serializer (causes kept as nested objects), without the values
 * of failed queries. Whatever is logged as `err` comes here, thrown strings
 * and nulls included, which pino passes through as they are.
 */
export function serializeErrorForLog(error: unknown): SerializedError {
  const serialized: unknown = pino.stdSerializers.errWithCause(error as Error);
  if (serialized !== null && typeof serialized === 'object') withoutQueryValues(serialized as Record<string, unknown>, 0);
  return serialized as SerializedError;
}

function withoutQueryValues(serialized: Record<string, unknown>, depth: number): void {
  if ('params' in serialized) serialized.params = WITHHELD;
  if ('detail' in serialized) serialized.detail = WITHHELD;
  const { message, stack } = serialized;
  if (typeof message === 'string' && message.includes(PARAMS_SEPARATOR)) {
    // Drizzle's message ends with the values, which may themselves hold new lines.
    const cleaned = `${message.slice(0, message.indexOf(PARAMS_SEPARATOR))}${PARAMS_SEPARATOR}${WITHHELD}`;
    serialized.message = cleaned;
    if (typeof stack === 'string') serialized.stack = stack.replace(message, cleaned);
  }
  const { cause } = serialized;
  if (depth < 8 && cause !== null && typeof cause === 'object') withoutQueryValues(cause as Record<string, unknown>, depth + 1);
}

/** The same, as text for a terminal: each error's stack (or message), then what caused it. */
export function describeErrorForLog(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const lines: string[] = [];
  let current: Record<string, unknown> | undefined = serializeErrorForLog(error);
  for (let depth = 0; current && depth < 8; depth += 1) {
    const text = typeof current.stack === 'string' ? current.stack : String(current.message);
    lines.push(depth === 0 ? text : `caused by: ${text}`);
    current = current.cause !== null && typeof current.cause === 'object' ? (current.cause as Record<string, unknown>) : undefined;
  }
  return lines.join('\n');
}
