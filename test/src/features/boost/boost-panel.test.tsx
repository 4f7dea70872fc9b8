import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Boost, BoostStatusResponse } from '../../../../contract/boost';
import { BoostPanel } from '../../../../src/features/boost/BoostPanel';
import { json, mockApi } from '../../support/render-app';
import { renderScreen } from '../discovery/discover/render-screen';

const user = userEvent.setup({ delay: null });
beforeEach(() => localStorage.setItem('user_token', 'user-token'));
afterEach(() => localStorage.clear());

const ENDS_AT = new Date(2026, 10, 30, 14, 32);
const running: Boost = { startedAt: new Date(ENDS_AT.getTime() - 30 * 60_000).toISOString(), endsAt: ENDS_AT.toISOString(), source: 'vip-daily', views: 0 };
const statusReply = (status: Omit<BoostStatusResponse, 'success'>) => () => json(200, { success: true, ...status });

describe("Discover's Boost", () => {
  it("lets a VIP start today's Boost and then says until when it runs and what it brought", async () => {
    let status: Omit<BoostStatusResponse, 'success'> = { running: null, last: null, dailyBoostAvailable: true };
    const api = mockApi({
      'GET /api/boost': () => statusReply(status)(),
      'POST /api/boost': () => {
        status = { running: { ...running, views: 3 }, last: null, dailyBoostAvailable: false };
        return json(200, { success: true, message: 'Boost started', boost: running });
      },
    });
    await renderScreen(() => <BoostPanel isVip />);
    const panel = await screen.findByRole('region', { name: 'Boost' });
    expect(within(panel).getByText(/Your card comes first in Discover and Spin for 30 minutes/)).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Boost now' }));
    expect(await within(panel).findByRole('status')).toHaveTextContent('Your Boost runs until 14:32 · 3 views so far');
    expect(api.calls.filter((call) => call.method === 'POST')[0]?.body).toEqual({ attemptId: expect.stringMatching(/^[0-9a-f-]{36}$/) as unknown });
  });

  it('shows a free member the way to buy one with coins, and what the last one brought', async () => {
    mockApi({ 'GET /api/boost': statusReply({ running: null, last: { ...running, source: 'coins', views: 1 }, dailyBoostAvailable: false }) });
    await renderScreen(() => <BoostPanel isVip={false} />);
    const panel = await screen.findByRole('region', { name: 'Boost' });
    expect(await within(panel).findByText(/Your last Boost brought 1 view\./)).toBeInTheDocument();
    expect(within(panel).getByText(/VIP members boost free once a day/)).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Buy a Boost with coins' })).toHaveAttribute('href', '/coins');
    expect(within(panel).queryByRole('button', { name: 'Boost now' })).toBeNull();
  });

  it("says why a start was refused, in the server's words", async () => {
    mockApi({
      'GET /api/boost': statusReply({ running: null, last: null, dailyBoostAvailable: true }),
      'POST /api/boost': () => json(409, { success: false, message: "You've used today's Boost; buy one with coins, or boost again tomorrow" }),
    });
    await renderScreen(() => <BoostPanel isVip />);
    const panel = await screen.findByRole('region', { name: 'Boost' });
    await user.click(await within(panel).findByRole('button', { name: 'Boost now' }));
    expect(await within(panel).findByText("You've used today's Boost; buy one with coins, or boost again tomorrow")).toBeInTheDocument();
  });
});
