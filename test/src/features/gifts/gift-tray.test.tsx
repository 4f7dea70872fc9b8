import { QueryClient } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { GIFT_RATE_MESSAGE, type GiftOffersResponse } from '../../../../contract/gifts';
import type { CommandAnswer } from '../../../../contract/realtime';
import { giftKeys } from '../../../../src/api/gifts';
import { memberKeys } from '../../../../src/api/member-keys';
import type { GiftTarget } from '../../../../machines/gifts/gift-tray.machine';
import { GiftTray } from '../../../../src/features/gifts/GiftTray';
import { createRealtimeHub, type RealtimeHub } from '../../../../src/realtime/hub';
import { currentPath, renderScreen } from '../media/screen-harness';

// The gift tray on a hub the test drives: what a viewer sees of the gifts,
// their balance and each send's outcome, and what goes out on the channel.

const STREAM_ID = '5a1c0de0-0000-4000-8000-00000000917f';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const OFFERS: GiftOffersResponse = {
  success: true,
  gifts: [
    { _id: 'gift-rose', name: 'Rose', icon: '🌹', price: 10, value: { amountMinor: 10, currency: 'USD' } },
    { _id: 'gift-rocket', name: 'Rocket', icon: '🚀', price: 1000, value: { amountMinor: 999, currency: 'USD' } },
  ],
};

const user = userEvent.setup({ delay: null });

/** A hub whose connection the test sets, answering each `live:gift` with the next of `answers`. */
function drivenHub(answers: CommandAnswer[]) {
  const hub: RealtimeHub = createRealtimeHub();
  const sent: Array<{ name: string; payload: unknown }> = [];
  hub.setCommandSender((name, payload) => {
    sent.push({ name, payload });
    return Promise.resolve(answers.shift() ?? { ok: true });
  });
  const setConnected = (connected: boolean) => act(() => hub.publish({ type: 'status', status: connected ? 'connected' : 'disconnected' }));
  return { hub, sent, setConnected };
}

function renderTray(answers: CommandAnswer[] = [], to: GiftTarget = { streamId: STREAM_ID }) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(giftKeys.offers(), OFFERS);
  queryClient.setQueryData(memberKeys.me(), { _id: 'me', username: 'maya', coins: 120 });
  const driven = drivenHub(answers);
  driven.setConnected(true);
  const view = renderScreen(<GiftTray to={to} compact={'peerId' in to} hub={driven.hub} />, { queryClient });
  return { ...view, ...driven };
}

const tray = () => screen.getByRole('dialog', { name: 'Send a gift' });

describe('the gift tray', () => {
  it('lists the gifts with coins and money beside the balance, and sends the one pressed under a fresh name each press', async () => {
    const { sent } = renderTray();
    await user.click(await screen.findByRole('button', { name: 'Send a gift' }));
    expect(within(tray()).getByText('You have 120 coins.')).toBeInTheDocument();
    await user.click(within(tray()).getByRole('button', { name: 'Rose, 10 coins ($0.10)' }));
    expect(await within(tray()).findByText('Rose sent!')).toBeInTheDocument();
    await user.click(within(tray()).getByRole('button', { name: 'Rose, 10 coins ($0.10)' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    const [first, second] = sent.map((command) => command.payload as { streamId: string; giftId: string; sendId: string });
    expect(sent.map((command) => command.name)).toEqual(['live:gift', 'live:gift']);
    expect(first).toMatchObject({ streamId: STREAM_ID, giftId: 'gift-rose', sendId: expect.stringMatching(UUID) as unknown });
    expect(second?.sendId).not.toBe(first?.sendId);
  });

  it('says when the coins are short and offers the coin packs', async () => {
    const { router } = renderTray([{ ok: false, status: 409, message: 'Not enough coins' }]);
    await user.click(await screen.findByRole('button', { name: 'Send a gift' }));
    await user.click(within(tray()).getByRole('button', { name: 'Rocket, 1,000 coins ($9.99)' }));
    const alert = await within(tray()).findByRole('alert');
    expect(alert).toHaveTextContent('Not enough coins');
    expect(alert).toHaveTextContent('Rocket costs 1,000 coins. Nothing was taken; a coin pack tops you up.');
    await user.click(within(alert).getByRole('link', { name: 'Get coins' }));
    await waitFor(() => expect(currentPath(router)).toBe('/coins'));
  });

  it('tries a refused send again under the same name', async () => {
    const { sent } = renderTray([{ ok: false, status: 429, message: GIFT_RATE_MESSAGE }]);
    await user.click(await screen.findByRole('button', { name: 'Send a gift' }));
    await user.click(within(tray()).getByRole('button', { name: 'Rose, 10 coins ($0.10)' }));
    expect(await within(tray()).findByRole('alert')).toHaveTextContent(GIFT_RATE_MESSAGE);
    await user.click(within(tray()).getByRole('button', { name: 'Try again' }));
    expect(await within(tray()).findByText('Rose sent!')).toBeInTheDocument();
    const names = sent.map((command) => (command.payload as { sendId: string }).sendId);
    expect(names).toHaveLength(2);
    expect(names[1]).toBe(names[0]);
  });

  it('sends nothing while the connection is down, and says why', async () => {
    const { sent, setConnected } = renderTray();
    await user.click(await screen.findByRole('button', { name: 'Send a gift' }));
    setConnected(false);
    expect(within(tray()).getByRole('button', { name: 'Rose, 10 coins ($0.10)' })).toBeDisabled();
    expect(within(tray()).getByText('Gifts go only while you are connected. Reconnecting…')).toBeInTheDocument();
    setConnected(true);
    expect(within(tray()).getByRole('button', { name: 'Rose, 10 coins ($0.10)' })).toBeEnabled();
    expect(sent).toEqual([]);
  });

  it('in a chat, sends the gift to the match as message:gift', async () => {
    const peerId = '5a1c0de0-0000-4000-8000-0000000000aa';
    const { sent } = renderTray([], { peerId });
    await user.click(await screen.findByRole('button', { name: 'Send a gift' }));
    await user.click(within(tray()).getByRole('button', { name: 'Rose, 10 coins ($0.10)' }));
    expect(await within(tray()).findByText('Rose sent!')).toBeInTheDocument();
    expect(sent).toEqual([{ name: 'message:gift', payload: { peerId, giftId: 'gift-rose', sendId: expect.stringMatching(UUID) as unknown } }]);
  });
});
