import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TEST_PAYMENT_LABEL } from '../../../../contract/store/purchases';
import type { VipSubscription } from '../../../../contract/store/subscriptions';
import type { User } from '../../../../contract/members/profile';
import { json, renderApp } from '../../support/render-app';
import { me, mockShellApi, signedInForEachTest } from '../discovery/discover/fixtures';
import { heldReply, renderStoreApp, vipPlansReply } from './store-fixtures';

signedInForEachTest();

const user = userEvent.setup({ delay: null });

// Noon UTC, so the day is the same in any test machine's time zone.
const PERIOD_END = '2026-12-30T12:00:00.000Z';
const PAID_UNTIL = '2026-11-30T12:00:00.000Z';
const longDate = (iso: string) => new Intl.DateTimeFormat(undefined, { dateStyle: 'long' }).format(new Date(iso));

function subscriptionOf(overrides: Partial<VipSubscription> = {}): VipSubscription {
  return {
    _id: '7a0c2f4e-1b3d-4e5f-8a9b-0c1d2e3f4a5b',
    planId: '00000000-0000-4000-8000-000000000011',
    planName: 'Gold',
    price: { amountMinor: 999, currency: 'USD' },
    billingMonths: 1,
    status: 'active',
    cancelAtPeriodEnd: false,
    currentPeriodEnd: PERIOD_END,
    vipUntil: PERIOD_END,
    testPayment: false,
    withdrawal: null,
    ...overrides,
  };
}

const RENEWS_LINE = `Your Gold VIP renews on ${longDate(PERIOD_END)}: $9.99 every month.`;
const CANCELLED_LINE = `Your Gold VIP is cancelled. It stays active until ${longDate(PERIOD_END)} and will not renew.`;
const PAST_DUE_LINE = `Your last renewal payment failed. Your VIP ended on ${longDate(PAID_UNTIL)}; it comes back as soon as a retry succeeds.`;
const CANCELLED_MESSAGE = 'Your VIP will not renew. It stays active until December 30, 2026.';

type Routes = Parameters<typeof mockShellApi>[0];

/** Settings for a member with this subscription (or none); `routes` add or replace replies. */
function mockSettingsApi(subscription: () => VipSubscription | null, routes: Routes = {}, account: Partial<User> = { isVIP: true, vipTier: 'Gold', vipUntil: PERIOD_END }) {
  return mockShellApi({
    'GET /api/user/me': () => json(200, { user: me(account) }),
    'GET /api/conversations': () => json(200, { conversations: [] }),
    'GET /api/store/subscription': () => json(200, { success: true, subscription: subscription() }),
    ...routes,
  });
}

async function settingsSection(): Promise<HTMLElement> {
  renderApp('/settings');
  return screen.findByRole('region', { name: 'VIP subscription' });
}

describe('Settings, VIP subscription', () => {
  it('says when a renewing subscription renews and for how much, with Cancel one click away', async () => {
    mockSettingsApi(() => subscriptionOf());
    const section = await settingsSection();
    const line = await within(section).findByText(RENEWS_LINE);
    expect(line.tagName).toBe('P');
    expect(within(section).getByRole('button', { name: 'Cancel subscription' })).toBeEnabled();
    expect(within(section).queryByRole('button', { name: 'Resume subscription' })).not.toBeInTheDocument();
    expect(within(section).queryByText(TEST_PAYMENT_LABEL)).not.toBeInTheDocument();
  });

  it('says a cancelled subscription keeps VIP until the period ends, with Resume', async () => {
    mockSettingsApi(() => subscriptionOf({ cancelAtPeriodEnd: true }));
    const section = await settingsSection();
    expect(await within(section).findByText(CANCELLED_LINE)).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Resume subscription' })).toBeEnabled();
    expect(within(section).queryByRole('button', { name: 'Cancel subscription' })).not.toBeInTheDocument();
  });

  it('says a failed renewal ended VIP until a retry succeeds, and still offers Cancel', async () => {
    mockSettingsApi(() => subscriptionOf({ status: 'pastDue', vipUntil: PAID_UNTIL }), {}, { isVIP: false });
    const section = await settingsSection();
    expect(await within(section).findByText(PAST_DUE_LINE)).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Cancel subscription' })).toBeEnabled();
  });

  it('marks a subscription taken by the test payments provider', async () => {
    mockSettingsApi(() => subscriptionOf({ testPayment: true }));
    const section = await settingsSection();
    expect(await within(section).findByText(TEST_PAYMENT_LABEL)).toBeInTheDocument();
  });

  it("cancels with one click, shows the server's words and refetches the account", async () => {
    let current = subscriptionOf();
    const cancel = heldReply();
    const api = mockSettingsApi(() => current, { 'POST /api/store/subscription/cancel': cancel.handler });
    const section = await settingsSection();
    await user.click(await within(section).findByRole('button', { name: 'Cancel subscription' }));

    const busy = within(section).getByRole('button', { name: 'Cancelling...' });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');
    const gets = (path: string) => api.calls.filter((call) => call.method === 'GET' && call.path === path).length;
    const [subscriptionGets, accountGets] = [gets('/api/store/subscription'), gets('/api/user/me')];

    current = subscriptionOf({ cancelAtPeriodEnd: true });
    cancel.release(() => json(200, { success: true, subscription: current, message: CANCELLED_MESSAGE }));
    const notice = await within(section).findByText(CANCELLED_MESSAGE);
    expect(notice.closest('[role="status"]')).not.toBeNull();
    expect(api.calls.filter((call) => call.method === 'POST' && call.path === '/api/store/subscription/cancel')).toHaveLength(1);
    expect(gets('/api/store/subscription')).toBeGreaterThan(subscriptionGets);
    expect(gets('/api/user/me')).toBeGreaterThan(accountGets);
    // The refetched subscription is the cancelled one: its line and Resume replace Cancel.
    expect(within(section).getByText(CANCELLED_LINE)).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Resume subscription' })).toBeEnabled();
    expect(within(section).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('within 14 days offers the withdrawal: confirmed first, then the server\'s words stay once the subscription is gone', async () => {
    let current: VipSubscription | null = subscriptionOf({ withdrawal: { until: '2026-12-14T12:00:00.000Z', refund: { amountMinor: 866, currency: 'USD' } } });
    const message = 'You withdrew from VIP: 8.66 USD goes back to you, and your VIP has ended.';
    const api = mockSettingsApi(() => current, {
      'POST /api/store/subscription/withdraw': () => {
        const ended = { ...subscriptionOf(), status: 'ended' as const };
        current = null;
        return json(200, { success: true, subscription: ended, message });
      },
    });
    const section = await settingsSection();
    await user.click(await within(section).findByRole('button', { name: 'Withdraw and get $8.66 back' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw from Gold VIP' });
    expect(dialog).toHaveTextContent(`You may withdraw until ${longDate('2026-12-14T12:00:00.000Z')}, 14 days after your first payment. Your VIP ends now and $8.66 goes back to you`);
    // Nothing happens before it is confirmed.
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    // The refetched account has no subscription: the section says so, and the answer is still there to read.
    expect(await within(section).findByText('You have no VIP subscription.')).toBeInTheDocument();
    expect(within(dialog).getByText(message)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('offers no withdrawal once the 14 days have passed', async () => {
    mockSettingsApi(() => subscriptionOf());
    const section = await settingsSection();
    await within(section).findByText(RENEWS_LINE);
    expect(within(section).queryByRole('button', { name: /^Withdraw/ })).not.toBeInTheDocument();
  });

  it('resumes a cancelled subscription', async () => {
    let current = subscriptionOf({ cancelAtPeriodEnd: true });
    const message = 'Your VIP renews again on December 30, 2026.';
    const api = mockSettingsApi(() => current, {
      'POST /api/store/subscription/resume': () => {
        current = subscriptionOf();
        return json(200, { success: true, subscription: current, message });
      },
    });
    const section = await settingsSection();
    await user.click(await within(section).findByRole('button', { name: 'Resume subscription' }));
    expect(await within(section).findByText(message)).toBeInTheDocument();
    expect(api.calls.some((call) => call.method === 'POST' && call.path === '/api/store/subscription/resume')).toBe(true);
    expect(within(section).getByText(RENEWS_LINE)).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Cancel subscription' })).toBeEnabled();
  });

  it("shows why a cancel failed, in the server's words, and leaves Cancel to try again", async () => {
    mockSettingsApi(() => subscriptionOf(), {
      'POST /api/store/subscription/cancel': () => json(502, { success: false, message: 'The payment provider could not be reached' }),
    });
    const section = await settingsSection();
    await user.click(await within(section).findByRole('button', { name: 'Cancel subscription' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent('The payment provider could not be reached');
    expect(within(section).getByText(RENEWS_LINE)).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Cancel subscription' })).toBeEnabled();
  });

  it('says there is no subscription and links to the VIP plans', async () => {
    mockSettingsApi(() => null, {}, { isVIP: false });
    const section = await settingsSection();
    expect(await within(section).findByText('You have no VIP subscription.')).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'See VIP plans' })).toHaveAttribute('href', '/vip');
    expect(within(section).queryByRole('button')).not.toBeInTheDocument();
  });

  it('says it is loading, then why the subscription could not be loaded', async () => {
    const load = heldReply();
    mockSettingsApi(() => null, { 'GET /api/store/subscription': load.handler });
    const section = await settingsSection();
    expect(within(section).getByRole('status')).toHaveTextContent('Loading your VIP subscription...');
    load.release(() => json(500, { success: false }));
    expect(await within(section).findByRole('alert')).toHaveTextContent('Could not load your VIP subscription');
    expect(within(section).queryByRole('button')).not.toBeInTheDocument();
  });
});

describe("the VIP screen's status banner", () => {
  function mockVipApi(subscription: VipSubscription, account: Partial<User>) {
    return mockSettingsApi(() => subscription, { 'GET /api/store/vipplans': () => vipPlansReply() }, account);
  }

  it("shows a subscriber's level, renewal date and the controls", async () => {
    mockVipApi(subscriptionOf(), { isVIP: true, vipTier: 'Gold', vipUntil: PERIOD_END });
    renderStoreApp('/vip');
    const banner = await screen.findByRole('region', { name: 'You are a VIP member' });
    // Said once, in the controls' line: no second summary of the same dates.
    expect(banner).not.toHaveTextContent('Your Gold membership');
    expect(within(banner).getByText('Gold')).toBeInTheDocument();
    expect(within(banner).getByText(RENEWS_LINE)).toBeInTheDocument();
    expect(within(banner).getByRole('button', { name: 'Cancel subscription' })).toBeEnabled();
  });

  it('says until when a cancelled subscription keeps VIP', async () => {
    mockVipApi(subscriptionOf({ cancelAtPeriodEnd: true }), { isVIP: true, vipTier: 'Gold', vipUntil: PERIOD_END });
    renderStoreApp('/vip');
    const banner = await screen.findByRole('region', { name: 'You are a VIP member' });
    expect(within(banner).getByText(CANCELLED_LINE)).toBeInTheDocument();
    expect(within(banner).getByRole('button', { name: 'Resume subscription' })).toBeEnabled();
  });

  it('lets a member whose renewal failed cancel from the invitation to VIP', async () => {
    mockVipApi(subscriptionOf({ status: 'pastDue', vipUntil: PAID_UNTIL }), { isVIP: false, vipUntil: PAID_UNTIL });
    renderStoreApp('/vip');
    const banner = await screen.findByRole('region', { name: 'Unlock VIP Features' });
    expect(within(banner).getByText(PAST_DUE_LINE)).toBeInTheDocument();
    expect(within(banner).getByRole('button', { name: 'Cancel subscription' })).toBeEnabled();
    expect(screen.queryByRole('region', { name: 'You are a VIP member' })).not.toBeInTheDocument();
  });
});
