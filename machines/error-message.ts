/**
 * The words of a failure, for the member to read: an Error's message, or the
 * `message` of a refusal the server answered with; the fallback when there
 * are none (a blank message says nothing either).
 */
export function errorMessage(error: unknown, fallback: string): string {
  // Anything may be thrown; only a string `message` counts (optional chaining reads nothing off null or a primitive).
  const message = (error as { message?: unknown } | null | undefined)?.message;
  return typeof message === 'string' && message.trim() !== '' ? message : fallback;
}

/** The code a refusal came with (contract ERROR_CODES), when the server named one. */
export function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}
