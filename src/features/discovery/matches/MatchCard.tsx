import styled, { keyframes } from 'styled-components';
import type { Match } from '../../../../contract/discovery';
import { Badge, Heading, HeartIcon, Photo, px, Text, theme as tokens } from '../../../ui';
import { compatibilityLabel } from '../discover/compatibility';
import { DemoBadge } from '../../members/DemoBadge';

/** SPEC section 9: a match card shows up to 4 interests. */
export const MATCH_INTERESTS_SHOWN = 4;

/** The photo fills the deck card, which is at most the dialog width: the whole phone width below that. */
const PHOTO_SIZES = `(max-width: ${tokens.sizes.dialogMax}px) 100vw, ${tokens.sizes.dialogMax}px`;

/** A square photo with rounded corners, the picture cover-fitted: the match card's, and Likes you's cards. */
export const PhotoFrame = styled.div`
  position: relative;
  width: 100%;
  aspect-ratio: 1;
  border-radius: ${({ theme }) => px(theme.radii.card)};
  overflow: hidden;
  background: ${({ theme }) => theme.colors.purpleTint};

  & > img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;

const Overlay = styled.div`
  position: absolute;
  inset-inline: ${({ theme }) => px(theme.space[3])};
  top: ${({ theme }) => px(theme.space[3])};
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: ${({ theme }) => px(theme.space[2])};
`;

const Compatibility = styled.span`
  padding: ${({ theme }) => `${px(theme.space[1])} ${px(theme.space[3])}`};
  border-radius: ${({ theme }) => px(theme.radii.pill)};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.pinkDeep};
  font-weight: ${({ theme }) => theme.font.weights.bold};
  font-size: ${({ theme }) => px(theme.font.sizes.sm)};
  box-shadow: ${({ theme }) => theme.shadows.card};
`;

const beat = keyframes`
  0%, 100% { transform: scale(0.8); opacity: 0.85; }
  50% { transform: scale(1.15); opacity: 1; }
`;

const HeartBurst = styled.div`
  position: absolute;
  inset: 0;
  display: flex;
  align-items: center;
  justify-content: center;
  background: ${({ theme }) => theme.colors.overlay};
  color: ${({ theme }) => theme.colors.pink};

  & svg {
    width: 40%;
    height: 40%;
    animation: ${beat} 700ms ease-in-out infinite;
  }

  ${({ theme }) => theme.media.reducedMotion} {
    & svg {
      animation: none;
    }
  }
`;

const Chips = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => px(theme.space[2])};
  padding: 0;
  list-style: none;
`;

const Details = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => px(theme.space[2])};
  overflow-wrap: anywhere;
`;

export function MatchCard({ match, connecting }: { match: Match; connecting: boolean }) {
  return (
    <>
      <PhotoFrame>
        <Photo src={match.avatar} alt={match.name} width={480} height={480} sizes={PHOTO_SIZES} loading="eager" />
        <Overlay>
          <Compatibility>{compatibilityLabel(match.compatibility)}</Compatibility>
          <span>
            <DemoBadge person={match} /> {match.isOnline ? <Badge tone="online">Online</Badge> : null} {match.isVIP ? <Badge tone="vip">VIP</Badge> : null}
          </span>
        </Overlay>
        {connecting ? (
          <HeartBurst aria-hidden="true">
            <HeartIcon />
          </HeartBurst>
        ) : null}
      </PhotoFrame>
      <Details>
        <Heading level={2} size="xl">
          {match.name}
          {match.age !== null ? `, ${match.age}` : ''}
        </Heading>
        {match.region ? <Text tone="muted">{match.region}</Text> : null}
        <Text size="sm" tone={match.isOnline ? 'success' : 'muted'}>
          {match.isOnline ? 'Online' : match.lastActive}
        </Text>
        {match.interests.length > 0 ? (
          <Chips aria-label="Interests">
            {match.interests.slice(0, MATCH_INTERESTS_SHOWN).map((interest) => (
              <li key={interest}>
                <Badge tone="neutral">{interest}</Badge>
              </li>
            ))}
          </Chips>
        ) : null}
      </Details>
    </>
  );
}
