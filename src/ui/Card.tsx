import type { HTMLAttributes, Ref } from 'react';
import styled from 'styled-components';
import { px, type SpaceStep } from './theme';

export interface CardProps extends HTMLAttributes<HTMLElement> {
  /** Inner padding from the space scale; by default 16 on a phone, 24 from tablet up. */
  padding?: SpaceStep;
  as?: 'div' | 'section' | 'article' | 'li' | 'aside';
  ref?: Ref<HTMLElement>;
}

const CardSurface = styled.div<{ $padding?: SpaceStep }>`
  min-width: 0;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => px(theme.radii.card)};
  box-shadow: ${({ theme }) => theme.shadows.card};
  padding: ${({ theme, $padding }) => px(theme.space[$padding ?? 4])};

  ${({ theme }) => theme.media.tablet} {
    padding: ${({ theme, $padding }) => px(theme.space[$padding ?? 6])};
  }
`;

export function Card({ padding, as = 'div', ...rest }: CardProps) {
  return <CardSurface {...rest} as={as} $padding={padding} />;
}

/** A card's heading: an h2 by default, `as="h3"` when nested deeper. */
export const CardTitle = styled.h2`
  font-size: ${({ theme }) => px(theme.font.sizes.lg)};
  font-weight: ${({ theme }) => theme.font.weights.semibold};
  margin-bottom: ${({ theme }) => px(theme.space[3])};
`;
