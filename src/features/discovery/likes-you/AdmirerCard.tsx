import { Link } from '@tanstack/react-router';
import styled from 'styled-components';
import type { LikeType } from '../../../../contract/discovery';
import type { Admirer } from '../../../../contract/likes-you';
import { Badge, Button, Photo, px, SparkleIcon, Text } from '../../../ui';
import { DemoBadge } from '../../members/DemoBadge';
import { CardBody } from './card-layout';
import { PersonName } from '../discover/PersonCard';
import { PhotoFrame } from '../matches/MatchCard';
import { useLikeAction } from '../discover/useLikeAction';

/** Two columns on a phone, three from a tablet (card-layout.ts). */
const PHOTO_SIZES = '(min-width: 768px) 360px, 50vw';

const SuperMark = styled.span`
  position: absolute;
  top: ${({ theme }) => px(theme.space[2])};
  left: ${({ theme }) => px(theme.space[2])};

  & svg {
    width: ${({ theme }) => px(theme.font.sizes.sm)};
    height: ${({ theme }) => px(theme.font.sizes.sm)};
  }
`;

/** A smaller name than Discover's: the cards here are two to a phone's row. */
const Name = styled(PersonName)`
  font-size: ${({ theme }) => px(theme.font.sizes.md)};
`;

/** Stacked on a phone's narrow cards, side by side from a tablet. */
const Actions = styled.div`
  display: grid;
  gap: ${({ theme }) => px(theme.space[2])};
  margin-top: auto;

  ${({ theme }) => theme.media.tablet} {
    grid-template-columns: 1fr 1fr;
  }
`;

export interface AdmirerCardProps {
  person: Admirer;
  /** Once the server took the decision: the card leaves the list. */
  onDecided: (person: Admirer, type: LikeType) => void;
  alert?: (message: string) => void;
}

/** Someone who liked the member: their photo and who they are, and Like back or Pass. */
export function AdmirerCard({ person, onDecided, alert }: AdmirerCardProps) {
  const like = useLikeAction(alert);
  const decide = (type: LikeType) => like.mutate({ person, type }, { onSuccess: () => onDecided(person, type) });
  const deciding = like.isPending ? like.variables.type : null;
  return (
    <CardBody forwardedAs="article" aria-labelledby={`admirer-${person.id}`}>
      <PhotoFrame>
        <Photo src={person.avatar} alt={person.name} width={360} height={360} sizes={PHOTO_SIZES} />
        {person.superLike ? (
          <SuperMark>
            <Badge tone="vip">
              <SparkleIcon />
              Super like
            </Badge>
          </SuperMark>
        ) : null}
      </PhotoFrame>
      <div>
        <Name as="h3" id={`admirer-${person.id}`}>
          <Link to="/profile/{-$userId}" params={{ userId: person.id }}>
            {person.name}
            {person.age !== null ? `, ${person.age}` : ''}
          </Link>
        </Name>
        {person.region ? (
          <Text size="sm" tone="muted">
            {person.region}
          </Text>
        ) : null}
        <DemoBadge person={person} />
      </div>
      <Actions>
        <Button
          variant="secondary"
          size="sm"
          loading={deciding === 'dislike'}
          loadingLabel="Passing..."
          disabled={like.isPending}
          aria-label={`Pass on ${person.name}`}
          onClick={() => decide('dislike')}
        >
          Pass
        </Button>
        <Button
          size="sm"
          loading={deciding === 'like'}
          loadingLabel="Liking..."
          disabled={like.isPending}
          aria-label={`Like back ${person.name}`}
          onClick={() => decide('like')}
        >
          Like back
        </Button>
      </Actions>
    </CardBody>
  );
}
