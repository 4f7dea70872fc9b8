import { Link } from '@tanstack/react-router';
import styled from 'styled-components';
import type { Candidate } from '../../../../contract/discovery';
import { Avatar, Badge, Button, ButtonLink, Card, px, Text } from '../../../ui';
import { compatibilityLabel } from './compatibility';
import { useLikeAction } from './useLikeAction';

const Top = styled.div`
  display: flex;
  gap: ${({ theme }) => px(theme.space[3])};
  align-items: center;
  min-width: 0;
`;

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
export function PersonCard({ person, alert }: { person: Candidate; alert?: (message: string) => void }) {
  const like = useLikeAction(alert);
  const liked = like.isSuccess;
  return (
    <Body forwardedAs="article" aria-labelledby={`person-${person.id}`}>
      <Top>
        <Avatar src={person.avatar} name={person.name} size={64} online={person.isOnline} statusShownBeside loading="lazy" />
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
      </Top>
      <Chips aria-label="Highlights">
        <li>
          <Badge tone="success">{compatibilityLabel(person.compatibility)}</Badge>
        </li>
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
