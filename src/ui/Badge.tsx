import type { ReactNode } from 'react';
import styled, { type DefaultTheme } from 'styled-components';
import { px } from './theme';

export type BadgeTone = 'vip' | 'verified' | 'online' | 'admin' | 'user' | 'neutral' | 'danger' | 'success' | 'demo';

type ToneColors = { text: keyof DefaultTheme['colors']; fill: keyof DefaultTheme['colors'] };

// Text tones are the dark variants: every pair reaches at least 5.2:1.
const toneColors: Record<BadgeTone, ToneColors> = {
  vip: { text: 'vipText', fill: 'vipTint' },
  verified: { text: 'blueText', fill: 'blueTint' },
  online: { text: 'greenText', fill: 'greenTint' },
  admin: { text: 'purpleDark', fill: 'purpleTint' },
  user: { text: 'neutralText', fill: 'neutralTint' },
  neutral: { text: 'neutralText', fill: 'neutralTint' },
  danger: { text: 'dangerText', fill: 'dangerTint' },
  success: { text: 'greenText', fill: 'greenTint' },
  demo: { text: 'purpleDark', fill: 'pinkTint' },
};

const Pill = styled.span<{ $tone: BadgeTone }>`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => px(theme.space[1])};
  max-width: 100%;
  padding: ${({ theme }) => `${px(theme.space[1] / 2)} ${px(theme.space[2])}`};
  border-radius: ${({ theme }) => px(theme.radii.pill)};
  border: 1px solid ${({ theme, $tone }) => ($tone === 'vip' ? theme.colors.vip : 'transparent')};
  background: ${({ theme, $tone }) => theme.colors[toneColors[$tone].fill]};
  color: ${({ theme, $tone }) => theme.colors[toneColors[$tone].text]};
  font-size: ${({ theme }) => px(theme.font.sizes.xs)};
  font-weight: ${({ theme }) => theme.font.weights.semibold};
  line-height: ${({ theme }) => theme.font.lineHeights.base};
  white-space: nowrap;
`;

const Dot = styled.span`
  width: ${({ theme }) => px(theme.space[2])};
  height: ${({ theme }) => px(theme.space[2])};
  border-radius: ${({ theme }) => px(theme.radii.pill)};
  background: ${({ theme }) => theme.colors.green};
`;

export interface BadgeProps {
  tone: BadgeTone;
  children: ReactNode;
  className?: string;
}

/** A short label such as 'VIP', 'Verified', 'Online', 'Admin'; the text carries the meaning. */
export function Badge({ tone, children, className }: BadgeProps) {
  return (
    <Pill $tone={tone} className={className}>
      {tone === 'online' && <Dot aria-hidden="true" />}
      {children}
    </Pill>
  );
}
