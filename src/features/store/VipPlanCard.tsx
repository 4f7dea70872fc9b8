import { useId } from 'react';
import styled from 'styled-components';
import type { VipPlan } from '../../../contract/store/listings';
import type { PurchaseItem } from '../../../machines/store/purchase.machine';
import { Badge, Button, px } from '../../ui';
import { CatalogueGrid, FlagRow, OfferAction, OfferCard, OfferName, OfferPrice } from './CatalogueGrid';
import { CheckIcon } from './StoreIcons';
import { formatDuration, formatPrice } from './format';
import type { PurchaseFlow } from './usePurchase';

export function vipPlanItem(plan: VipPlan): PurchaseItem {
  return { kind: 'vipPlan', id: plan._id, name: `${plan.name} VIP`, priceLabel: formatPrice(plan.price) };
}

interface VipPlanCardProps {
  plan: VipPlan;
  flow: Pick<PurchaseFlow, 'buy' | 'pendingItem'>;
  /** The Store lists plans compactly; the VIP screen shows each plan's features too. */
  showFeatures?: boolean;
}

export function VipPlanCard({ plan, flow, showFeatures = true }: VipPlanCardProps) {
  const nameId = useId();
  const pending = flow.pendingItem?.id === plan._id;
  return (
    <OfferCard forwardedAs="article" aria-labelledby={nameId} $featured={plan.popular}>
      <FlagRow>{plan.popular && <Badge tone="vip">RECOMMENDED</Badge>}</FlagRow>
      <OfferName id={nameId}>{plan.name}</OfferName>
      <Duration>{formatDuration(plan.duration)}</Duration>
      <OfferPrice>{formatPrice(plan.price)}</OfferPrice>
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
      </OfferAction>
    </OfferCard>
  );
}

/** Every plan on sale, in the admin's order. */
export function VipPlanGrid({ plans, flow, showFeatures }: { plans: readonly VipPlan[]; flow: VipPlanCardProps['flow']; showFeatures?: boolean }) {
  return (
    <CatalogueGrid $phoneColumns={1} $columns={3}>
      {plans.map((plan) => (
        <li key={plan._id}>
          <VipPlanCard plan={plan} flow={flow} showFeatures={showFeatures} />
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
