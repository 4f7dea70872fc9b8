import { useEffect } from 'react';
import type { CheckoutReturn } from '../../../machines/store/purchase.machine';
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
import { usePurchase } from './usePurchase';

interface CoinsScreenProps {
  /** The purchase checkout sent the buyer back with (the address's `purchase` and `checkout`), if any. */
  checkoutReturn?: { purchaseId: string; outcome: CheckoutReturn } | null;
  /** The buyer closed how that checkout ended: the address forgets it. */
  onCheckoutReturnDone?: () => void;
}

/**
 * SPEC section 2 Coins: the real balance, the packs on sale, the member's
 * coin and purchase history, and how to earn more. Checkout comes back here:
 * the purchase is confirmed (or cancelled) as the screen opens.
 */
export function CoinsScreen({ checkoutReturn = null, onCheckoutReturnDone }: CoinsScreenProps) {
  const account = useAccount();
  const packs = useCoinPacks();
  const load = combineLoads([packs, ...account.queries], STORE_LOAD_MESSAGES.coins);
  const flow = usePurchase();
  const { returned, dismiss } = flow;
  const returnedId = checkoutReturn?.purchaseId;
  const returnOutcome = checkoutReturn?.outcome;
  const { isAuthenticated } = account;

  // Once per return (the machine ignores a second one while it is busy with the first).
  useEffect(() => {
    if (returnedId && returnOutcome && isAuthenticated) returned(returnedId, returnOutcome);
  }, [returnedId, returnOutcome, isAuthenticated, returned]);

  const dialogFlow = {
    ...flow,
    dismiss: () => {
      const closed = dismiss();
      if (closed && returnedId) onCheckoutReturnDone?.();
      return closed;
    },
  };

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
