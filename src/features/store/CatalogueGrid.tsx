import styled, { css } from 'styled-components';
import { Card, px } from '../../ui';

/**
 * The list the packs and plans sit in: `phoneColumns` on a phone (coin packs
 * are small enough for two), two on a tablet, `columns` on a desktop.
 */
export const CatalogueGrid = styled.ul<{ $columns: 3 | 4; $phoneColumns: 1 | 2 }>`
  display: grid;
  grid-template-columns: repeat(${({ $phoneColumns }) => $phoneColumns}, minmax(0, 1fr));
  gap: ${({ theme }) => px(theme.space[3])};
  padding: 0;
  margin: 0;
  list-style: none;

  ${({ theme }) => theme.media.tablet} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
    gap: ${({ theme }) => px(theme.space[6])};
  }

  ${({ theme }) => theme.media.desktop} {
    grid-template-columns: repeat(${({ $columns }) => $columns}, minmax(0, 1fr));
  }

  & > li {
    display: flex;
    min-width: 0;
  }
`;

/** One pack or plan; the flagged one (most popular, recommended) stands out with the brand colour. */
export const OfferCard = styled(Card)<{ $featured: boolean }>`
  position: relative;
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => px(theme.space[3])};
  width: 100%;
  text-align: center;
  transition:
    transform ${({ theme }) => theme.motion.base},
    box-shadow ${({ theme }) => theme.motion.base};

  ${({ theme, $featured }) =>
    $featured &&
    css`
      border: ${px(theme.sizes.focusRing)} solid ${theme.colors.purple};
      box-shadow: ${theme.shadows.raised};
    `}

  &:hover {
    transform: translateY(-${({ theme }) => px(theme.space[1])});
    box-shadow: ${({ theme }) => theme.shadows.raised};
  }

  ${({ theme }) => theme.media.reducedMotion} {
    transition: none;
    &:hover {
      transform: none;
    }
  }
`;

/** Keeps the flag's row even when a card has none, so the cards line up. */
export const FlagRow = styled.div`
  display: flex;
  justify-content: center;
  min-height: ${({ theme }) => px(theme.space[6])};
`;

export const OfferName = styled.h3`
  font-size: ${({ theme }) => px(theme.font.sizes.lg)};
  font-weight: ${({ theme }) => theme.font.weights.bold};
  overflow-wrap: anywhere;
`;

export const OfferPrice = styled.p`
  font-size: ${({ theme }) => px(theme.font.sizes.xl)};
  font-weight: ${({ theme }) => theme.font.weights.bold};
  line-height: ${({ theme }) => theme.font.lineHeights.tight};
  color: ${({ theme }) => theme.colors.text};

  ${({ theme }) => theme.media.tablet} {
    font-size: ${({ theme }) => px(theme.font.sizes.xxl)};
  }
`;

/** Pushes the button to the bottom so every card's button sits on one line. */
export const OfferAction = styled.div`
  display: flex;
  width: 100%;
  margin-top: auto;
  padding-top: ${({ theme }) => px(theme.space[2])};
`;
