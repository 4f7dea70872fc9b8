import { Link } from '@tanstack/react-router';
import styled from 'styled-components';
import { STORE_LOAD_MESSAGES } from '../../api/store';
import { EmptyState, px } from '../../ui';
import { BalanceCard } from './BalanceCard';
import { CoinPackGrid } from './CoinPackCard';
import { LoadStatus } from './LoadStatus';
import { PurchaseDialog } from './PurchaseDialog';
import { StorePageLayout, StoreSection } from './StorePageLayout';
import { TestPaymentsBanner } from './TestPaymentsBanner';
import { VipPlanGrid } from './VipPlanCard';
import { combineLoads, useAccount, useCoinPacks, useVipPlans } from './useStoreData';
import { usePlanChoice } from './usePlanChoice';
import { usePurchase } from './usePurchase';

/** SPEC section 2 Store: coin packs and VIP memberships side by side, with the way to each screen. */
export function StoreScreen() {
  const account = useAccount();
  const packs = useCoinPacks();
  const plans = useVipPlans();
  const { planChoice, changeDialog, queries } = usePlanChoice(account.isAuthenticated);
  const load = combineLoads([packs, plans, ...account.queries, ...queries], STORE_LOAD_MESSAGES.coins);
  const flow = usePurchase();

  return (
    <StorePageLayout
      title="Store"
      subtitle="Coins and VIP memberships in one place"
      animation="coins"
      aside={load.status !== 'error' && <BalanceCard isAuthenticated={account.isAuthenticated} user={account.user} />}
    >
      <TestPaymentsBanner />
      {load.status === 'ready' ? (
        <>
          <StoreSection title="Coin Packs" titleId="store-coins-title" link={<SectionLink to="/coins">How to earn coins</SectionLink>}>
            {packs.data && packs.data.length > 0 ? (
              <CoinPackGrid packs={packs.data} flow={flow} />
            ) : (
              <EmptyState headingLevel={3} title="No coin packs on sale" text="New packs are on their way. Check back soon." />
            )}
          </StoreSection>
          <StoreSection title="VIP Memberships" titleId="store-vip-title" link={<SectionLink to="/vip">See all VIP benefits</SectionLink>}>
            {plans.data && plans.data.length > 0 ? (
              <VipPlanGrid plans={plans.data} flow={flow} showFeatures={false} planChoice={planChoice} />
            ) : (
              <EmptyState headingLevel={3} title="No VIP plans on sale" text="New plans are on their way. Check back soon." />
            )}
          </StoreSection>
        </>
      ) : (
        <LoadStatus state={load} errorTitle="Error Loading Store" loadingLabel="Loading the store" />
      )}
      <PurchaseDialog flow={flow} />
      {changeDialog}
    </StorePageLayout>
  );
}

const SectionLink = styled(Link)`
  color: ${({ theme }) => theme.colors.purpleDark};
  font-weight: ${({ theme }) => theme.font.weights.semibold};
  text-decoration: underline;
  text-underline-offset: ${({ theme }) => px(theme.space[1])};
`;
