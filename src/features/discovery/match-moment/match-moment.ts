import { useSyncExternalStore } from 'react';

// The match moment's one piece of state: whom the member just matched with.
// A like that matches, on whichever screen sent it (a Discover card, Spin, a
// profile), sets it; the one host in the app shell shows the dialog for it.
// A small store rather than a React context, so the always-loaded shell holds
// no provider: the host and the screens that like are all loaded later.

/** The other person of a new match, as the card or profile that was liked shows them. */
export interface MatchPerson {
  id: string;
  name: string;
  avatar: string;
}

let current: MatchPerson | null = null;
const listeners = new Set<() => void>();

function set(next: MatchPerson | null): void {
  current = next;
  listeners.forEach((listener) => listener());
}

/** Opens the match moment for a new match (the server answered a like with `{ match: true }`). */
export function showMatchMoment(person: MatchPerson): void {
  set(person);
}

/** Closes it ("Keep browsing", Escape, "Send a message"). */
export function closeMatchMoment(): void {
  set(null);
}

let hosts = 0;

/**
 * For the host: counts it in while mounted, and forgets an open moment once
 * no host is left (sign-out, another account), so it never resurfaces later.
 * Checked a moment after the host goes, so StrictMode's rehearsal of an
 * unmount (and mounting again at once) keeps it.
 */
export function hostMatchMoment(): () => void {
  hosts += 1;
  return () => {
    hosts -= 1;
    queueMicrotask(() => {
      if (hosts === 0) set(null);
    });
  };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The person the open match moment is about, or null. */
export function useMatchMoment(): MatchPerson | null {
  return useSyncExternalStore(subscribe, () => current, () => null);
}
