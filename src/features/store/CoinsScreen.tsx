import { STORE_LOAD_MESSAGES } from '../../api/store';
import { EmptyState } from '../../ui';
import { BalanceCard } from './BalanceCard';
import { CoinHistory } from './CoinHistory';
import { CoinPackGrid } from './CoinPackCard';
import { EarnCoinsPanel } from './EarnCoinsPanel';
import { LoadStatus } from './LoadStatus';
import { PurchaseDialog } from './PurchaseDialog';
import { PurchaseHistory } from './PurchaseHistory';
import { SpendCoinsPanel } from './SpendCoinsPanel';
import { StorePageLayout, StoreSection } from './StorePageLayout';
import { TestPaymentsBanner } from './TestPaymentsBanner';
import { combineLoads, useAccount, useCoinPacks } from './useStoreData';
import { useCheckoutReturn, type CheckoutReturnProps } from './useCheckoutReturn';
import { usePurchase } from './usePurchase';

/**
 * SPEC section 2 Coins: the real balance, the packs on sale, the member's
 * coin and purchase history, and how to earn more. Checkout comes back here:
 * the purchase is confirmed (or cancelled) as the screen opens.
 */
export function CoinsScreen(props: CheckoutReturnProps) {
  const account = useAccount();
  const packs = useCoinPacks();
  const load = combineLoads([packs, ...account.queries], STORE_LOAD_MESSAGES.coins);
  const flow = usePurchase();
  const dialogFlow = useCheckoutReturn(flow, account.isAuthenticated, props);

  return (
    <StorePageLayout
      title="Your Coins"
      subtitle="Use coins to unlock special features"
      animation="coins"
      aside={load.status !== 'error' && <BalanceCard isAuthenticated={account.isAuthenticated} user={account.user} />}
    >
      <TestPaymentsBanner />
      {load.status === 'ready' ? (
        <StoreSection title="Coin Packs" titleId="coin-packs-title">
          {packs.data && packs.data.length > 0 ? (
            <CoinPackGrid packs={packs.data} flow={flow} />
          ) : (
            <EmptyState headingLevel={3} title="No coin packs on sale" text="New packs are on their way. Check back soon." />
          )}
        </StoreSection>
      ) : (
        <LoadStatus state={load} errorTitle="Error Loading Data" loadingLabel="Loading coin packs" />
      )}
      {account.isAuthenticated ? <SpendCoinsPanel isVip={account.user?.isVIP ?? false} /> : null}
      {account.isAuthenticated ? <CoinHistory /> : null}
      {account.isAuthenticated ? <PurchaseHistory /> : null}
      <EarnCoinsPanel />
      <PurchaseDialog flow={dialogFlow} />
    </StorePageLayout>
  );
}
