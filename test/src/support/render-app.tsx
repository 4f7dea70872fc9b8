import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryHistory } from '@tanstack/react-router';
import { App } from '../../../src/App';
import { createAppQueryClient, createAppRouter } from '../../../src/router';
import type { AuthOverrides } from '../../../src/features/auth/AuthProvider';

/** Mounts the real app (routes, auth machine, theme) at `path` in memory. */
export function renderApp(path: string, options: { auth?: AuthOverrides } = {}) {
  const queryClient = createAppQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: Infinity } });
  const history = createMemoryHistory({ initialEntries: [path] });
  const router = createAppRouter(queryClient, { history });
  const view = render(<App router={router} queryClient={queryClient} auth={options.auth} />);
  return { ...view, router, queryClient, history };
}

type Handler = (url: URL, init: RequestInit | undefined) => Response | Promise<Response>;

/** Replaces `fetch` with routes keyed by "METHOD /path"; anything else is a 404 JSON body. */
export function mockApi(routes: Record<string, Handler>) {
  const calls: Array<{ method: string; path: string; body: unknown }> = [];
  const fetchMock = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    calls.push({ method, path: url.pathname, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
    const handler = routes[`${method} ${url.pathname}`];
    if (handler) return handler(url, init);
    return json(404, { success: false, message: 'Route not found' });
  };
  globalThis.fetch = fetchMock;
  return { calls };
}

/** Answers as `handler` does, `ms` later: long enough for a page that renders before its data to show its loading state. */
export function delayed(ms: number, handler: Handler): Handler {
  return async (url, init) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    return handler(url, init);
  };
}

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/**
 * The site header. Pages may have their own <header> inside <main>, which
 * browsers do not expose as a banner but Testing Library does; the site's is first.
 */
export function siteHeader(): HTMLElement {
  const [header] = screen.getAllByRole('banner');
  if (!header) throw new Error('No site header');
  return header;
}

/**
 * The header's statement of who is signed in ("Signed in as User"): said to
 * screen readers for a member, shown as a badge for an admin. The innermost
 * element with that whole text (a wrapper holding only it has it too).
 */
export function roleStatement(role: 'User' | 'Admin'): HTMLElement | null {
  return within(siteHeader()).queryAllByText((_, element) => element?.textContent === `Signed in as ${role}`).at(-1) ?? null;
}

/**
 * The signed-in member's Logout. jsdom has no desktop width, so the header
 * is the phone's: the account's entries (Profile, Settings, Logout) are at
 * the end of the Menu, which is opened first when it is closed.
 */
export async function findLogout(): Promise<HTMLElement> {
  await screen.findAllByRole('banner');
  const header = within(siteHeader());
  const menu = header.getByRole('button', { name: 'Menu' });
  if (menu.getAttribute('aria-expanded') !== 'true') await userEvent.click(menu);
  return header.findByRole('button', { name: 'Logout' });
}
