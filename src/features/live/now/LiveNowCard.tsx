import { createLink } from '@tanstack/react-router';
import styled from 'styled-components';
import type { LiveStream } from '../../../../contract/live';
import { Avatar, Badge, Photo, px, Skeleton, theme as tokens } from '../../../ui';
import { viewerCountText } from './viewer-count';

/** The widest a card grows (LiveNowCards caps it); a phone shows two side by side. */
export const LIVE_CARD_MAX_WIDTH = tokens.space[16] * 4;
/** Cards are portrait, like the streams of Badoo Live or LOVOO Live: the host fills the frame. */
const COVER_WIDTH = LIVE_CARD_MAX_WIDTH;
const COVER_HEIGHT = (LIVE_CARD_MAX_WIDTH * 5) / 4;
const COVER_SIZES = `(min-width: ${tokens.breakpoints.tablet}px) ${px(LIVE_CARD_MAX_WIDTH)}, 50vw`;

export interface LiveNowCardProps {
  stream: LiveStream;
  /** The first cards of a page that opens on them load their photo at once. */
  eagerImage?: boolean;
}

/**
 * One live stream as a link to its page: the host's photo with LIVE and the
 * viewer count over it, the title and the host's name below. The link's name
 * says all of it at once, so a screen reader hears one sentence per card.
 */
export function LiveNowCard({ stream, eagerImage = false }: LiveNowCardProps) {
  const { host, title } = stream;
  const viewers = viewerCountText(stream.viewers);
  return (
    <CardLink to="/live/$streamId" params={{ streamId: stream.id }} aria-label={`${host.name} is live: ${title}, ${viewers}`}>
      <Cover>
        {host.avatar ? (
          <Photo src={host.avatar} alt={host.name} width={COVER_WIDTH} height={COVER_HEIGHT} sizes={COVER_SIZES} loading={eagerImage ? 'eager' : 'lazy'} />
        ) : (
          // No photo yet: the initials, large, on the brand tint.
          <Avatar name={host.name} size={tokens.space[16]} />
        )}
        <Marks>
          <Badge tone="danger">LIVE</Badge>
          <Viewers>{viewers}</Viewers>
        </Marks>
      </Cover>
      <Details>
        <Title>{title}</Title>
        <HostName>{host.name}</HostName>
      </Details>
    </CardLink>
  );
}

/** A card's place while the list loads (decorative: the list is marked busy). */
export function LiveNowCardSkeleton() {
  return (
    <SkeletonFrame aria-hidden="true">
      <SkeletonCover>
        <Skeleton shape="block" width="100%" height="100%" />
      </SkeletonCover>
      <Details>
        <Skeleton width="80%" />
        <Skeleton width="50%" />
      </Details>
    </SkeletonFrame>
  );
}

const CardAnchor = styled.a`
  display: flex;
  flex-direction: column;
  height: 100%;
  overflow: hidden;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => px(theme.radii.card)};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.card};
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;
  transition:
    transform ${({ theme }) => theme.motion.base},
    box-shadow ${({ theme }) => theme.motion.base};

  &:hover,
  &:focus-visible {
    transform: translateY(-2px);
    box-shadow: ${({ theme }) => theme.shadows.raised};
  }

  &:focus-visible {
    outline: ${({ theme }) => px(theme.sizes.focusRing)} solid ${({ theme }) => theme.colors.purple};
    outline-offset: ${({ theme }) => px(theme.sizes.focusRing)};
  }

  ${({ theme }) => theme.media.reducedMotion} {
    transition: none;

    &:hover,
    &:focus-visible {
      transform: none;
    }
  }
`;

const CardLink = createLink(CardAnchor);

const Cover = styled.div`
  position: relative;
  display: flex;
  align-items: center;
  justify-content: center;
  aspect-ratio: 4 / 5;
  background: ${({ theme }) => theme.colors.purpleTint};

  & > img {
    position: absolute;
    inset: 0;
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;

const Marks = styled.div`
  position: absolute;
  inset-inline: ${({ theme }) => px(theme.space[2])};
  top: ${({ theme }) => px(theme.space[2])};
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: ${({ theme }) => px(theme.space[1])};
`;

const Viewers = styled.span`
  padding: ${({ theme }) => `${px(theme.space[1] / 2)} ${px(theme.space[2])}`};
  border-radius: ${({ theme }) => px(theme.radii.pill)};
  background: ${({ theme }) => theme.colors.overlay};
  color: ${({ theme }) => theme.colors.onBrand};
  font-size: ${({ theme }) => px(theme.font.sizes.xs)};
  font-weight: ${({ theme }) => theme.font.weights.semibold};
  font-variant-numeric: tabular-nums;
  white-space: nowrap;
`;

const Details = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => px(theme.space[1])};
  padding: ${({ theme }) => px(theme.space[3])};
  min-width: 0;
`;

const Title = styled.span`
  display: -webkit-box;
  overflow: hidden;
  -webkit-box-orient: vertical;
  -webkit-line-clamp: 2;
  font-weight: ${({ theme }) => theme.font.weights.semibold};
  line-height: ${({ theme }) => theme.font.lineHeights.tight};
  overflow-wrap: anywhere;
`;

const HostName = styled.span`
  overflow: hidden;
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => px(theme.font.sizes.sm)};
  text-overflow: ellipsis;
  white-space: nowrap;
`;

const SkeletonFrame = styled.div`
  overflow: hidden;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => px(theme.radii.card)};
  background: ${({ theme }) => theme.colors.surface};
`;

const SkeletonCover = styled.div`
  aspect-ratio: 4 / 5;

  & > span {
    border-radius: 0;
  }
`;
