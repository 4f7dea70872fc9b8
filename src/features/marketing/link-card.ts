import { createLink } from '@tanstack/react-router';
import styled, { css } from 'styled-components';
import { px } from '../../ui';

// The feature and blog post cards open their page from anywhere on the card,
// yet keep a single link (the title) as the one name and focus stop.

/** A card surface that lifts while hovered or while its link has focus. */
export const liftingCard = css`
  position: relative;
  display: flex;
  flex-direction: column;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => px(theme.radii.card)};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.card};
  transition:
    transform ${({ theme }) => theme.motion.base},
    box-shadow ${({ theme }) => theme.motion.base};

  &:hover,
  &:focus-within {
    transform: translateY(-2px);
    box-shadow: ${({ theme }) => theme.shadows.raised};
  }
`;

/**
 * The title's link, stretched over its `liftingCard`; the focus ring goes
 * round the whole card, inside its edge when the card clips its overflow.
 */
export function createStretchedLink(ring: 'outside' | 'inside') {
  const Anchor = styled.a`
    color: ${({ theme }) => theme.colors.text};
    text-decoration: none;

    &::after {
      content: '';
      position: absolute;
      inset: 0;
    }

    &:focus-visible {
      outline: none;
    }

    &:focus-visible::after {
      outline: ${({ theme }) => px(theme.sizes.focusRing)} solid ${({ theme }) => theme.colors.purple};
      outline-offset: ${({ theme }) => px(ring === 'outside' ? theme.sizes.focusRing : -theme.sizes.focusRing * 2)};
      ${ring === 'inside' &&
      css`
        border-radius: ${({ theme }) => px(theme.radii.card)};
      `}
    }
  `;
  return createLink(Anchor);
}
