import type { HTMLAttributes, Ref } from 'react';
import styled from 'styled-components';
import { px, type FontSize } from './theme';

export type TextTone = 'default' | 'muted' | 'danger' | 'success' | 'warning';

const toneColor = {
  default: 'text',
  muted: 'muted',
  danger: 'dangerText',
  success: 'greenText',
  warning: 'warning',
} as const;

export interface TextProps extends HTMLAttributes<HTMLElement> {
  tone?: TextTone;
  size?: FontSize;
  weight?: 'regular' | 'semibold' | 'bold';
  align?: 'left' | 'center' | 'right';
  as?: 'p' | 'span' | 'div' | 'small' | 'strong';
  ref?: Ref<HTMLElement>;
}

const StyledText = styled.p<{ $tone: TextTone; $size: FontSize; $weight: 'regular' | 'semibold' | 'bold'; $align?: string }>`
  color: ${({ theme, $tone }) => theme.colors[toneColor[$tone]]};
  font-size: ${({ theme, $size }) => px(theme.font.sizes[$size])};
  font-weight: ${({ theme, $weight }) => theme.font.weights[$weight]};
  ${({ $align }) => ($align ? `text-align: ${$align};` : '')}
`;

/** Body text; `tone="muted"` for secondary lines. */
export function Text({ tone = 'default', size = 'md', weight = 'regular', align, as = 'p', ...rest }: TextProps) {
  return <StyledText {...rest} as={as} $tone={tone} $size={size} $weight={weight} $align={align} />;
}
