import type { AdminUser, Withdrawal } from '../../contract/admin/console';
import type { AdminCoinPack, AdminVipPlan, CoinPack, Gift, VipPlan } from '../../contract/store/catalogue';
import type { CoinPackRow, CreatorIdentityRow, GiftRow, UserRow, VipPlanRow, WithdrawalRow } from '../db/schema';
import { defaultAvatarUrl, hasActiveVip } from '../members/views';
import type { WithdrawalFacts } from './queries/withdrawals';

// Rows as the API shows them. Built field by field so a new column (a
// password hash, a token version) never leaks into a response by accident.

export type AdminUserRowFields = Pick<
  UserRow,
  | 'id'
  | 'username'
  | 'email'
  | 'name'
  | 'role'
  | 'avatar'
  | 'region'
  | 'coins'
  | 'coinsOwed'
  | 'isVip'
  | 'vipTier'
  | 'vipUntil'
  | 'isBanned'
  | 'banReason'
  | 'bannedAt'
  | 'isDemo'
  | 'lastSeenAt'
  | 'createdAt'
>;

export function toAdminUser(row: AdminUserRowFields, now: Date): AdminUser {
  const isVip = hasActiveVip(row, now);
  return {
    _id: row.id,
    username: row.username,
    email: row.email,
    name: row.name || row.username,
    role: row.role,
    avatar: row.avatar || defaultAvatarUrl(row.username),
    region: row.region,
    coins: row.coins,
    coinsOwed: row.coinsOwed,
    isVIP: isVip,
    vipTier: isVip ? row.vipTier : null,
    vipUntil: isVip ? (row.vipUntil?.toISOString() ?? null) : null,
    isBanned: row.isBanned,
    banReason: row.isBanned ? row.banReason : null,
    bannedAt: row.isBanned ? (row.bannedAt?.toISOString() ?? null) : null,
    isDemo: row.isDemo,
    lastSeen: row.lastSeenAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export type WithdrawalOwner = Pick<UserRow, 'id' | 'username' | 'email' | 'avatar' | 'isBanned' | 'createdAt'>;

/** What an operator weighs beside a request; none known (a demo row in a test) reads as nothing to weigh. */
const NO_FACTS: WithdrawalFacts = { giftsFromOwnAddress: 0, openReports: 0, earnedMinor: 0, owedMinor: 0 };

export function toWithdrawal(row: WithdrawalRow, owner: WithdrawalOwner | null, facts: WithdrawalFacts = NO_FACTS, identity: CreatorIdentityRow | null = null): Withdrawal {
  return {
    _id: row.id,
    user: owner && { _id: owner.id, username: owner.username, email: owner.email, avatar: owner.avatar || defaultAvatarUrl(owner.username) },
    amountCoins: row.amountCoins,
    amount: { amountMinor: row.amountMinor, currency: row.currency },
    method: row.method,
    account: row.account,
    test: row.test,
    frozen: owner?.isBanned ?? false,
    giftsFromOwnAddress: facts.giftsFromOwnAddress,
    openReports: facts.openReports,
    earned: { amountMinor: facts.earnedMinor, currency: row.currency },
    owed: { amountMinor: facts.owedMinor, currency: row.currency },
    identity: identity && {
      legalName: identity.legalName,
      birthDate: identity.birthDate,
      address: identity.address,
      taxId: identity.taxId,
      checkedAt: identity.checkedAt?.toISOString() ?? null,
    },
    memberSince: owner?.createdAt.toISOString() ?? null,
    status: row.status,
    txnId: row.txnId,
    fee: row.feeMinor === null ? null : { amountMinor: row.feeMinor, currency: row.currency },
    reason: row.reason,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What the public store shows (SPEC section 3 Coin pack). */
export function toCoinPack(row: CoinPackRow): CoinPack {
  return { _id: row.id, name: row.name, coins: row.coins, price: { amountMinor: row.priceMinor, currency: row.currency }, popular: row.popular };
}

export function toAdminCoinPack(row: CoinPackRow): AdminCoinPack {
  return { ...toCoinPack(row), active: row.active };
}

/** What the public VIP screen shows (SPEC section 3 VIP plan). */
export function toVipPlan(row: VipPlanRow): VipPlan {
  return { _id: row.id, name: row.name, duration: row.durationDays, price: { amountMinor: row.priceMinor, currency: row.currency }, popular: row.popular, features: row.features };
}

export function toAdminVipPlan(row: VipPlanRow): AdminVipPlan {
  return { ...toVipPlan(row), active: row.active };
}

export function toGift(row: GiftRow): Gift {
  return { _id: row.id, name: row.name, icon: row.icon, price: row.priceCoins, active: row.active };
}
