import styled from 'styled-components';
import { px } from '../../ui';

/** The brand pill that carries an unread count (a conversation's, or the total on the header's Messages link). */
export const UnreadCount = styled.span`
  min-width: ${({ theme }) => px(theme.space[6])};
  border-radius: ${({ theme }) => px(theme.radii.pill)};
  background: ${({ theme }) => theme.gradients.brand};
  color: ${({ theme }) => theme.colors.onBrand};
  font-size: ${({ theme }) => px(theme.font.sizes.xs)};
  font-weight: ${({ theme }) => theme.font.weights.bold};
  line-height: ${({ theme }) => px(theme.space[6])};
  text-align: center;
`;
