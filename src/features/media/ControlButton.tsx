import type { ButtonHTMLAttributes, ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { px } from '../../ui';

export type ControlTone = 'neutral' | 'active' | 'danger';

interface ControlButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> {
  icon: ReactNode;
  /** The visible caption, which is also the button's name ('Mute', 'Unmute', ...). */
  label: string;
  /** `active`: a device is off (muted, camera off); `danger`: ending. */
  tone?: ControlTone;
}

/** A round call or stream control with its caption underneath, thumb-sized on a phone. */
export function ControlButton({ icon, label, tone = 'neutral', type = 'button', ...rest }: ControlButtonProps) {
  return (
    <Control {...rest} type={type} $tone={tone}>
      <Disc aria-hidden="true">{icon}</Disc>
      <Caption>{label}</Caption>
    </Control>
  );
}

const tones = {
  neutral: css`
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
    border-color: ${({ theme }) => theme.colors.controlBorder};
  `,
  active: css`
    background: ${({ theme }) => theme.colors.text};
    color: ${({ theme }) => theme.colors.onBrand};
    border-color: ${({ theme }) => theme.colors.text};
  `,
  danger: css`
    background: ${({ theme }) => theme.colors.danger};
    color: ${({ theme }) => theme.colors.onBrand};
    border-color: ${({ theme }) => theme.colors.danger};
  `,
} as const;

const Disc = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: ${({ theme }) => px(theme.sizes.controlLg)};
  height: ${({ theme }) => px(theme.sizes.controlLg)};
  border: 1px solid transparent;
  border-radius: ${({ theme }) => px(theme.radii.pill)};
  transition:
    background ${({ theme }) => theme.motion.fast},
    transform ${({ theme }) => theme.motion.fast};

  & svg {
    width: ${({ theme }) => px(theme.sizes.icon + theme.space[1])};
    height: ${({ theme }) => px(theme.sizes.icon + theme.space[1])};
  }
`;

const Caption = styled.span`
  font-size: ${({ theme }) => px(theme.font.sizes.xs)};
  font-weight: ${({ theme }) => theme.font.weights.semibold};
`;

const Control = styled.button<{ $tone: ControlTone }>`
  display: inline-flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => px(theme.space[1])};
  min-width: ${({ theme }) => px(theme.space[16])};
  padding: ${({ theme }) => px(theme.space[1])};
  border: 0;
  background: transparent;
  color: inherit;
  cursor: pointer;
  border-radius: ${({ theme }) => px(theme.radii.input)};

  & > ${Disc} {
    ${({ $tone }) => tones[$tone]}
  }
  &:hover:not(:disabled) > ${Disc} {
    transform: scale(1.05);
  }
  &:focus-visible {
    outline: ${({ theme }) => px(theme.sizes.focusRing)} solid ${({ theme }) => theme.colors.purple};
    outline-offset: ${({ theme }) => px(theme.sizes.focusRing)};
  }
  &:disabled {
    cursor: not-allowed;
    opacity: 0.5;
  }

  ${({ theme }) => theme.media.reducedMotion} {
    & > ${Disc} {
      transition: none;
    }
    &:hover:not(:disabled) > ${Disc} {
      transform: none;
    }
  }
`;
