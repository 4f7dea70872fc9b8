import styled from 'styled-components';
import { px } from './theme';

// What sits over a call's or a live stream's picture: a row of pills along
// the top, in light text on the stage's dark film, whatever the picture underneath.

/** The row across the top of a media stage (a call's status, a stream's LIVE badge and viewer count). */
export const StageTopBar = styled.div`
  position: absolute;
  top: ${({ theme }) => px(theme.space[3])};
  left: ${({ theme }) => px(theme.space[3])};
  right: ${({ theme }) => px(theme.space[3])};
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => px(theme.space[2])};
`;

/** A pill on the stage's dark film; each screen adds its own type size and icon layout. */
export const StagePill = styled.span`
  padding: ${({ theme }) => `${px(theme.space[1])} ${px(theme.space[3])}`};
  border-radius: ${({ theme }) => px(theme.radii.pill)};
  background: ${({ theme }) => theme.colors.overlay};
  font-weight: ${({ theme }) => theme.font.weights.semibold};
`;
