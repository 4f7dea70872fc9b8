import type autocannon from 'autocannon';

/** A signed-in virtual user: a real account registered through the API before the run. */
export interface VirtualUser {
  id: string;
  token: string;
}

export interface MixData {
  users: readonly VirtualUser[];
  /** Seeded people to like (likes replace earlier decisions, so repeats are fine). */
  likeTargets: readonly string[];
  /** Published blog posts to open. */
  postIds: readonly string[];
}

/** Latency and status counts per route name. */
export class RouteStats {
  readonly latencies = new Map<string, number[]>();
  readonly statuses = new Map<string, Map<number, number>>();
  /** The route of the response autocannon is about to report (its onResponse runs just before). */
  current = '';

  record(status: number, latencyMs: number): void {
    const latencies = this.latencies.get(this.current) ?? [];
    latencies.push(latencyMs);
    this.latencies.set(this.current, latencies);
    const counts = this.statuses.get(this.current) ?? new Map<number, number>();
    counts.set(status, (counts.get(status) ?? 0) + 1);
    this.statuses.set(this.current, counts);
  }
}

type Context = { user?: VirtualUser };

function pickFrom<T>(items: readonly T[]): T {
  const item = items[Math.floor(Math.random() * items.length)];
  if (item === undefined) throw new Error('pickFrom needs a non-empty list');
  return item;
}

/**
 * One visit of a member, as the app makes it: the public home data, the blog,
 * their own profile, radar, spin, discover, matches and one like. Each pass
 * through the list is one visit by the next of the users in turn, so with
 * 200 connections all 200 accounts are busy and no one account comes near
 * the per-account like limit (one like per visit).
 */
export function memberVisit(data: MixData, stats: RouteStats): autocannon.Request[] {
  let nextUser = 0;
  const signedIn = (name: string, method: 'GET' | 'POST', path: string, body?: (user: VirtualUser) => unknown): autocannon.Request => ({
    method,
    path,
    setupRequest: (request, context: Context) => {
      // The first request of a visit picks its member; the rest of the visit reuses them.
      if (!context.user) {
        context.user = data.users[nextUser % data.users.length];
        nextUser += 1;
      }
      const user = context.user;
      if (!user) throw new Error('no member for this visit');
      const headers = { ...request.headers, authorization: `Bearer ${user.token}` };
      if (!body) return { ...request, headers };
      return { ...request, headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body(user)) };
    },
    onResponse: () => {
      stats.current = name;
    },
  });
  const anonymous = (name: string, path: () => string): autocannon.Request => ({
    method: 'GET',
    setupRequest: (request) => ({ ...request, path: path() }),
    onResponse: () => {
      stats.current = name;
    },
  });

  return [
    signedIn('GET /api/user/me', 'GET', '/api/user/me'),
    anonymous('GET /api/config/public', () => '/api/config/public'),
    anonymous('GET /api/blog', () => '/api/blog?page=1&limit=9'),
    anonymous('GET /api/blog/:id', () => `/api/blog/${pickFrom(data.postIds)}`),
    signedIn('GET /api/users/radar', 'GET', '/api/users/radar'),
    signedIn('GET /api/users/spin', 'GET', '/api/users/spin'),
    signedIn('GET /api/users (discover)', 'GET', '/api/users?page=1&limit=12'),
    signedIn('GET /api/matches', 'GET', '/api/matches'),
    signedIn('POST /api/users/like', 'POST', '/api/users/like', (user) => ({
      // Discover lists the other load-test members too: never oneself (a 400 by design).
      targetId: pickFrom(data.likeTargets.filter((id) => id !== user.id)),
      type: Math.random() < 0.8 ? 'like' : 'dislike',
    })),
    anonymous('GET /api/config/public', () => '/api/config/public'),
  ];
}
