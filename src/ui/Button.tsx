import type { ButtonHTMLAttributes, Ref } from 'react';
import styled from 'styled-components';
import { buttonStyles, type ButtonSize, type ButtonStyleProps, type ButtonVariant } from './buttonStyles';
import { SpinnerRing } from './Spinner';
import { px } from './theme';

export { buttonStyles };
export type { ButtonStyleProps, ButtonSize, ButtonVariant } from './buttonStyles';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner, sets aria-busy and disables the button, keeping its width. */
  loading?: boolean;
  /** Replaces the visible (and accessible) text while loading, e.g. 'Signing in...'. */
  loadingLabel?: string;
  fullWidth?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

const StyledButton = styled.button<ButtonStyleProps>`
  ${buttonStyles}
`;

// Both layers share one grid cell, so the button is always as wide as the
// wider of its label and its busy label: it never jumps when loading starts.
const Layers = styled.span`
  display: inline-grid;
  align-items: center;
  justify-items: center;
  & > * {
    grid-area: 1 / 1;
  }
`;

const Label = styled.span<{ $hidden: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => px(theme.space[2])};
  opacity: ${({ $hidden }) => ($hidden ? 0 : 1)};
`;

const BusyLayer = styled.span<{ $visible: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => px(theme.space[2])};
  visibility: ${({ $visible }) => ($visible ? 'visible' : 'hidden')};
`;

export function Button({
  variant = 'primary',
  size = 'md',
  loading = false,
  loadingLabel,
  fullWidth = false,
  disabled,
  children,
  ...rest
}: ButtonProps) {
  const replacesLabel = loading && loadingLabel !== undefined;
  return (
    <StyledButton
      {...rest}
      $variant={variant}
      $size={size}
      $fullWidth={fullWidth}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
    >
      <Layers>
        {/* Without a loadingLabel the original text stays the accessible name while busy. */}
        <Label $hidden={loading} aria-hidden={replacesLabel || undefined}>
          {children}
        </Label>
        <BusyLayer $visible={loading} aria-hidden={!replacesLabel || undefined}>
          <SpinnerRing $size={size === 'lg' ? 'md' : 'sm'} aria-hidden="true" />
          {loadingLabel}
        </BusyLayer>
      </Layers>
    </StyledButton>
  );
}
