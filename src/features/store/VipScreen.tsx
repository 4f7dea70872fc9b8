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
import { useCheckoutReturn, type CheckoutReturnProps } from './useCheckoutReturn';
import { usePlanChoice } from './usePlanChoice';
import { usePurchase } from './usePurchase';
import { useWithdrawal } from './WithdrawDialog';

/**
 * SPEC section 2 VIP: membership status, the plans on sale and what VIP
 * brings. Get VIP starts a subscription's checkout, which comes back here;
 * a subscriber sees their plan's renewal with Cancel or Resume, and the
 * other plans offer a change of plan instead of a second subscription.
 */
export function VipScreen(props: CheckoutReturnProps) {
  const account = useAccount();
  const plans = useVipPlans();
  const { subscription, planChoice, changeDialog, queries } = usePlanChoice(account.isAuthenticated);
  const load = combineLoads([plans, ...account.queries, ...queries], STORE_LOAD_MESSAGES.vip);
  const flow = usePurchase();
  const dialogFlow = useCheckoutReturn(flow, account.isAuthenticated, props);
  const withdrawal = useWithdrawal();

  return (
    <StorePageLayout title="VIP Membership" subtitle="Stand out, match faster and message anyone" animation="vip">
      <TestPaymentsBanner />
      {load.status === 'ready' ? (
        <>
          <VipStatusBanner user={account.user} subscription={subscription} onWithdraw={withdrawal.open} />
          <StoreSection title="Choose Your Plan" titleId="vip-plans-title">
            {plans.data && plans.data.length > 0 ? (
              <VipPlanGrid plans={plans.data} flow={flow} planChoice={planChoice} />
            ) : (
              <EmptyState headingLevel={3} title="No VIP plans on sale" text="New plans are on their way. Check back soon." />
            )}
          </StoreSection>
        </>
      ) : (
        <LoadStatus state={load} errorTitle="Error Loading Data" loadingLabel="Loading VIP plans" />
      )}
      <VipBenefitsPanel />
      <PurchaseDialog flow={dialogFlow} />
      {changeDialog}
      {withdrawal.dialog}
    </StorePageLayout>
  );
}
