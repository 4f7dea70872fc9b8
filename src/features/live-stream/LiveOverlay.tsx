import type { ReactNode } from 'react';
import styled from 'styled-components';
import { px } from '../../ui';
import { viewerCountText } from '../live-now/viewer-count';
import { EyeIcon } from '../media/media-icons';

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
    <Overlay>
      <LiveBadge>LIVE</LiveBadge>
      <Pill role="status" aria-label="Viewer count">
        <EyeIcon />
        <span>{viewerCountText(viewers)}</span>
      </Pill>
      {status ? <Pill role="status">{status}</Pill> : null}
      {children}
    </Overlay>
  );
}

const Overlay = styled.div`
  position: absolute;
  top: ${({ theme }) => px(theme.space[3])};
  left: ${({ theme }) => px(theme.space[3])};
  right: ${({ theme }) => px(theme.space[3])};
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => px(theme.space[2])};
`;

const LiveBadge = styled.span`
  display: inline-flex;
  align-items: center;
  padding: ${({ theme }) => `${px(theme.space[1])} ${px(theme.space[3])}`};
  border-radius: ${({ theme }) => px(theme.radii.pill)};
  background: ${({ theme }) => theme.colors.dangerDark};
  font-size: ${({ theme }) => px(theme.font.sizes.xs)};
  font-weight: ${({ theme }) => theme.font.weights.bold};
  letter-spacing: 0.08em;
`;

const Pill = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => px(theme.space[1])};
  padding: ${({ theme }) => `${px(theme.space[1])} ${px(theme.space[3])}`};
  border-radius: ${({ theme }) => px(theme.radii.pill)};
  background: ${({ theme }) => theme.colors.overlay};
  font-size: ${({ theme }) => px(theme.font.sizes.sm)};
  font-weight: ${({ theme }) => theme.font.weights.semibold};

  & svg {
    width: ${({ theme }) => px(theme.font.sizes.md)};
    height: ${({ theme }) => px(theme.font.sizes.md)};
  }
`;
