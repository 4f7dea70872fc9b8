/**
 * Runs a request for an invoked actor and keeps its failure quiet once the
 * actor has aborted it. Under React StrictMode @xstate/react stops and then
 * restarts the same actor; without this, the first (aborted) request's
 * rejection reaches the restarted actor and reads as a real failure.
 */
export function unlessAborted<T>(signal: AbortSignal, request: (signal: AbortSignal) => Promise<T>): Promise<T> {
  return request(signal).catch((error: unknown) => {
    if (signal.aborted) return new Promise<T>(() => {});
    throw error;
  });
}
