import styled from 'styled-components';
import { px } from '../../ui';

/** The Coins page's histories (coins, purchases): one row per entry, divided by a rule. */
export const HistoryList = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;

  & > li + li {
    border-top: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

export const HistoryRow = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => px(theme.space[3])};
  padding: ${({ theme }) => px(theme.space[3])} 0;
`;
