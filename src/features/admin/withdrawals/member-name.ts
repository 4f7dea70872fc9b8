import type { Withdrawal } from '../../../../contract/admin/console';

/** Settled payouts outlive the member who asked for them; the books still show that someone did. */
export function memberName(withdrawal: Withdrawal): string {
  return withdrawal.user?.username ?? 'Deleted account';
}
