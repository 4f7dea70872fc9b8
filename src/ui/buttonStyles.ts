import { css } from 'styled-components';
import { px } from './theme';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

/**
 * Transient props read by `buttonStyles`, so any element (a router `<Link>`,
 * an `<a>`) can look like a Button: `styled(Link)<ButtonStyleProps>\`${buttonStyles}\``.
 */
export interface ButtonStyleProps {
  $variant?: ButtonVariant;
  $size?: ButtonSize;
  $fullWidth?: boolean;
}

const variantStyles = {
  primary: css`
    background: ${({ theme }) => theme.gradients.brand};
    color: ${({ theme }) => theme.colors.onBrand};
    border-color: transparent;
    &:hover:not(:disabled, [aria-disabled='true']) {
      background: ${({ theme }) => theme.gradients.brandHover};
      box-shadow: ${({ theme }) => theme.shadows.card};
    }
  `,
  secondary: css`
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.purple};
    border-color: ${({ theme }) => theme.colors.purple};
    &:hover:not(:disabled, [aria-disabled='true']) {
      background: ${({ theme }) => theme.colors.purpleTint};
    }
  `,
  ghost: css`
    background: transparent;
    color: ${({ theme }) => theme.colors.text};
    border-color: transparent;
    &:hover:not(:disabled, [aria-disabled='true']) {
      background: ${({ theme }) => theme.colors.neutralTint};
    }
  `,
  danger: css`
    background: ${({ theme }) => theme.colors.danger};
    color: ${({ theme }) => theme.colors.onBrand};
    border-color: transparent;
    &:hover:not(:disabled, [aria-disabled='true']) {
      background: ${({ theme }) => theme.colors.dangerDark};
    }
  `,
} as const;

const sizeStyles = {
  sm: css`
    min-height: ${({ theme }) => px(theme.sizes.controlSm)};
    padding: 0 ${({ theme }) => px(theme.space[3])};
    font-size: ${({ theme }) => px(theme.font.sizes.sm)};
  `,
  md: css`
    min-height: ${({ theme }) => px(theme.sizes.touchTarget)};
    padding: 0 ${({ theme }) => px(theme.space[6])};
    font-size: ${({ theme }) => px(theme.font.sizes.md)};
  `,
  lg: css`
    min-height: ${({ theme }) => px(theme.sizes.controlLg)};
    padding: 0 ${({ theme }) => px(theme.space[8])};
    font-size: ${({ theme }) => px(theme.font.sizes.md)};
  `,
} as const;

export const buttonStyles = css<ButtonStyleProps>`
  position: relative;
  display: ${({ $fullWidth }) => ($fullWidth ? 'flex' : 'inline-flex')};
  width: ${({ $fullWidth }) => ($fullWidth ? '100%' : 'auto')};
  max-width: 100%;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => px(theme.space[2])};
  border: 1px solid transparent;
  border-radius: ${({ theme }) => px(theme.radii.pill)};
  font-family: inherit;
  font-weight: ${({ theme }) => theme.font.weights.semibold};
  line-height: ${({ theme }) => theme.font.lineHeights.tight};
  text-align: center;
  text-decoration: none;
  cursor: pointer;
  user-select: none;
  transition:
    background ${({ theme }) => theme.motion.fast},
    box-shadow ${({ theme }) => theme.motion.fast},
    transform ${({ theme }) => theme.motion.fast};
  ${({ $variant = 'primary' }) => variantStyles[$variant]}
  ${({ $size = 'md' }) => sizeStyles[$size]}

  &:active:not(:disabled, [aria-disabled='true']) {
    transform: scale(0.98);
  }

  &:disabled,
  &[aria-disabled='true'] {
    opacity: 0.55;
    cursor: not-allowed;
  }

  &[aria-busy='true'] {
    cursor: progress;
    opacity: 1;
  }
`;
