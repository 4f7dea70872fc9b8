import type { ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { Container, Heading, px, Text } from '../../ui';

type SectionTone = 'plain' | 'alt' | 'tint';

export interface MarketingSectionProps {
  /** Anchor for links such as /pricing -> /#pricing; also names the region via its heading. */
  id: string;
  tone?: SectionTone;
  children: ReactNode;
  className?: string;
}

/** One full-width band of a marketing page, with the page's rhythm of padding. */
export function MarketingSection({ id, tone = 'plain', children, className }: MarketingSectionProps) {
  return (
    <Band id={id} aria-labelledby={`${id}-title`} $tone={tone} className={className}>
      <Container>{children}</Container>
    </Band>
  );
}

export interface SectionHeaderProps {
  /** The id of the section this heads (the heading gets `${id}-title`). */
  sectionId: string;
  eyebrow?: string;
  title: ReactNode;
  subtitle?: ReactNode;
}

/** A centred h2 with an optional small label above and a lead paragraph below. */
export function SectionHeader({ sectionId, eyebrow, title, subtitle }: SectionHeaderProps) {
  return (
    <HeaderBox>
      {eyebrow && <Eyebrow>{eyebrow}</Eyebrow>}
      <Heading level={2} size="xxl" id={`${sectionId}-title`}>
        {title}
      </Heading>
      {subtitle && (
        <Text tone="muted" size="lg">
          {subtitle}
        </Text>
      )}
    </HeaderBox>
  );
}

const toneStyles: Record<SectionTone, ReturnType<typeof css>> = {
  plain: css`
    background: ${({ theme }) => theme.colors.surface};
  `,
  alt: css`
    background: ${({ theme }) => theme.colors.surfaceAlt};
  `,
  tint: css`
    background: ${({ theme }) => theme.colors.purpleTint};
  `,
};

const Band = styled.section<{ $tone: SectionTone }>`
  ${({ $tone }) => toneStyles[$tone]}
  padding-block: ${({ theme }) => px(theme.space[12])};
  /* Anchored sections land below the sticky header, not under it. */
  scroll-margin-top: ${({ theme }) => px(theme.space[16])};

  ${({ theme }) => theme.media.tablet} {
    padding-block: ${({ theme }) => px(theme.space[16])};
  }
`;

const HeaderBox = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => px(theme.space[3])};
  max-width: 60ch;
  margin: 0 auto ${({ theme }) => px(theme.space[8])};
  text-align: center;
`;

const Eyebrow = styled.p`
  color: ${({ theme }) => theme.colors.purpleDark};
  font-size: ${({ theme }) => px(theme.font.sizes.sm)};
  font-weight: ${({ theme }) => theme.font.weights.semibold};
  letter-spacing: 0.08em;
  text-transform: uppercase;
`;
