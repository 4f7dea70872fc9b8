import styled from 'styled-components';
import { ButtonLink, Container, px } from '../../ui';
import { BandColumn, BrandBand, GhostOnBrand } from '../marketing/PageHero';

const CALL_TO_ACTION = {
  title: 'Your person might be closer than you think',
  text: 'Join free in two minutes and see who is on your radar tonight.',
} as const;

/** SPEC section 2 call to action, before the FAQ. */
export function CallToAction() {
  return (
    <Band aria-labelledby="cta-title">
      <Container>
        <BandColumn>
          <Title id="cta-title">{CALL_TO_ACTION.title}</Title>
          <Text>{CALL_TO_ACTION.text}</Text>
          <Actions>
            <LightButton to="/register" size="lg" variant="secondary">
              Sign Up Free
            </LightButton>
            <GhostOnBrand to="/download" size="lg" variant="ghost">
              Download the App
            </GhostOnBrand>
          </Actions>
        </BandColumn>
      </Container>
    </Band>
  );
}

const Band = styled(BrandBand)`
  padding-block: ${({ theme }) => px(theme.space[16])};
`;

const Title = styled.h2`
  max-width: 24ch;
  font-size: ${({ theme }) => px(theme.font.sizes.xxl)};
  font-weight: ${({ theme }) => theme.font.weights.bold};
`;

const Text = styled.p`
  font-size: ${({ theme }) => px(theme.font.sizes.lg)};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${({ theme }) => px(theme.space[3])};
  margin-top: ${({ theme }) => px(theme.space[2])};
`;

const LightButton = styled(ButtonLink)`
  border-color: ${({ theme }) => theme.colors.onBrand};
`;
