import styled from 'styled-components';
import { px } from '../../ui';

/** A 1200 × 630 cover picture (blog covers, Home's showcases), tinted until it loads. */
export const CoverImage = styled.img`
  width: 100%;
  height: auto;
  aspect-ratio: 1200 / 630;
  object-fit: cover;
  background: ${({ theme }) => theme.colors.purpleTint};
`;

/** A cover that stands on the page by itself rather than topping a card. */
export const RaisedCoverImage = styled(CoverImage)`
  border-radius: ${({ theme }) => px(theme.radii.card)};
  box-shadow: ${({ theme }) => theme.shadows.raised};
`;
