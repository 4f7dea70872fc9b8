import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES_NOT_MATCHED_MESSAGE, type ConversationSummary, type Message } from '../../../../contract/messaging';
import { sockets } from '../../../support/fake-socket-io';
import { json, mockApi, renderApp, siteHeader } from '../../support/render-app';
import { expectSignInPrompt, ME_ID, me } from '../discovery/discover/fixtures';

/**
 * The Messages screen as the app mounts it for a member: the list and threads
 * from the API, what arrives over the realtime connection (played through the
 * fake socket the test setup gives socket.io-client), and what a member sees
 * of their own messages as they go.
 */

const PRIYA = 'priya-1';
const OMAR = 'omar-1';
// Local midday, so the whole thread is 'Today'.
const MIDDAY = new Date(2026, 10, 26, 12, 0, 0);
const at = (minutesAgo: number) => new Date(MIDDAY.getTime() - minutesAgo * 60_000).toISOString();

const message = (seq: number, senderId: string, text: string, minutesAgo = 30 - seq): Message => ({ id: `m-${seq}`, seq, senderId, text, sentAt: at(minutesAgo) });

const priya = (extra: Partial<ConversationSummary> = {}): ConversationSummary => ({
  userId: PRIYA,
  name: 'Priya Shah',
  avatar: '/api/media/avatar/priya',
  isOnline: true,
  isDemo: false,
  matchedAt: at(600),
  lastMessage: message(3, PRIYA, 'Coffee on Sunday?'),
  lastSeq: 3,
  unread: 2,
  receipts: { deliveredSeq: 2, readSeq: 1 },
  ...extra,
});
const omar: ConversationSummary = {
  userId: OMAR,
  name: 'Omar Haddad',
  avatar: '/api/media/avatar/omar',
  isOnline: false,
  isDemo: false,
  matchedAt: at(900),
  lastMessage: null,
  lastSeq: 0,
  unread: 0,
  receipts: { deliveredSeq: 0, readSeq: 0 },
};

const priyaThread = [message(1, ME_ID, 'Hi Priya!'), message(2, ME_ID, 'How was the hike?'), message(3, PRIYA, 'Coffee on Sunday?')];

function memberApi(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/config/public': () => json(200, { success: true, data: { config: { appName: 'Orbit' } } }),
    'GET /api/user/me': () => json(200, { user: me() }),
    'GET /api/conversations': () => json(200, { conversations: [priya(), omar] }),
    'GET /api/conversations/priya-1/messages': (url) =>
      json(200, {
        messages: url.searchParams.get('after') ? [] : priyaThread,
        hasOlder: false,
        lastSeq: 3,
        receipts: { deliveredSeq: 2, readSeq: 1 },
      }),
    'GET /api/conversations/omar-1/messages': () => json(200, { messages: [], hasOlder: false, lastSeq: 0, receipts: { deliveredSeq: 0, readSeq: 0 } }),
    ...extra,
  });
}

/** The tab's socket, connected (the outbox sends while it is). */
async function connectSocket() {
  await waitFor(() => expect(sockets.length).toBeGreaterThan(0));
  const socket = sockets.at(-1);
  if (!socket) throw new Error('no socket');
  act(() => socket.serverSends('connect'));
  return socket;
}

async function openMessages(path = '/messages') {
  renderApp(path);
  const chat = await screen.findByRole('region', { name: 'Chat with Priya Shah' });
  await within(chat).findByText('Coffee on Sunday?');
  return chat;
}

const bubble = (chat: HTMLElement, text: string) => within(chat).getByText(text).closest('li') as HTMLElement;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: MIDDAY });
  localStorage.clear();
  sockets.length = 0;
  HTMLElement.prototype.scrollTo = vi.fn();
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('the Messages screen for a visitor', () => {
  it('asks them to sign in instead of showing sample conversations', async () => {
    memberApi();
    renderApp('/messages');
    await expectSignInPrompt('Sign in to see your messages', '/messages');
    expect(screen.queryByRole('list', { name: 'Conversations' })).not.toBeInTheDocument();
  });
});

describe('the Messages screen for a member', () => {
  beforeEach(() => {
    localStorage.setItem('user_token', 'user-token');
  });

  it('lists the conversations and opens the first, with how far each own message got', async () => {
    memberApi();
    await openMessages();
    const chat = screen.getByRole('region', { name: 'Chat with Priya Shah' });
    const entries = within(screen.getByRole('list', { name: 'Conversations' })).getAllByRole('button');
    expect(entries[0]).toHaveTextContent('Priya Shah');
    expect(entries[0]).toHaveTextContent('Coffee on Sunday?');
    expect(entries[1]).toHaveTextContent('Omar Haddad');
    expect(entries[1]).toHaveTextContent('You matched! Say hello 👋');
    expect(entries[0]).toHaveAttribute('aria-current', 'true');
    // Reading the open chat clears its unread count.
    await waitFor(() => expect(entries[0]).not.toHaveTextContent('unread'));

    expect(within(chat).getByText('Today')).toBeInTheDocument();
    expect(bubble(chat, 'Hi Priya!')).toHaveTextContent('Read');
    expect(bubble(chat, 'How was the hike?')).toHaveTextContent('Delivered');
    expect(bubble(chat, 'Coffee on Sunday?')).not.toHaveTextContent(/Read|Delivered|Sent/);
    expect(within(chat).getByRole('link', { name: 'Video Call' })).toHaveAttribute('href', `/video-call/${PRIYA}`);
  });

  it('marks a demo person in the list and in the chat, and nobody else', async () => {
    memberApi({ 'GET /api/conversations': () => json(200, { conversations: [priya({ isDemo: true }), omar] }) });
    const chat = await openMessages();
    expect(within(chat).getByText('Demo')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Conversations' });
    expect(within(list).getByRole('button', { name: /Priya Shah/ })).toHaveTextContent('Demo');
    expect(within(list).getByRole('button', { name: /Omar Haddad/ })).not.toHaveTextContent('Demo');
  });

  it('sends a message with a browser-made id, shows it as sending, then sent', async () => {
    let answer: (response: Response) => void = () => {};
    const { calls } = memberApi({
      'POST /api/conversations/priya-1/messages': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    const user = userEvent.setup();
    const chat = await openMessages();
    await connectSocket();
    await user.type(within(chat).getByRole('textbox', { name: 'Message' }), 'See you there{Enter}');

    await waitFor(() => expect(bubble(chat, 'See you there')).toHaveTextContent('Sending…'));
    const post = calls.find((call) => call.method === 'POST');
    const body = post?.body as { id: string; text: string };
    expect(body.text).toBe('See you there');
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(within(chat).getByRole('textbox', { name: 'Message' })).toHaveValue('');

    answer(json(201, { message: { id: body.id, seq: 4, senderId: ME_ID, text: 'See you there', sentAt: MIDDAY.toISOString() } }));
    await waitFor(() => expect(bubble(chat, 'See you there')).toHaveTextContent('Sent'));
  });

  it('keeps the text and says why when the server refuses it (too many too fast)', async () => {
    memberApi({
      'POST /api/conversations/priya-1/messages': () =>
        new Response(JSON.stringify({ success: false, message: 'You are sending messages too fast. Try again in a moment.' }), {
          status: 429,
          headers: { 'Content-Type': 'application/json', 'Retry-After': '30' },
        }),
    });
    const user = userEvent.setup();
    const chat = await openMessages();
    await connectSocket();
    await user.type(within(chat).getByRole('textbox', { name: 'Message' }), 'One more{Enter}');
    expect(await within(chat).findByRole('alert')).toHaveTextContent('You are sending messages too fast. Try again in a moment.');
    expect(within(chat).getByRole('textbox', { name: 'Message' })).toHaveValue('One more');
  });

  it('shows what arrives over the realtime connection, and who is typing, as text', async () => {
    memberApi();
    const chat = await openMessages();
    const socket = await connectSocket();
    act(() => socket.serverSends('typing', { peerId: PRIYA }));
    expect(await within(chat).findByText('Priya is typing…')).toBeInTheDocument();

    act(() => socket.serverSends('message:new', { peerId: PRIYA, message: message(4, PRIYA, '<b>Sunday</b> at 10?', 0) }));
    // As the member wrote it: never markup.
    expect(await within(chat).findByText('<b>Sunday</b> at 10?')).toBeInTheDocument();
    expect(chat.querySelector('b')).toBeNull();
    await waitFor(() => expect(within(chat).queryByText('Priya is typing…')).not.toBeInTheDocument());
    // The browser tells the server it has it, and that the member read it.
    await waitFor(() =>
      expect(socket.commands).toContainEqual(expect.objectContaining({ name: 'receipts:mark', payload: { peerId: PRIYA, deliveredSeq: 4, readSeq: 4 } })),
    );
  });

  it("shows a match's gift in their bubble, and offers the gift tray beside the message box until the chat ends", async () => {
    memberApi();
    const chat = await openMessages();
    const socket = await connectSocket();
    expect(within(chat).getByRole('button', { name: 'Send a gift' })).toBeInTheDocument();
    act(() => socket.serverSends('message:new', { peerId: PRIYA, message: { ...message(4, PRIYA, '🌹 Rose', 0), kind: 'gift' } }));
    const gift = await within(chat).findByText('🌹 Rose');
    expect(gift.closest('li')).toHaveTextContent('Priya Shah: Sent you a gift🌹 Rose');

    act(() => socket.serverSends('conversation:ended', { peerId: PRIYA }));
    await waitFor(() => expect(within(chat).queryByRole('button', { name: 'Send a gift' })).not.toBeInTheDocument());
  });

  it('previews a gift in the conversation list as a gift, from either side', async () => {
    const gift = (senderId: string): Message => ({ ...message(4, senderId, '🌹 Rose', 0), kind: 'gift' });
    memberApi({ 'GET /api/conversations': () => json(200, { conversations: [priya({ lastMessage: gift(PRIYA), lastSeq: 4 }), { ...omar, lastMessage: gift(ME_ID), lastSeq: 4 }] }) });
    renderApp('/messages');
    const list = await screen.findByRole('list', { name: 'Conversations' });
    expect(await within(list).findByText('Sent you a gift: 🌹 Rose')).toBeInTheDocument();
    expect(within(list).getByText('You sent a gift: 🌹 Rose')).toBeInTheDocument();
  });

  it('says the conversation ended when the other member ends it, and disables the composer', async () => {
    memberApi();
    const chat = await openMessages();
    const socket = await connectSocket();
    act(() => socket.serverSends('conversation:ended', { peerId: PRIYA }));
    expect(await within(chat).findByText('This conversation has ended. You can no longer message each other.')).toBeInTheDocument();
    expect(within(chat).getByRole('textbox', { name: 'Message' })).toBeDisabled();
    expect(within(chat).getByRole('button', { name: 'Send' })).toBeDisabled();
    // The messages stay readable.
    expect(within(chat).getByText('Coffee on Sunday?')).toBeInTheDocument();
  });

  it('unmatches after the member confirms', async () => {
    const { calls } = memberApi({
      'DELETE /api/matches/priya-1': () => json(200, { success: true, message: 'You unmatched. The conversation has ended for both of you.' }),
    });
    const user = userEvent.setup();
    const chat = await openMessages();
    await user.click(within(chat).getByRole('button', { name: 'Unmatch' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unmatch Priya Shah?' });
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Unmatch' }));
    expect(await within(chat).findByText('You unmatched. The conversation has ended for both of you.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE' && call.path === '/api/matches/priya-1')).toBe(true);
    expect(within(chat).getByRole('textbox', { name: 'Message' })).toBeDisabled();
  });

  it("on a phone keeps Unmatch and Report or block behind the chat's options, which close on Escape and after a choice", async () => {
    // jsdom applies no media query: the phone's options button and the wide actions are both in the page.
    const { calls } = memberApi({
      'DELETE /api/matches/priya-1': () => json(200, { success: true, message: 'You unmatched. The conversation has ended for both of you.' }),
    });
    const user = userEvent.setup();
    const chat = await openMessages();
    const options = within(chat).getByRole('button', { name: 'Options for the chat with Priya Shah' });
    expect(options).toHaveAttribute('aria-expanded', 'false');
    const panel = document.getElementById(options.getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(panel).not.toBeVisible();

    await user.click(options);
    expect(options).toHaveAttribute('aria-expanded', 'true');
    expect(within(panel).getByRole('button', { name: 'Report or block' })).toBeVisible();
    await user.keyboard('{Escape}');
    expect(options).toHaveAttribute('aria-expanded', 'false');
    expect(options).toHaveFocus();

    await user.click(options);
    await user.click(within(panel).getByRole('button', { name: 'Unmatch' }));
    expect(options).toHaveAttribute('aria-expanded', 'false');
    const dialog = await screen.findByRole('dialog', { name: 'Unmatch Priya Shah?' });
    await user.click(within(dialog).getByRole('button', { name: 'Unmatch' }));
    expect(await within(chat).findByText('You unmatched. The conversation has ended for both of you.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE' && call.path === '/api/matches/priya-1')).toBe(true);
    // Once the match has ended there is nothing to unmatch; reporting stays.
    await user.click(options);
    expect(within(panel).queryByRole('button', { name: 'Unmatch' })).not.toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Report or block' })).toBeVisible();
  });

  it('sends a report made from the chat with the conversation attached', async () => {
    const { calls } = memberApi({
      'POST /api/users/priya-1/report': () => json(201, { success: true, message: 'Thanks for telling us.' }),
    });
    const user = userEvent.setup();
    const chat = await openMessages();
    await user.click(within(chat).getByRole('button', { name: 'Report or block Priya Shah' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report or block Priya Shah' });
    await user.click(within(dialog).getByRole('button', { name: 'Report Priya Shah' }));
    await user.click(within(within(dialog).getByRole('group', { name: "What's wrong?" })).getByRole('radio', { name: 'Scam, spam or asking for money' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Also block Priya Shah' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(calls.some((call) => call.path === '/api/users/priya-1/report')).toBe(true));
    expect(calls.find((call) => call.path === '/api/users/priya-1/report')?.body).toMatchObject({ reason: 'scam', attachConversation: true });
  });

  it('loads older messages above, 50 at a time, when the member scrolls up', async () => {
    const { calls } = memberApi({
      'GET /api/conversations/priya-1/messages': (url) => {
        // The newest page holds 51 to 53; the one before 51 ends the history.
        const receipts = { deliveredSeq: 52, readSeq: 51 };
        if (url.searchParams.get('before') === '51') {
          return json(200, { messages: [{ ...message(50, PRIYA, 'An older hello'), sentAt: at(60) }], hasOlder: false, lastSeq: 53, receipts });
        }
        const newest = priyaThread.map((entry) => ({ ...entry, id: `n-${entry.seq}`, seq: entry.seq + 50 }));
        return json(200, { messages: newest, hasOlder: true, lastSeq: 53, receipts });
      },
    });
    const user = userEvent.setup();
    const chat = await openMessages();
    await user.click(within(chat).getByRole('button', { name: 'Load earlier messages' }));
    expect(await within(chat).findByText('An older hello')).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/conversations/priya-1/messages').length).toBeGreaterThanOrEqual(2);
    const bubbles = within(within(chat).getByRole('log')).getAllByRole('listitem').map((item) => item.textContent ?? '');
    expect(bubbles.findIndex((text) => text.includes('An older hello'))).toBeLessThan(bubbles.findIndex((text) => text.includes('Hi Priya!')));
    expect(within(chat).queryByRole('button', { name: 'Load earlier messages' })).not.toBeInTheDocument();
  });

  it('opens the conversation a link asks for', async () => {
    memberApi();
    renderApp(`/messages?with=${OMAR}`);
    const chat = await screen.findByRole('region', { name: 'Chat with Omar Haddad' });
    expect(await within(chat).findByText('No messages with Omar Haddad yet. Say hello 👋')).toBeInTheDocument();
  });

  it('keeps the chat the member opened in the address, so a reload opens it again; a link from elsewhere switches to its chat', async () => {
    memberApi();
    const user = userEvent.setup();
    const { router } = renderApp('/messages');
    await screen.findByRole('region', { name: 'Chat with Priya Shah' });
    // Opened on load: the address stays as it was.
    expect(router.state.location.search).toEqual({});
    await user.click(within(screen.getByRole('list', { name: 'Conversations' })).getByRole('button', { name: /Omar Haddad/ }));
    await screen.findByRole('region', { name: 'Chat with Omar Haddad' });
    await waitFor(() => expect(router.state.location.search).toEqual({ with: OMAR }));
    // The same screen follows a link to another chat (a message toast's): the list stays, no loading in between.
    const list = screen.getByRole('list', { name: 'Conversations' });
    await act(() => router.navigate({ to: '/messages', search: { with: PRIYA } }));
    expect(await screen.findByRole('region', { name: 'Chat with Priya Shah' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Conversations' })).toBe(list);
  });

  it("opens no one else's chat for a link to someone not matched, and says why", async () => {
    memberApi();
    renderApp('/messages?with=stranger-1');
    expect(await screen.findByText(MESSAGES_NOT_MATCHED_MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See their profile' })).toHaveAttribute('href', '/profile/stranger-1');
    expect(screen.queryByRole('region', { name: /^Chat with/ })).toBeNull();
    expect(screen.getByText('No conversation selected')).toBeInTheDocument();
  });

  it('elsewhere in Orbit, a new message shows a toast that opens the chat', async () => {
    memberApi();
    const user = userEvent.setup();
    const { router } = renderApp('/match');
    await screen.findByRole('heading', { level: 1 });
    const socket = await connectSocket();
    // The unread count's list is loaded (the toast names the sender from it).
    await waitFor(() => expect(within(siteHeader()).getByText('Messages').closest('a')).toHaveTextContent('unread'));
    act(() => socket.serverSends('message:new', { peerId: PRIYA, message: message(4, PRIYA, 'Are you free?\nSecond line', 0) }));
    const toast = await screen.findByRole('button', { name: /Priya Shah/ });
    expect(toast).toHaveTextContent('Are you free?');
    expect(toast).not.toHaveTextContent('Second line');
    await user.click(toast);
    await waitFor(() => expect(router.state.location.search).toEqual({ with: PRIYA }));
    expect(router.state.location.pathname).toBe('/messages');
  });

  it('shows the unread total on the header link and in the tab title', async () => {
    memberApi({ 'GET /api/conversations': () => json(200, { conversations: [priya({ unread: 2 }), { ...omar, unread: 1 }] }) });
    renderApp('/match');
    // jsdom has the phone's header, whose menu is closed: its links are there, hidden until it opens.
    await screen.findByRole('heading', { level: 1 });
    const link = within(siteHeader()).getByText('Messages').closest('a') as HTMLElement;
    // The count and, for a screen reader, what it counts.
    await waitFor(() => expect(link).toHaveTextContent(/^Messages 3 unread$/));
    await waitFor(() => expect(document.title).toMatch(/^\(3\) /));
  });
});
