import { useId } from 'react';
import styled from 'styled-components';
import type { VipPlan } from '../../../contract/store/listings';
import type { VipSubscription } from '../../../contract/store/subscriptions';
import type { PurchaseItem } from '../../../machines/store/purchase.machine';
import { Badge, Button, px } from '../../ui';
import { CatalogueGrid, FlagRow, OfferAction, OfferCard, OfferName, OfferPrice } from './CatalogueGrid';
import { CheckIcon } from './StoreIcons';
import { formatPrice, planBillingLabel } from './format';
import type { PurchaseFlow } from './usePurchase';

export function vipPlanItem(plan: VipPlan): PurchaseItem {
  return { kind: 'vipPlan', id: plan._id, name: `${plan.name} VIP`, priceLabel: `${formatPrice(plan.price)} ${planBillingLabel(plan)}` };
}

/** While the member subscribes, the plans offer a change of plan instead of a second checkout. */
export interface PlanChoice {
  subscription: VipSubscription;
  onChangePlan: (plan: VipPlan) => void;
}

interface VipPlanCardProps {
  plan: VipPlan;
  flow: Pick<PurchaseFlow, 'buy' | 'pendingItem'>;
  /** The Store lists plans compactly; the VIP screen shows each plan's features too. */
  showFeatures?: boolean;
  planChoice?: PlanChoice | null;
}

export function VipPlanCard({ plan, flow, showFeatures = true, planChoice = null }: VipPlanCardProps) {
  const nameId = useId();
  const pending = flow.pendingItem?.id === plan._id;
  const current = planChoice?.subscription.planId === plan._id;
  return (
    <OfferCard forwardedAs="article" aria-labelledby={nameId} $featured={plan.popular}>
      <FlagRow>{plan.popular && <Badge tone="vip">RECOMMENDED</Badge>}</FlagRow>
      <OfferName id={nameId}>{plan.name}</OfferName>
      <OfferPrice>{formatPrice(plan.price)}</OfferPrice>
      <Duration>{`${planBillingLabel(plan)}, renews until you cancel`}</Duration>
      {showFeatures && plan.features.length > 0 && (
        <Features aria-label={`${plan.name} includes`}>
          {plan.features.map((feature) => (
            <li key={feature}>
              <CheckIcon />
              <span>{feature}</span>
            </li>
          ))}
        </Features>
      )}
      <OfferAction>
        {planChoice ? (
          <Button type="button" fullWidth variant="secondary" disabled={current} onClick={() => planChoice.onChangePlan(plan)}>
            {current ? 'Your plan' : 'Change plan'}
          </Button>
        ) : (
          <Button
            type="button"
            fullWidth
            variant={plan.popular ? 'primary' : 'secondary'}
            loading={pending}
            loadingLabel="Processing..."
            disabled={flow.pendingItem !== null && !pending}
            onClick={() => flow.buy(vipPlanItem(plan))}
          >
            Get VIP
          </Button>
        )}
      </OfferAction>
    </OfferCard>
  );
}

/** Every plan on sale, in the admin's order. */
export function VipPlanGrid({ plans, flow, showFeatures, planChoice }: { plans: readonly VipPlan[]; flow: VipPlanCardProps['flow']; showFeatures?: boolean; planChoice?: PlanChoice | null }) {
  return (
    <CatalogueGrid $phoneColumns={1} $columns={3}>
      {plans.map((plan) => (
        <li key={plan._id}>
          <VipPlanCard plan={plan} flow={flow} showFeatures={showFeatures} planChoice={planChoice} />
        </li>
      ))}
    </CatalogueGrid>
  );
}

const Duration = styled.p`
  color: ${({ theme }) => theme.colors.muted};
  font-weight: ${({ theme }) => theme.font.weights.semibold};
`;

const Features = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => px(theme.space[2])};
  width: 100%;
  padding: 0;
  margin: 0;
  list-style: none;
  text-align: left;

  & li {
    display: flex;
    align-items: flex-start;
    gap: ${({ theme }) => px(theme.space[2])};
    font-size: ${({ theme }) => px(theme.font.sizes.sm)};
  }

  & svg {
    flex: none;
    width: ${({ theme }) => px(theme.sizes.icon)};
    height: ${({ theme }) => px(theme.sizes.icon)};
    color: ${({ theme }) => theme.colors.greenText};
  }
`;
