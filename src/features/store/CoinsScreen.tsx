import { STORE_LOAD_MESSAGES } from '../../api/store';
import { EmptyState } from '../../ui';
import { BalanceCard } from './BalanceCard';
import { CoinHistory } from './CoinHistory';
import { CoinPackGrid } from './CoinPackCard';
import { EarnCoinsPanel } from './EarnCoinsPanel';
import { LoadStatus } from './LoadStatus';
import { PurchaseDialog } from './PurchaseDialog';
import { StorePageLayout, StoreSection } from './StorePageLayout';
import { combineLoads, useAccount, useCoinPacks } from './useStoreData';
import { usePurchase } from './usePurchase';

/** SPEC section 2 Coins: the real balance, the packs on sale, the member's coin history, and how to earn more. */
export function CoinsScreen() {
  const account = useAccount();
  const packs = useCoinPacks();
  const load = combineLoads([packs, ...account.queries], STORE_LOAD_MESSAGES.coins);
  const flow = usePurchase();

  return (
    <StorePageLayout
      title="Your Coins"
      subtitle="Use coins to unlock special features"
      animation="coins"
      aside={load.status !== 'error' && <BalanceCard isAuthenticated={account.isAuthenticated} user={account.user} />}
    >
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
      {account.isAuthenticated ? <CoinHistory /> : null}
      <EarnCoinsPanel />
      <PurchaseDialog flow={flow} />
    </StorePageLayout>
  );
}
