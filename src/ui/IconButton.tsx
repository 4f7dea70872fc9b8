import type { ButtonHTMLAttributes, Ref } from 'react';
import styled from 'styled-components';
import { buttonStyles, type ButtonSize, type ButtonStyleProps, type ButtonVariant } from './buttonStyles';
import { px } from './theme';

export interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-label'> {
  /** Required: an icon alone has no accessible name. */
  'aria-label': string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  ref?: Ref<HTMLButtonElement>;
}

const dimension = { sm: 'controlSm', md: 'touchTarget', lg: 'controlLg' } as const;

const RoundButton = styled.button<ButtonStyleProps & { $dimension: (typeof dimension)[ButtonSize] }>`
  ${buttonStyles}
  flex: none;
  width: ${({ theme, $dimension }) => px(theme.sizes[$dimension])};
  height: ${({ theme, $dimension }) => px(theme.sizes[$dimension])};
  min-height: 0;
  padding: 0;

  & svg {
    width: ${({ theme }) => px(theme.sizes.icon)};
    height: ${({ theme }) => px(theme.sizes.icon)};
  }
`;

/** A round button holding only an icon; pass the icon (an aria-hidden svg) as children. */
export function IconButton({ variant = 'ghost', size = 'md', type = 'button', ...rest }: IconButtonProps) {
  return <RoundButton {...rest} type={type} $variant={variant} $size={size} $dimension={dimension[size]} />;
}
