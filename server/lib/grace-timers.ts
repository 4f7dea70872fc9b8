/**
 * Keyed one-shot timers for "something went away; act unless it comes back
 * in time" (a call's side, a stream's host or source). Starting a key that is
 * already running keeps the first timer, so repeated disconnects do not push
 * the deadline back. Timers are unref'd: a pending grace never keeps the
 * process alive. After close(), nothing starts again.
 */
export interface GraceTimers {
  /** Calls onExpire after delayMs unless the key is cancelled first; a no-op if the key already runs or after close. */
  start(key: string, delayMs: number, onExpire: () => void): void;
  /** The thing came back (or its story ended): its timer, if any, never fires. */
  cancel(key: string): void;
  has(key: string): boolean;
  /** Cancels every timer and refuses new ones (the plugin is closing). */
  close(): void;
}

export function createGraceTimers(): GraceTimers {
  const timers = new Map<string, NodeJS.Timeout>();
  let closed = false;

  return {
    start(key, delayMs, onExpire) {
      if (closed || timers.has(key)) return;
      const timer = setTimeout(() => {
        timers.delete(key);
        onExpire();
      }, delayMs);
      timer.unref();
      timers.set(key, timer);
    },
    cancel(key) {
      clearTimeout(timers.get(key));
      timers.delete(key);
    },
    has: (key) => timers.has(key),
    close() {
      closed = true;
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    },
  };
}
