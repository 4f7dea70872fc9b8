import { Link } from '@tanstack/react-router';
import styled from 'styled-components';
import type { Candidate } from '../../../../contract/discovery';
import { Badge, Button, ButtonLink, Card, Photo, px, Text } from '../../../ui';
import { PhotoFrame } from '../matches/MatchCard';
import { compatibilityLabel } from './compatibility';
import { useLikeAction } from './useLikeAction';
import { DemoBadge } from '../../members/DemoBadge';

/** One column on a phone, two from a tablet, three on a desktop (DiscoverList's grid). */
const PHOTO_SIZES = '(min-width: 1280px) 400px, (min-width: 768px) 50vw, 100vw';

/** A card's name heading whose link reads as the name (underlined on hover): Discover's and Likes you's cards. */
export const PersonName = styled.h2`
  font-size: ${({ theme }) => px(theme.font.sizes.lg)};
  font-weight: ${({ theme }) => theme.font.weights.semibold};
  overflow-wrap: anywhere;

  & a {
    color: inherit;
    text-decoration: none;
  }
  & a:hover {
    text-decoration: underline;
  }
`;

const Chips = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => px(theme.space[1])};
  padding: 0;
  list-style: none;
`;

const Actions = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: ${({ theme }) => px(theme.space[2])};
  margin-top: auto;
`;

const Body = styled(Card)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => px(theme.space[3])};
  height: 100%;
`;

/** A Discover card: who they are, and Like and Video Call. */
export function PersonCard({ person, alert, eagerPhoto = false }: { person: Candidate; alert?: (message: string) => void; eagerPhoto?: boolean }) {
  const like = useLikeAction(alert);
  const liked = like.isSuccess;
  return (
    <Body forwardedAs="article" aria-labelledby={`person-${person.id}`}>
      {/* The main photo as wide as the card: people choose by it (issue 51). */}
      <PhotoFrame>
        <Photo src={person.avatar} alt={person.name} width={400} height={400} sizes={PHOTO_SIZES} loading={eagerPhoto ? 'eager' : 'lazy'} />
      </PhotoFrame>
      <div>
        <PersonName id={`person-${person.id}`}>
          <Link to="/profile/{-$userId}" params={{ userId: person.id }}>
            {person.name}
            {person.age !== null ? `, ${person.age}` : ''}
          </Link>
        </PersonName>
        <Text size="sm" tone="muted">
          {[person.region, person.isOnline ? 'Online now' : person.lastActive].filter(Boolean).join(' · ')}
        </Text>
      </div>
      <Chips aria-label="Highlights">
        <li>
          <Badge tone="success">{compatibilityLabel(person.compatibility)}</Badge>
        </li>
        {person.isDemo ? (
          <li>
            <DemoBadge person={person} />
          </li>
        ) : null}
        {person.isVIP ? (
          <li>
            <Badge tone="vip">VIP</Badge>
          </li>
        ) : null}
        {person.interests.slice(0, 3).map((interest) => (
          <li key={interest}>
            <Badge tone="neutral">{interest}</Badge>
          </li>
        ))}
      </Chips>
      {like.data?.match ? (
        <Text size="sm" tone="success" role="status">
          It&apos;s a match! 🎉
        </Text>
      ) : null}
      <Actions>
        <Button
          variant={liked ? 'secondary' : 'primary'}
          size="sm"
          loading={like.isPending}
          loadingLabel="Liking..."
          disabled={liked}
          aria-label={liked ? `Liked ${person.name}` : `Like ${person.name}`}
          onClick={() => like.mutate({ person, type: 'like' })}
        >
          {liked ? 'Liked' : 'Like'}
        </Button>
        <ButtonLink to="/video-call/{-$userId}" params={{ userId: person.id }} variant="secondary" size="sm" aria-label={`Video Call ${person.name}`}>
          Video Call
        </ButtonLink>
      </Actions>
    </Body>
  );
}
