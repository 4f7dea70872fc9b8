import styled from 'styled-components';
import { px } from './theme';

/** An icon beside a button's words, at the theme's icon size (the svg inside is decorative: the words name the button). */
export const InlineIcon = styled.span`
  display: inline-flex;
  width: ${({ theme }) => px(theme.sizes.icon)};
  height: ${({ theme }) => px(theme.sizes.icon)};
  & > svg {
    width: 100%;
    height: 100%;
  }
`;
