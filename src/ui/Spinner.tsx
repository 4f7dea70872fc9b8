import styled, { keyframes } from 'styled-components';
import { px } from './theme';
import { VisuallyHidden } from './VisuallyHidden';

type SpinnerSize = 'sm' | 'md' | 'lg';

const spin = keyframes`
  to { transform: rotate(360deg); }
`;

/** The decorative ring alone; takes the current text colour. */
export const SpinnerRing = styled.span<{ $size?: SpinnerSize }>`
  display: inline-block;
  flex: none;
  width: ${({ theme, $size = 'md' }) => px(theme.sizes.spinner[$size])};
  height: ${({ theme, $size = 'md' }) => px(theme.sizes.spinner[$size])};
  border-radius: ${({ theme }) => px(theme.radii.pill)};
  border: ${({ theme }) => px(theme.sizes.focusRing)} solid currentColor;
  border-right-color: transparent;
  animation: ${spin} ${({ theme }) => theme.motion.spin};
`;

const SpinnerRoot = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  color: ${({ theme }) => theme.colors.purple};
`;

export interface SpinnerProps {
  /** What is loading, read by screen readers. */
  label?: string;
  size?: SpinnerSize;
  className?: string;
}

export function Spinner({ label = 'Loading', size = 'md', className }: SpinnerProps) {
  return (
    <SpinnerRoot role="status" className={className}>
      <SpinnerRing $size={size} aria-hidden="true" />
      <VisuallyHidden>{label}</VisuallyHidden>
    </SpinnerRoot>
  );
}
