import styled from 'styled-components';
import { Card, Grid, px } from '../../../ui';

// The shape the Likes you cards share, real (VIP), stand-in (locked) or
// loading, so each state previews exactly what the next one shows.

/**
 * The design system's grid (a list), two columns already on a phone: the
 * photo is most of each card, and two to a row still shows faces well.
 */
export const AdmirerGrid = styled(Grid).attrs({ gap: 3, tabletColumns: 3 })`
  grid-template-columns: repeat(2, minmax(0, 1fr));

  ${({ theme }) => theme.media.tablet} {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
`;

export const CardBody = styled(Card)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => px(theme.space[2])};
  height: 100%;
  padding: ${({ theme }) => px(theme.space[3])};
`;
