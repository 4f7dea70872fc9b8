import { render } from '@testing-library/react';
import { createMemoryHistory } from '@tanstack/react-router';
import type { CoinPack, VipPlan } from '../../../../contract/store/listings';
import type { Money } from '../../../../contract/store/money';
import type { Purchase, PurchaseStatus } from '../../../../contract/store/purchases';
import type { User } from '../../../../contract/members/profile';
import { App } from '../../../../src/App';
import { PurchaseOverridesProvider, type PurchaseOverrides } from '../../../../src/features/store/usePurchase';
import { createAppQueryClient, createAppRouter } from '../../../../src/router';
import { json } from '../../support/render-app';

const usd = (amountMinor: number): Money => ({ amountMinor, currency: 'USD' });

// SPEC section 9's sample catalogue, as the API serves it.
export const COIN_PACKS: CoinPack[] = [
  { _id: '00000000-0000-4000-8000-000000000001', name: 'Starter Pack', coins: 100, price: usd(99), popular: false },
  { _id: '00000000-0000-4000-8000-000000000002', name: 'Value Pack', coins: 500, price: usd(499), popular: true },
  { _id: '00000000-0000-4000-8000-000000000003', name: 'Premium Pack', coins: 1200, price: usd(999), popular: false },
  { _id: '00000000-0000-4000-8000-000000000004', name: 'VIP Pack', coins: 2500, price: usd(1999), popular: false },
];

export const VIP_PLANS: VipPlan[] = [
  { _id: '00000000-0000-4000-8000-000000000011', name: 'Gold', duration: 30, price: usd(999), popular: false, features: ['Unlimited Likes'] },
  {
    _id: '00000000-0000-4000-8000-000000000012',
    name: 'Platinum',
    duration: 90,
    price: usd(1999),
    popular: true,
    features: ['Unlimited Likes', 'See Who Liked You'],
  },
  { _id: '00000000-0000-4000-8000-000000000013', name: 'Diamond', duration: 365, price: usd(4999), popular: false, features: ['Incognito Mode'] },
];

export function accountWith(overrides: Partial<User> = {}): User {
  const base: User = {
    _id: '00000000-0000-4000-8000-0000000000aa',
    username: 'alex',
    email: 'alex@example.com',
    emailVerified: true,
    role: 'user',
    avatar: '/api/media/avatar/alex',
    age: 28,
    gender: 'other',
    region: 'Mumbai',
    isOnline: true,
    isVIP: false,
    vipTier: null,
    vipUntil: null,
    interests: [],
    photos: [],
    bio: '',
    lang: 'English',
    coins: 1234,
    coinsOwed: 0,
    showOnRadar: true,
    preferences: { showMe: 'everyone', minAge: 18, maxAge: 99, maxDistanceKm: null },
    onboarding: { completed: true, step: 'preferences' },
    photoNudgeSeen: true,
    readReceipts: true,
    activityVisible: true,
    incognito: false,
    profile: {
      name: 'Alex',
      avatar: '/api/media/avatar/alex',
      isVerified: false,
      isVIP: false,
      vipLevel: '',
      vipUntil: null,
      age: 28,
      location: 'Mumbai',
      gender: 'other',
      language: 'English',
      bio: '',
      interests: [],
      photos: [],
      followers: 0,
      following: 0,
      coins: 1234,
      lastSeen: null,
    },
  };
  return { ...base, ...overrides };
}

export const publicConfigReply = () => json(200, { success: true, data: { config: { appName: 'Orbit' } } });
export const coinPacksReply = (coinPacks: CoinPack[] = COIN_PACKS) => json(200, { success: true, coinPacks });
export const vipPlansReply = (vipPlans: VipPlan[] = VIP_PLANS) => json(200, { success: true, vipPlans });
/** The member has no VIP subscription (GET /api/store/subscription). */
export const noSubscriptionReply = () => json(200, { success: true, subscription: null });
export const meReply = (user: User = accountWith()) => json(200, { user });

/** One of the member's purchases of the Value Pack (taken by the local test provider), as the API sends it. */
export function purchaseOf(status: PurchaseStatus, overrides: Partial<Purchase> = {}): Purchase {
  return {
    _id: '5d1f0c2a-8e3b-4c7d-9a6f-1b2c3d4e5f60',
    receiptNumber: 'OR-5D1F-0C2A',
    kind: 'coinPack',
    itemName: 'Value Pack',
    coins: 500,
    billingMonths: null,
    refunded: null,
    refundStatus: null,
    refundableUntil: null,
    amount: usd(499),
    status,
    provider: 'local',
    testPayment: true,
    withdrawalWaived: true,
    createdAt: '2026-11-26T12:00:00.000Z',
    paidAt: status === 'paid' ? '2026-11-26T12:01:00.000Z' : null,
    ...overrides,
  };
}

export const paymentsModeReply = (testPayments = true) =>
  json(200, { success: true, provider: testPayments ? 'local' : 'stripe', testPayments });

/** A reply the test releases when it wants, to see the loading state (each caller gets its own Response). */
export function heldReply() {
  let release: (reply: () => Response) => void = () => {};
  const pending = new Promise<() => Response>((resolve) => {
    release = resolve;
  });
  return { handler: () => pending.then((reply) => reply()), release };
}

/** The real app at `path`, with the purchase flow's machine, clock or inspector swapped when given. */
export function renderStoreApp(path: string, purchase: PurchaseOverrides = {}) {
  const queryClient = createAppQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: Infinity } });
  const router = createAppRouter(queryClient, { history: createMemoryHistory({ initialEntries: [path] }) });
  const view = render(
    <PurchaseOverridesProvider value={purchase}>
      <App router={router} queryClient={queryClient} />
    </PurchaseOverridesProvider>,
  );
  return { ...view, router, queryClient };
}
