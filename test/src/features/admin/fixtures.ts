import type { ActivityEntry, AdminStats, AdminUser, Withdrawal } from '../../../../contract/admin/console';
import type { Money } from '../../../../contract/store/money';

export const usd = (amountMinor: number): Money => ({ amountMinor, currency: 'USD' });

export const STATS: AdminStats = {
  users: { total: 1234, active: 321, vip: 45, banned: 6 },
  revenue: { today: [usd(123_450)], thisWeek: [usd(987_625)], thisMonth: [usd(4_567_800)] },
};

export function adminUser(overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    _id: '11111111-1111-4111-8111-111111111111',
    username: 'maya_r',
    email: 'maya@example.com',
    name: 'Maya R',
    role: 'user',
    avatar: '/api/media/avatar/maya',
    region: 'Mumbai',
    coins: 120,
    coinsOwed: 0,
    isVIP: false,
    vipTier: null,
    vipUntil: null,
    isBanned: false,
    banReason: null,
    bannedAt: null,
    isDemo: false,
    lastSeen: new Date(Date.now() - 3_600_000).toISOString(),
    createdAt: '2026-01-05T10:00:00.000Z',
    ...overrides,
  };
}

export function withdrawal(overrides: Partial<Withdrawal> = {}): Withdrawal {
  return {
    _id: '22222222-2222-4222-8222-222222222222',
    user: { _id: '11111111-1111-4111-8111-111111111111', username: 'maya_r', email: 'maya@example.com', avatar: '' },
    amountCoins: 2500,
    amount: usd(2500),
    method: 'PayPal',
    account: 'maya.payouts@example.com',
    test: false,
    frozen: false,
    giftsFromOwnAddress: 0,
    openReports: 0,
    earned: usd(4000),
    owed: usd(0),
    identity: { legalName: 'Maya Rivera', birthDate: '1996-04-12', address: '12 Harbour Street, Lisbon', taxId: 'PT123456789', checkedAt: '2026-11-01T09:00:00.000Z' },
    memberSince: '2026-01-05T10:00:00.000Z',
    status: 'pending',
    txnId: null,
    fee: null,
    reason: null,
    decidedAt: null,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

export function activityEntry(overrides: Partial<ActivityEntry> = {}): ActivityEntry {
  return {
    _id: '33333333-3333-4333-8333-333333333333',
    action: 'ban',
    targetType: 'user',
    targetId: '11111111-1111-4111-8111-111111111111',
    targetName: 'maya_r',
    details: 'Sending spam links',
    admin: { _id: '44444444-4444-4444-8444-444444444444', username: 'admin' },
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    ...overrides,
  };
}

export const PUBLIC_CONFIG = { success: true, data: { config: {} } };

/** The JSON body a mocked handler received (the API client always sends a string). */
export function sentBody<T>(init: RequestInit | undefined): T {
  if (typeof init?.body !== 'string') throw new Error('expected a JSON string body');
  return JSON.parse(init.body) as T;
}
