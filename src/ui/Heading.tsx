import type { HTMLAttributes, Ref } from 'react';
import styled, { css } from 'styled-components';
import { px } from './theme';

export type HeadingLevel = 1 | 2 | 3 | 4;
export type HeadingSize = 'display' | 'xxl' | 'xl' | 'lg' | 'md';

export interface HeadingProps extends HTMLAttributes<HTMLHeadingElement> {
  /** The document outline level (h1 to h4). */
  level: HeadingLevel;
  /** The visual size when it should differ from the level's default. */
  size?: HeadingSize;
  ref?: Ref<HTMLHeadingElement>;
}

const defaultSize: Record<HeadingLevel, HeadingSize> = { 1: 'xxl', 2: 'xl', 3: 'lg', 4: 'md' };

const StyledHeading = styled.h2<{ $size: HeadingSize; $bold: boolean }>`
  font-weight: ${({ theme, $bold }) => ($bold ? theme.font.weights.bold : theme.font.weights.semibold)};
  line-height: ${({ theme }) => theme.font.lineHeights.tight};
  color: ${({ theme }) => theme.colors.text};
  ${({ $size }) =>
    $size === 'display'
      ? css`
          /* The hero size is too wide for a phone; it grows from tablet up. */
          font-size: ${({ theme }) => px(theme.font.sizes.xxl)};
          letter-spacing: -0.02em;
          ${({ theme }) => theme.media.tablet} {
            font-size: ${({ theme }) => px(theme.font.sizes.display)};
          }
        `
      : css`
          font-size: ${({ theme }) => px(theme.font.sizes[$size])};
        `}
`;

export function Heading({ level, size, ...rest }: HeadingProps) {
  return <StyledHeading {...rest} as={`h${level}`} $size={size ?? defaultSize[level]} $bold={level <= 2} />;
}
