import type { ReactNode } from 'react';
import styled from 'styled-components';
import { px, StagePill, StageTopBar } from '../../../ui';
import { viewerCountText } from '../now/viewer-count';
import { EyeIcon } from '../../media/media-icons';

interface LiveOverlayProps {
  viewers: number;
  /** Said beside the count while the picture is not flowing ('Reconnecting…'). */
  status?: string | null;
  children?: ReactNode;
}

/**
 * What sits over a live picture, for the host and viewers alike: the LIVE
 * badge and the viewer count (a live region, so a change is announced).
 */
export function LiveOverlay({ viewers, status, children }: LiveOverlayProps) {
  return (
    <StageTopBar>
      <LiveBadge>LIVE</LiveBadge>
      <Pill role="status" aria-label="Viewer count">
        <EyeIcon />
        <span>{viewerCountText(viewers)}</span>
      </Pill>
      {status ? <Pill role="status">{status}</Pill> : null}
      {children}
    </StageTopBar>
  );
}

const LiveBadge = styled(StagePill)`
  display: inline-flex;
  align-items: center;
  background: ${({ theme }) => theme.colors.dangerDark};
  font-size: ${({ theme }) => px(theme.font.sizes.xs)};
  font-weight: ${({ theme }) => theme.font.weights.bold};
  letter-spacing: 0.08em;
`;

const Pill = styled(StagePill)`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => px(theme.space[1])};
  font-size: ${({ theme }) => px(theme.font.sizes.sm)};

  & svg {
    width: ${({ theme }) => px(theme.font.sizes.md)};
    height: ${({ theme }) => px(theme.font.sizes.md)};
  }
`;
