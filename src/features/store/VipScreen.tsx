import { STORE_LOAD_MESSAGES } from '../../api/store';
import { EmptyState } from '../../ui';
import { LoadStatus } from './LoadStatus';
import { PurchaseDialog } from './PurchaseDialog';
import { StorePageLayout, StoreSection } from './StorePageLayout';
import { TestPaymentsBanner } from './TestPaymentsBanner';
import { VipBenefitsPanel } from './VipBenefitsPanel';
import { VipPlanGrid } from './VipPlanCard';
import { VipStatusBanner } from './VipStatusBanner';
import { combineLoads, useAccount, useVipPlans } from './useStoreData';
import { usePurchase } from './usePurchase';

/** SPEC section 2 VIP: membership status, the plans on sale and what VIP brings. */
export function VipScreen() {
  const account = useAccount();
  const plans = useVipPlans();
  const load = combineLoads([plans, ...account.queries], STORE_LOAD_MESSAGES.vip);
  const flow = usePurchase();

  return (
    <StorePageLayout title="VIP Membership" subtitle="Stand out, match faster and message anyone" animation="vip">
      <TestPaymentsBanner />
      {load.status === 'ready' ? (
        <>
          <VipStatusBanner user={account.user} />
          <StoreSection title="Choose Your Plan" titleId="vip-plans-title">
            {plans.data && plans.data.length > 0 ? (
              <VipPlanGrid plans={plans.data} flow={flow} />
            ) : (
              <EmptyState headingLevel={3} title="No VIP plans on sale" text="New plans are on their way. Check back soon." />
            )}
          </StoreSection>
        </>
      ) : (
        <LoadStatus state={load} errorTitle="Error Loading Data" loadingLabel="Loading VIP plans" />
      )}
      <VipBenefitsPanel />
      <PurchaseDialog flow={flow} />
    </StorePageLayout>
  );
}
