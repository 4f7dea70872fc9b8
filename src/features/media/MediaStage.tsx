import styled from 'styled-components';
import { px, type SpaceStep } from '../../ui';

/**
 * The camera beside its side panel from a tablet up, stacked on a phone.
 * `$align`: the live chat stretches to the stage's height; the setup form keeps its own.
 */
export const MediaLayout = styled.div<{ $align: 'stretch' | 'start' }>`
  display: grid;
  gap: ${({ theme }) => px(theme.space[4])};

  ${({ theme }) => theme.media.tablet} {
    grid-template-columns: 3fr 2fr;
    align-items: ${({ $align }) => $align};
    gap: ${({ theme }) => px(theme.space[6])};
  }
`;

/** The dark 4:3 frame the user's own camera fills, with light text for what sits over it. */
export const CameraStage = styled.div`
  position: relative;
  overflow: hidden;
  aspect-ratio: 4 / 3;
  border-radius: ${({ theme }) => px(theme.radii.card)};
  background: ${({ theme }) => theme.colors.text};
  color: ${({ theme }) => theme.colors.onBrand};
  box-shadow: ${({ theme }) => theme.shadows.raised};
`;

/** What a stage shows in place of a picture (a camera message, the person called), centred over all of it. */
export const StageCenter = styled.div<{ $gap: SpaceStep }>`
  position: absolute;
  inset: 0;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: ${({ theme, $gap }) => px(theme.space[$gap])};
  padding: ${({ theme }) => px(theme.space[6])};
  text-align: center;
`;
