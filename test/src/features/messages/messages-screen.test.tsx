import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VISITOR_MESSAGES_NOTICE } from '../../../../src/features/messages/MessagesScreen';
import { json, mockApi, renderApp } from '../../support/render-app';
import { candidate, matchOf } from '../discover/fixtures';

/**
 * The Messages screen as the app mounts it, with the simulated messaging
 * service: SPEC's texts, the first conversation selected, Enter and
 * Shift+Enter, and the answer 2 seconds later.
 */

const publicConfig = { success: true, data: { config: { appName: 'Orbit' } } };

/**
 * Local midday: the canned thread starts a day back and ends 25 minutes ago,
 * so in the first half hour after midnight all of it is 'Yesterday'.
 */
const MIDDAY = new Date(2026, 10, 24, 12, 0, 0);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: MIDDAY });
  localStorage.clear();
  mockApi({ 'GET /api/config/public': () => json(200, publicConfig) });
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the Messages screen', () => {
  it('shows the sample conversations to a visitor with the first one open, and answers a message after 2 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: MIDDAY });
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    renderApp('/messages');
    expect(await screen.findByRole('heading', { level: 1, name: 'Messages' })).toBeInTheDocument();

    const list = await screen.findByRole('list', { name: 'Conversations' });
    // Said to be samples, so nobody takes them for their own inbox.
    expect(screen.getByText(VISITOR_MESSAGES_NOTICE)).toBeInTheDocument();
    const entries = within(list).getAllByRole('button');
    expect(entries.map((entry) => entry.textContent)).toEqual([
      expect.stringContaining('Sarah Johnson'),
      expect.stringContaining('Emily Davis'),
      expect.stringContaining('Jessica Wilson'),
      expect.stringContaining('Amanda Brown'),
    ]);
    // The first is selected on load, and its unread badge is gone; Jessica's stays.
    expect(entries[0]).toHaveAttribute('aria-current', 'true');
    expect(entries[0]).not.toHaveTextContent('unread');
    expect(entries[2]).toHaveTextContent('1 unread');

    const chat = screen.getByRole('region', { name: 'Chat with Sarah Johnson' });
    expect(within(chat).getByText('Online', { selector: 'p' })).toBeInTheDocument();
    expect(within(chat).getByRole('link', { name: 'Video Call' })).toHaveAttribute('href', '/video-call/sample-sarah');
    // Sample people are not real: there is nobody to report or block.
    expect(within(chat).queryByRole('button', { name: /^Report or block/ })).not.toBeInTheDocument();
    const log = await within(chat).findByRole('log', { name: 'Messages with Sarah Johnson' });
    expect(within(log).getByText('Yesterday')).toBeInTheDocument();
    expect(within(log).getByText('Today')).toBeInTheDocument();
    expect(within(log).getAllByRole('listitem')).toHaveLength(5);

    const box = within(chat).getByRole('textbox', { name: 'Message' });
    expect(box).toHaveAttribute('placeholder', 'Type a message...');
    await user.type(box, 'See you at 7{Shift>}{Enter}{/Shift}at the café');
    expect(box).toHaveValue('See you at 7\nat the café');
    await user.keyboard('{Enter}');
    expect(box).toHaveValue('');
    expect(within(log).getByText(/See you at 7/)).toBeInTheDocument();
    expect(within(list).getAllByRole('button')[0]).toHaveTextContent('See you at 7 at the café');
    expect(within(log).queryByText('Thanks for your message!')).not.toBeInTheDocument();

    // The exact 2 seconds are checked on a simulated clock in the model test; here the real screen answers.
    await act(() => vi.advanceTimersByTimeAsync(2000));
    await waitFor(() => expect(within(log).getByText('Thanks for your message!')).toBeInTheDocument());
    expect(within(log).getByText('Thanks for your message!').closest('li')).toHaveTextContent('Sarah Johnson:');
  });

  it('ignores a whitespace-only message and swaps in the sample thread when another conversation is chosen', async () => {
    const user = userEvent.setup();
    renderApp('/messages');
    const list = await screen.findByRole('list', { name: 'Conversations' });
    const box = await screen.findByRole('textbox', { name: 'Message' });
    await user.type(box, '   ');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(within(screen.getByRole('log')).getAllByRole('listitem')).toHaveLength(5);

    await user.click(within(list).getByRole('button', { name: /Jessica Wilson/ }));
    const chat = screen.getByRole('region', { name: 'Chat with Jessica Wilson' });
    const log = await within(chat).findByRole('log');
    expect(within(log).getByText('Hey! How are you doing?')).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: /Jessica Wilson/ })).not.toHaveTextContent('unread');
    expect(within(chat).getByRole('textbox', { name: 'Message' })).toHaveValue('');

    // On a phone the back arrow returns to the list view.
    expect(document.querySelector('[data-phone-view]')).toHaveAttribute('data-phone-view', 'chat');
    await user.click(within(chat).getByRole('button', { name: 'Back to conversations' }));
    expect(document.querySelector('[data-phone-view]')).toHaveAttribute('data-phone-view', 'list');
  });

  it('shows a member without matches an empty inbox with a way to meet people, not made-up conversations', async () => {
    localStorage.setItem('user_token', 'user-token');
    mockApi({
      'GET /api/config/public': () => json(200, publicConfig),
      'GET /api/user/me': () => json(401, { success: false, message: 'Authentication required' }),
      'GET /api/matches': () => json(200, { matches: [] }),
    });
    renderApp('/messages');
    expect(await screen.findByRole('heading', { name: 'No conversations yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find people to match' })).toHaveAttribute('href', '/spin');
    expect(screen.queryByText('Sarah Johnson')).not.toBeInTheDocument();
    expect(screen.queryByText(VISITOR_MESSAGES_NOTICE)).not.toBeInTheDocument();
  });

  it("opens a member's real match on an empty thread, not canned lines neither person wrote", async () => {
    localStorage.setItem('user_token', 'user-token');
    mockApi({
      'GET /api/config/public': () => json(200, publicConfig),
      'GET /api/matches': () => json(200, { matches: [matchOf(candidate('aaaaaaaa-0000-4000-8000-00000000000a', 'Asha', { isOnline: true }))] }),
    });
    vi.useFakeTimers({ shouldAdvanceTime: true, now: MIDDAY });
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    renderApp('/messages');
    const chat = await screen.findByRole('region', { name: 'Chat with Asha' });
    const log = await within(chat).findByRole('log', { name: 'Messages with Asha' });
    expect(log).toHaveTextContent('No messages with Asha yet. Say hello 👋');
    expect(within(log).queryAllByRole('listitem')).toHaveLength(0);
    expect(within(log).queryByText('Hey! How are you doing?')).not.toBeInTheDocument();

    await user.type(within(chat).getByRole('textbox', { name: 'Message' }), 'Hi Asha!{Enter}');
    // The 'Today' separator and the message.
    expect(within(log).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Today', expect.stringContaining('Hi Asha!')]);
    expect(log).not.toHaveTextContent('No messages with Asha yet');
    await act(() => vi.advanceTimersByTimeAsync(2000));
    await waitFor(() => expect(within(log).getByText('Thanks for your message!')).toBeInTheDocument());
  });

  it('lets a member block a match from the chat: their conversation goes and the message takes focus', async () => {
    localStorage.setItem('user_token', 'user-token');
    const asha = matchOf(candidate('aaaaaaaa-0000-4000-8000-00000000000a', 'Asha', { isOnline: true }));
    const ben = matchOf(candidate('aaaaaaaa-0000-4000-8000-00000000000b', 'Ben'));
    const blocks: string[] = [];
    mockApi({
      'GET /api/config/public': () => json(200, publicConfig),
      'GET /api/matches': () => json(200, { matches: [asha, ben] }),
      [`POST /api/users/${asha.id}/block`]: () => {
        blocks.push(asha.id);
        return json(200, { success: true, message: 'You blocked Asha.' });
      },
    });
    renderApp('/messages');
    const chat = await screen.findByRole('region', { name: 'Chat with Asha' });
    await userEvent.click(within(chat).getByRole('button', { name: 'Report or block Asha' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report or block Asha' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Block Asha' }));
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Block' }));

    const notice = await screen.findByText('You blocked Asha.');
    await waitFor(() => expect(notice.closest('[tabindex="-1"]')).toHaveFocus());
    expect(blocks).toEqual([asha.id]);
    const entries = within(screen.getByRole('list', { name: 'Conversations' })).getAllByRole('button');
    expect(entries.map((entry) => entry.textContent)).toEqual([expect.stringContaining('Ben')]);
    expect(screen.getByRole('region', { name: 'Chat' })).toHaveTextContent('No conversation selected');
  });

  it("offers Try Again when a member's matches cannot be read, instead of sample conversations", async () => {
    localStorage.setItem('user_token', 'user-token');
    let failing = true;
    mockApi({
      'GET /api/config/public': () => json(200, publicConfig),
      'GET /api/matches': () => (failing ? json(500, { success: false, message: 'Internal server error' }) : json(200, { matches: [] })),
    });
    renderApp('/messages');
    expect(await screen.findByRole('heading', { name: "Couldn't load your conversations" }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.queryByText('Sarah Johnson')).not.toBeInTheDocument();
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'No conversations yet' })).toBeInTheDocument();
  });

  it('sends /messaging to /messages', async () => {
    const { router } = renderApp('/messaging');
    await screen.findByRole('heading', { level: 1, name: 'Messages' });
    expect(router.state.location.pathname).toBe('/messages');
  });
});
