import styled from 'styled-components';
import { ButtonLink, Container, px } from '../../ui';
import { CALL_TO_ACTION } from './home-copy';

/** SPEC section 2 call to action, before the FAQ. */
export function CallToAction() {
  return (
    <Band aria-labelledby="cta-title">
      <Container>
        <Inner>
          <Title id="cta-title">{CALL_TO_ACTION.title}</Title>
          <Text>{CALL_TO_ACTION.text}</Text>
          <Actions>
            <LightButton to="/register" size="lg" variant="secondary">
              Sign Up Free
            </LightButton>
            <OutlineButton to="/download" size="lg" variant="ghost">
              Download the App
            </OutlineButton>
          </Actions>
        </Inner>
      </Container>
    </Band>
  );
}

const Band = styled.section`
  background: ${({ theme }) => theme.gradients.brand};
  color: ${({ theme }) => theme.colors.onBrand};
  padding-block: ${({ theme }) => px(theme.space[16])};
`;

const Inner = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => px(theme.space[4])};
  text-align: center;
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

const OutlineButton = styled(ButtonLink)`
  color: ${({ theme }) => theme.colors.onBrand};
  border-color: ${({ theme }) => theme.colors.onBrand};

  &:hover:not([aria-disabled='true']) {
    background: ${({ theme }) => theme.colors.overlay};
  }
`;
