import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ConversationSummary } from '../../../../contract/messaging';
import { json, mockApi, renderApp, siteHeader } from '../../support/render-app';
import { listBody } from '../blog/blog-fixtures';
import { me } from '../discovery/discover/fixtures';

/**
 * Issue 51's phone shell: a member's own screens are the app's (their tabs,
 * the app's entries in the header, no marketing footer); the public pages
 * keep the site's header and footer for everyone.
 */

const conversation = (userId: string, name: string, lastSeq: number, unread: number): ConversationSummary => ({
  userId,
  name,
  avatar: `/api/media/avatar/${userId}`,
  isOnline: false,
  isDemo: false,
  matchedAt: new Date(2026, 10, 20).toISOString(),
  lastMessage: lastSeq > 0 ? { id: `m-${userId}`, seq: lastSeq, senderId: userId, text: 'Hello', sentAt: new Date(2026, 10, 21).toISOString() } : null,
  lastSeq,
  unread,
  receipts: { deliveredSeq: 0, readSeq: 0 },
});

const MEMBER_API = {
    'GET /api/config/public': () => json(200, { success: true, data: { config: { appName: 'Orbit' } } }),
    'GET /api/user/me': () => json(200, { user: me() }),
    // Two matches nobody has written to yet, and 3 + 2 unread messages in two others.
    'GET /api/conversations': () =>
      json(200, {
        conversations: [conversation('asha', 'Asha', 4, 3), conversation('ben', 'Ben', 2, 2), conversation('cara', 'Cara', 0, 0), conversation('dev', 'Dev', 0, 0)],
      }),
    'GET /api/conversations/asha/messages': () => json(200, { messages: [], hasOlder: false, lastSeq: 0, receipts: { deliveredSeq: 0, readSeq: 0 } }),
};
const HOME_API = {
  ...MEMBER_API,
  'GET /api/blog': () => json(200, listBody([])),
  'GET /api/live/streams': () =>
    json(200, {
      streams: [
        {
          id: 'stream-1',
          host: { id: 'zoya', name: 'Zoya', avatar: '/api/media/avatar/zoya' },
          title: 'Sunset chat',
          startedAt: new Date(2026, 10, 21).toISOString(),
          state: 'live',
          viewers: 4,
          peakViewers: 4,
          endedAt: null,
          endReason: null,
        },
      ],
    }),
};

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('user_token', 'user-token');
  HTMLElement.prototype.scrollTo = vi.fn();
  mockApi(MEMBER_API);
});
afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

const tabs = () => screen.findByRole('navigation', { name: 'Tabs' });

describe("a member's screens", () => {
  it('have the tabs, with the new matches and unread messages counted on theirs', async () => {
    renderApp('/users');
    const bar = await tabs();
    const links = within(bar).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/users', '/match', '/messages', '/live-stream', '/profile']);
    expect(await within(bar).findByRole('link', { name: 'Matches, 2 new' })).toBeInTheDocument();
    expect(within(bar).getByRole('link', { name: 'Messages, 5 unread' })).toBeInTheDocument();
    expect(within(bar).getByRole('link', { name: 'Discover' })).toHaveAttribute('aria-current', 'page');

    await userEvent.click(within(bar).getByRole('link', { name: 'Live' }));
    await waitFor(() => expect(within(bar).getByRole('link', { name: 'Live' })).toHaveAttribute('aria-current', 'page'));
  });

  it("leave the site's entries and the footer to the public pages", async () => {
    renderApp('/users');
    await tabs();
    const header = siteHeader();
    await userEvent.click(within(header).getByRole('button', { name: /Menu/ }));
    const nav = within(header).getByRole('navigation', { name: 'Main' });
    for (const label of ['Discover', 'Radar', 'Spin', 'Live', 'Matches', 'Coins', 'VIP', 'Store']) {
      expect(within(nav).getByRole('link', { name: label })).toBeInTheDocument();
    }
    for (const label of ['Home', 'Features', 'Blog', 'Download']) {
      expect(within(nav).queryByRole('link', { name: label })).not.toBeInTheDocument();
    }
    // Home is still one tap away on the product's name.
    expect(within(header).getByRole('link', { name: 'Orbit home' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();

    // On a public page the member sees the site as everyone does, and keeps their tabs.
    await userEvent.click(within(header).getByRole('link', { name: 'Orbit home' }));
    expect(await screen.findByRole('contentinfo')).toBeInTheDocument();
    await userEvent.click(within(siteHeader()).getByRole('button', { name: /Menu/ }));
    expect(within(within(siteHeader()).getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Features' })).toBeInTheDocument();
    expect(await tabs()).toBeInTheDocument();
  });

  it('start at Home with their news above the visitors\' pitch, Discover one tap away', async () => {
    mockApi(HOME_API);
    renderApp('/');
    const news = await screen.findByRole('region', { name: 'Welcome back, Alex Demo' });
    const items = within(within(news).getByRole('list', { name: 'Your news' }));
    expect(await items.findByRole('link', { name: /^2 new matches/ })).toHaveAttribute('href', '/match');
    expect(items.getByRole('link', { name: /^5 unread messages/ })).toHaveAttribute('href', '/messages');
    expect(await items.findByRole('link', { name: /^1 person live now/ })).toHaveAttribute('href', '/live-stream');
    expect(within(news).getByRole('link', { name: 'Discover people' })).toHaveAttribute('href', '/users');
    // Above the marketing sections, which stay below.
    const pitch = screen.getByRole('heading', { level: 1 });
    expect(news.compareDocumentPosition(pitch) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('give an open chat the whole screen: the tabs step aside until the member is back at the list', async () => {
    renderApp('/messages?with=asha');
    await screen.findByRole('region', { name: 'Chat with Asha' });
    expect(screen.queryByRole('navigation', { name: 'Tabs' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Back/ }));
    expect(await tabs()).toBeInTheDocument();
  });
});

describe("a visitor's pages", () => {
  it('start at Home with the pitch and no member news', async () => {
    localStorage.clear();
    mockApi(HOME_API);
    renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('region', { name: /Welcome back/ })).not.toBeInTheDocument();
  });

  it('have the footer and no tabs', async () => {
    localStorage.clear();
    renderApp('/users');
    expect(await screen.findByRole('contentinfo')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Tabs' })).not.toBeInTheDocument();
  });
});
