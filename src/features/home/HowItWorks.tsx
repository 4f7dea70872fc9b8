import styled from 'styled-components';
import { Grid, px } from '../../ui';
import { FeatureIcon } from '../marketing/FeatureIcon';
import { MarketingSection, SectionHeader } from '../marketing/Section';
import { HOW_IT_WORKS_STEPS } from './home-copy';

/** SPEC section 2: create profile, discover matches, connect and chat. */
export function HowItWorks() {
  return (
    <MarketingSection id="how-it-works" tone="alt">
      <SectionHeader sectionId="how-it-works" eyebrow="How It Works" title="Three steps to your first date" />
      <Grid as="ol">
        {HOW_IT_WORKS_STEPS.map((step, index) => (
          <Step key={step.title}>
            <Number aria-hidden="true">{index + 1}</Number>
            <IconWrap>
              <FeatureIcon name={step.icon} size={28} />
            </IconWrap>
            <StepTitle>
              <span className="visually-hidden">Step {index + 1}: </span>
              {step.title}
            </StepTitle>
            <StepText>{step.text}</StepText>
          </Step>
        ))}
      </Grid>
    </MarketingSection>
  );
}

const Step = styled.li`
  position: relative;
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => px(theme.space[3])};
  padding: ${({ theme }) => `${px(theme.space[8])} ${px(theme.space[6])}`};
  border-radius: ${({ theme }) => px(theme.radii.card)};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.card};
  text-align: center;
`;

const Number = styled.span`
  position: absolute;
  top: ${({ theme }) => px(theme.space[3])};
  left: ${({ theme }) => px(theme.space[4])};
  color: ${({ theme }) => theme.colors.border};
  font-size: ${({ theme }) => px(theme.font.sizes.display)};
  font-weight: ${({ theme }) => theme.font.weights.bold};
  line-height: 1;
`;

const IconWrap = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: ${({ theme }) => px(theme.space[16])};
  height: ${({ theme }) => px(theme.space[16])};
  border-radius: ${({ theme }) => px(theme.radii.pill)};
  background: ${({ theme }) => theme.gradients.brand};
  color: ${({ theme }) => theme.colors.onBrand};
`;

const StepTitle = styled.h3`
  font-size: ${({ theme }) => px(theme.font.sizes.lg)};
  font-weight: ${({ theme }) => theme.font.weights.semibold};
`;

const StepText = styled.p`
  color: ${({ theme }) => theme.colors.muted};
`;
