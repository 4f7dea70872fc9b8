import styled, { css } from 'styled-components';
import { useQuery } from '@tanstack/react-query';
import { vipPlansQueryOptions } from '../../api/store';
import { Badge, ButtonLink, ErrorState, Grid, px, Skeleton } from '../../ui';
import { MarketingSection, SectionHeader } from '../marketing/Section';
import { formatPrice, planBillingLabel } from '../store/format';
import { FREE_TIER } from './home-offers';

/**
 * Home's pricing (issue 48, point 6: one pricing truth): the free tier with
 * the limits the server enforces, and the VIP plans of the catalogue at its
 * prices and lengths, with the features the catalogue lists. Target of /pricing.
 */
export function PricingSection() {
  const plans = useQuery(vipPlansQueryOptions());
  return (
    <MarketingSection id="pricing">
      <SectionHeader
        sectionId="pricing"
        eyebrow="Pricing"
        title="Simple plans, no surprises"
        subtitle="Start free. Go VIP when you want: a plan renews until you cancel, in one click."
      />
      {/* The free tier and the seeded three plans side by side on a desktop, two by two on a tablet. */}
      <Grid as="div" tabletColumns={2} desktopColumns={4}>
        <TierCard
          id="basic"
          name={FREE_TIER.name}
          price={FREE_TIER.price}
          period={FREE_TIER.period}
          items={FREE_TIER.items}
          cta={{ label: 'Get Started', to: '/register' }}
        />
        {plans.isPending ? <Skeleton height={320} /> : null}
        {plans.isSuccess
          ? plans.data.map((plan) => (
              <TierCard
                key={plan._id}
                id={plan._id}
                name={plan.name}
                price={formatPrice(plan.price)}
                period={planBillingLabel(plan)}
                items={plan.features}
                highlighted={plan.popular}
                cta={{ label: `Get ${plan.name}`, to: '/vip' }}
              />
            ))
          : null}
      </Grid>
      {plans.isError ? (
        <ErrorState headingLevel={3} title="Error Loading VIP Plans" text={plans.error.message} action={{ label: 'Try Again', onClick: () => void plans.refetch() }} />
      ) : null}
    </MarketingSection>
  );
}

interface TierCardProps {
  id: string;
  name: string;
  price: string;
  period: string;
  items: readonly string[];
  cta: { label: string; to: '/register' | '/vip' };
  highlighted?: boolean;
}

function TierCard({ id, name, price, period, items, cta, highlighted = false }: TierCardProps) {
  return (
    <Tier $highlighted={highlighted} aria-labelledby={`tier-${id}`}>
      <TierHead>
        <TierName id={`tier-${id}`}>{name}</TierName>
        {highlighted && <Badge tone="vip">Most popular</Badge>}
      </TierHead>
      <Price>
        <Amount>{price}</Amount> <Period>{period}</Period>
      </Price>
      <Items>
        {items.map((item) => (
          <Item key={item}>
            <Mark aria-hidden="true">✓</Mark>
            {item}
          </Item>
        ))}
      </Items>
      <ButtonLink to={cta.to} variant={highlighted ? 'primary' : 'secondary'} fullWidth>
        {cta.label}
      </ButtonLink>
    </Tier>
  );
}

const Tier = styled.article<{ $highlighted: boolean }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => px(theme.space[4])};
  padding: ${({ theme }) => px(theme.space[8])};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => px(theme.radii.card)};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.card};

  ${({ $highlighted }) =>
    $highlighted &&
    css`
      border: 2px solid ${({ theme }) => theme.colors.purple};
      box-shadow: ${({ theme }) => theme.shadows.raised};
    `}
`;

const TierHead = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => px(theme.space[2])};
`;

const TierName = styled.h3`
  font-size: ${({ theme }) => px(theme.font.sizes.xl)};
  font-weight: ${({ theme }) => theme.font.weights.bold};
`;

const Price = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  gap: ${({ theme }) => px(theme.space[2])};
`;

const Amount = styled.span`
  font-size: ${({ theme }) => px(theme.font.sizes.display)};
  font-weight: ${({ theme }) => theme.font.weights.bold};
  line-height: 1;
`;

const Period = styled.span`
  color: ${({ theme }) => theme.colors.muted};
  white-space: nowrap;
`;

const Items = styled.ul`
  display: grid;
  align-content: start;
  gap: ${({ theme }) => px(theme.space[3])};
  flex: 1;
  padding: 0;
  list-style: none;
`;

const Item = styled.li`
  display: flex;
  gap: ${({ theme }) => px(theme.space[2])};
  color: ${({ theme }) => theme.colors.text};
`;

const Mark = styled.span`
  flex: none;
  color: ${({ theme }) => theme.colors.greenText};
  font-weight: ${({ theme }) => theme.font.weights.bold};
`;
