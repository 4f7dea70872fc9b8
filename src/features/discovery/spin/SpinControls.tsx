import styled from 'styled-components';
import type { LikeType } from '../../../../contract/discovery';
import { CrossIcon, HeartIcon, IconButton, px, ShuffleIcon, SparkleIcon } from '../../../ui';

const Row = styled.div`
  display: flex;
  justify-content: center;
  align-items: center;
  gap: ${({ theme }) => px(theme.space[4])};
`;

const SpinButton = styled(IconButton)`
  width: ${({ theme }) => px(theme.space[16])};
  height: ${({ theme }) => px(theme.space[16])};

  & svg {
    width: ${({ theme }) => px(theme.space[8])};
    height: ${({ theme }) => px(theme.space[8])};
  }
`;

export interface SpinControlsProps {
  disabled: boolean;
  onSpin: () => void;
  onDecide: (decision: LikeType) => void;
}

/** SPEC: four round buttons — skip (dislike), spin, like and the sparkle (super like). */
export function SpinControls({ disabled, onSpin, onDecide }: SpinControlsProps) {
  return (
    <Row>
      <IconButton aria-label="Dislike" variant="secondary" size="lg" disabled={disabled} onClick={() => onDecide('dislike')}>
        <CrossIcon />
      </IconButton>
      <SpinButton aria-label="Spin" variant="primary" size="lg" disabled={disabled} onClick={onSpin}>
        <ShuffleIcon />
      </SpinButton>
      <IconButton aria-label="Like" variant="secondary" size="lg" disabled={disabled} onClick={() => onDecide('like')}>
        <HeartIcon />
      </IconButton>
      <IconButton aria-label="Super like" variant="secondary" size="lg" disabled={disabled} onClick={() => onDecide('super')}>
        <SparkleIcon />
      </IconButton>
    </Row>
  );
}
