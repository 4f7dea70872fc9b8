import { useQuery } from '@tanstack/react-query';
import { paymentsModeQueryOptions } from '../../api/purchases';
import { Notice } from '../../ui';

export const TEST_PAYMENTS_BANNER = 'Test payments: no money moves';

/**
 * On the Store, Coins and VIP screens while Orbit's own test checkout takes
 * the payments (PAYMENTS_PROVIDER=local): nothing shows while that is being
 * asked, or when it cannot be.
 */
export function TestPaymentsBanner() {
  const { data } = useQuery(paymentsModeQueryOptions());
  if (!data?.testPayments) return null;
  return <Notice tone="info">{TEST_PAYMENTS_BANNER}</Notice>;
}
