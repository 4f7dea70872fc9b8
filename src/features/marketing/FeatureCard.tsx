import styled from 'styled-components';
import { px } from '../../ui';
import type { StatColor } from '../../../contract/common';
import { ACCENT_INK } from './accent-ink';
import type { Feature } from './feature-catalogue';
import { FeatureIcon } from './FeatureIcon';
import { createStretchedLink, liftingCard } from './link-card';

/** A whole-card link to a feature's screen; the title is the link text. */
export function FeatureCard({ feature, headingLevel = 3 }: { feature: Feature; headingLevel?: 2 | 3 }) {
  const Title = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <CardBox>
      <IconBadge $accent={feature.accent}>
        <FeatureIcon name={feature.icon} />
      </IconBadge>
      <CardHeading as={Title}>
        {/* The stretched link makes the whole card clickable while keeping one focus stop. */}
        <CardLink to={feature.to} params={{}}>
          {feature.title}
        </CardLink>
      </CardHeading>
      <CardText>{feature.text}</CardText>
      <Go aria-hidden="true">Open →</Go>
    </CardBox>
  );
}

const CardBox = styled.li`
  ${liftingCard}
  gap: ${({ theme }) => px(theme.space[3])};
  padding: ${({ theme }) => px(theme.space[6])};
`;

const IconBadge = styled.span<{ $accent: StatColor }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: ${({ theme }) => px(theme.space[12])};
  height: ${({ theme }) => px(theme.space[12])};
  border-radius: ${({ theme }) => px(theme.radii.input * 1.5)};
  background: ${({ theme, $accent }) => theme.colors[ACCENT_INK[$accent].fill]};
  color: ${({ theme, $accent }) => theme.colors[ACCENT_INK[$accent].ink]};
`;

const CardHeading = styled.h3`
  font-size: ${({ theme }) => px(theme.font.sizes.lg)};
  font-weight: ${({ theme }) => theme.font.weights.semibold};
`;

const CardLink = createStretchedLink('outside');

const CardText = styled.p`
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => px(theme.font.sizes.sm)};
`;

const Go = styled.span`
  margin-top: auto;
  color: ${({ theme }) => theme.colors.purpleDark};
  font-size: ${({ theme }) => px(theme.font.sizes.sm)};
  font-weight: ${({ theme }) => theme.font.weights.semibold};
`;

/** A responsive grid of the ten FeatureCards: one column on a phone, two on a tablet, five (two full rows) on a desktop. */
export const FeatureGrid = styled.ul`
  display: grid;
  gap: ${({ theme }) => px(theme.space[4])};
  grid-template-columns: 1fr;
  padding: 0;
  list-style: none;

  ${({ theme }) => theme.media.tablet} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
    gap: ${({ theme }) => px(theme.space[6])};
  }

  ${({ theme }) => theme.media.desktop} {
    grid-template-columns: repeat(5, minmax(0, 1fr));
    gap: ${({ theme }) => px(theme.space[4])};

    & > li {
      padding: ${({ theme }) => px(theme.space[4])};
    }
  }
`;
