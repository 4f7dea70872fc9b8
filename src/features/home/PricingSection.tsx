import styled, { css } from 'styled-components';
import { Badge, ButtonLink, Grid, px } from '../../ui';
import { MarketingSection, SectionHeader } from '../marketing/Section';
import { PRICING_TIERS, type PricingTier } from './home-offers';

/** SPEC section 2 pricing: Basic (free), Premium ($9.99/month), VIP ($19.99/month). Target of /pricing. */
export function PricingSection() {
  return (
    <MarketingSection id="pricing">
      <SectionHeader
        sectionId="pricing"
        eyebrow="Pricing"
        title="Simple plans, no surprises"
        subtitle="Start free. Upgrade when you want more, and cancel anytime."
      />
      <Grid as="div">
        {PRICING_TIERS.map((tier) => (
          <TierCard key={tier.id} tier={tier} />
        ))}
      </Grid>
    </MarketingSection>
  );
}

function TierCard({ tier }: { tier: PricingTier }) {
  return (
    <Tier $highlighted={Boolean(tier.highlighted)} aria-labelledby={`tier-${tier.id}`}>
      <TierHead>
        <TierName id={`tier-${tier.id}`}>{tier.name}</TierName>
        {tier.highlighted && <Badge tone="vip">Most popular</Badge>}
      </TierHead>
      <Price>
        <Amount>{tier.price}</Amount> <Period>{tier.period}</Period>
      </Price>
      <Items>
        {tier.items.map((item) => (
          <Item key={item.text} $included={item.included}>
            <Mark aria-hidden="true" $included={item.included}>
              {item.included ? '✓' : '✕'}
            </Mark>
            {item.text}
          </Item>
        ))}
      </Items>
      <ButtonLink to={tier.cta.to} variant={tier.highlighted ? 'primary' : 'secondary'} fullWidth>
        {tier.cta.label}
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
`;

const Items = styled.ul`
  display: grid;
  align-content: start;
  gap: ${({ theme }) => px(theme.space[3])};
  flex: 1;
  padding: 0;
  list-style: none;
`;

const Item = styled.li<{ $included: boolean }>`
  display: flex;
  gap: ${({ theme }) => px(theme.space[2])};
  color: ${({ theme, $included }) => ($included ? theme.colors.text : theme.colors.muted)};
`;

const Mark = styled.span<{ $included: boolean }>`
  flex: none;
  color: ${({ theme, $included }) => ($included ? theme.colors.greenText : theme.colors.muted)};
  font-weight: ${({ theme }) => theme.font.weights.bold};
`;
