import type { ReactNode } from 'react';
import styled from 'styled-components';
import { ButtonLink, Container, px } from '../../ui';

export interface PageHeroProps {
  eyebrow: string;
  title: ReactNode;
  subtitle: ReactNode;
  children?: ReactNode;
}

/** The branded top band of the Features and Download pages (holds the page's h1). */
export function PageHero({ eyebrow, title, subtitle, children }: PageHeroProps) {
  return (
    <Band aria-labelledby="page-title">
      <Container>
        <Inner>
          <Eyebrow>{eyebrow}</Eyebrow>
          <Title id="page-title">{title}</Title>
          <Subtitle>{subtitle}</Subtitle>
          {children}
        </Inner>
      </Container>
    </Band>
  );
}

// Home's hero draws the same band, title and ghost button with its own copies:
// it is part of Home's first load and this module is not, and sharing them
// through a module Home already loads measured more JavaScript for `/`.

/** The brand-gradient band, in light text, of the pages' heroes and Home's call to action. */
export const BrandBand = styled.section`
  background: ${({ theme }) => theme.gradients.brand};
  color: ${({ theme }) => theme.colors.onBrand};
`;

/** A band's heading, text and actions, centred one under the other. */
export const BandColumn = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => px(theme.space[4])};
  text-align: center;
`;

/** The ghost button in light ink, for a brand band. */
export const GhostOnBrand = styled(ButtonLink)`
  color: ${({ theme }) => theme.colors.onBrand};
  border-color: ${({ theme }) => theme.colors.onBrand};

  &:hover:not([aria-disabled='true']) {
    background: ${({ theme }) => theme.colors.overlay};
  }
`;

const Band = styled(BrandBand)`
  padding-block: ${({ theme }) => px(theme.space[12])};

  ${({ theme }) => theme.media.tablet} {
    padding-block: ${({ theme }) => px(theme.space[16])};
  }
`;

const Inner = styled(BandColumn)`
  max-width: 60ch;
  margin-inline: auto;
`;

const Eyebrow = styled.p`
  font-size: ${({ theme }) => px(theme.font.sizes.sm)};
  font-weight: ${({ theme }) => theme.font.weights.semibold};
  letter-spacing: 0.08em;
  text-transform: uppercase;
`;

const Title = styled.h1`
  font-size: ${({ theme }) => px(theme.font.sizes.xxl)};
  font-weight: ${({ theme }) => theme.font.weights.bold};
  letter-spacing: -0.02em;

  ${({ theme }) => theme.media.tablet} {
    font-size: ${({ theme }) => px(theme.font.sizes.display)};
  }
`;

const Subtitle = styled.p`
  font-size: ${({ theme }) => px(theme.font.sizes.lg)};
`;
