import type { SessionTokens } from '../../../machines/auth/auth.machine';

/** SPEC section 3: both tokens live in localStorage under these names. */
export const USER_TOKEN_KEY = 'user_token';
export const ADMIN_TOKEN_KEY = 'admin_token';
/**
 * Why the tokens were last taken away, for every tab of the browser: the tab
 * that got the 401 and the tabs that learn of it from the storage event say
 * the same thing. Written before the tokens go, so a tab hearing of their
 * removal can already read it.
 */
export const SIGNED_OUT_REASON_KEY = 'signed_out_reason';

type Listener = () => void;
const listeners = new Set<Listener>();

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Private modes can throw on access; the app then behaves as signed out.
    return null;
  }
}

export function readTokens(): SessionTokens {
  const store = storage();
  return {
    userToken: store?.getItem(USER_TOKEN_KEY) ?? null,
    adminToken: store?.getItem(ADMIN_TOKEN_KEY) ?? null,
  };
}

export function readSignedOutReason(): string | null {
  return storage()?.getItem(SIGNED_OUT_REASON_KEY) ?? null;
}

/** SPEC section 6: the admin token is the bearer credential in preference. */
export function bearerToken(): string | null {
  const { adminToken, userToken } = readTokens();
  return adminToken ?? userToken;
}

export function persistToken(role: 'user' | 'admin', token: string): void {
  const store = storage();
  store?.removeItem(SIGNED_OUT_REASON_KEY);
  store?.setItem(role === 'admin' ? ADMIN_TOKEN_KEY : USER_TOKEN_KEY, token);
  notify();
}

/** `reason` is what a page signed out by this should tell its visitor (none: nothing to tell). */
export function clearTokens(reason?: string): void {
  const store = storage();
  if (reason) store?.setItem(SIGNED_OUT_REASON_KEY, reason);
  else store?.removeItem(SIGNED_OUT_REASON_KEY);
  store?.removeItem(USER_TOKEN_KEY);
  store?.removeItem(ADMIN_TOKEN_KEY);
  notify();
}

/** Lets the auth machine re-derive its state when a 401 (or another tab) changes the tokens. */
export function onTokensChanged(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === USER_TOKEN_KEY || event.key === ADMIN_TOKEN_KEY) tell(listener);
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

function notify(): void {
  for (const listener of listeners) tell(listener);
}

/** Listeners whose news waits while this tab deletes its account (null: none waits). */
let held: Set<Listener> | null = null;

function tell(listener: Listener): void {
  if (held) held.add(listener);
  else listener();
}

/**
 * While this tab deletes its account, news that its session ended (its other
 * tabs' sign-out, a 401 on a request already under way) waits: the deletion's
 * own answer says what happened, in its own words. If the deletion fails, the
 * news is told then.
 */
export async function holdingSessionNews<T>(work: () => Promise<T>): Promise<T> {
  held = new Set();
  try {
    const result = await work();
    held = null;
    return result;
  } catch (error) {
    const waiting = held;
    held = null;
    for (const listener of waiting ?? []) listener();
    throw error;
  }
}
