/**
 * `error` and the errors it wraps, outermost first: Drizzle wraps the
 * driver's error as `cause`. Bounded, because causes are a short chain and a
 * cycle must not hang the error handler.
 */
export function* errorChain(error: unknown): Generator<Error> {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current instanceof Error; depth += 1) {
    yield current;
    current = current.cause;
  }
}
