import styled from 'styled-components';
import type { NearbyUser } from '../../../../contract/discovery';
import { Avatar, Badge, ButtonLink, px, Text } from '../../../ui';
import { isSampleUser } from './sample-users';
import { DemoBadge } from '../../members/DemoBadge';

const List = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => px(theme.space[2])};
  padding: 0;
  list-style: none;
  min-width: 0;
`;

const Row = styled.li`
  display: grid;
  grid-template-columns: auto minmax(0, 1fr);
  gap: ${({ theme }) => px(theme.space[3])};
  align-items: center;
  padding: ${({ theme }) => px(theme.space[3])};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => px(theme.radii.card)};
  background: ${({ theme }) => theme.colors.surface};

  ${({ theme }) => theme.media.tablet} {
    grid-template-columns: auto minmax(0, 1fr) auto;
  }
`;

const Who = styled.div`
  min-width: 0;
  & > * {
    overflow-wrap: anywhere;
  }
`;

const Actions = styled.div`
  display: flex;
  gap: ${({ theme }) => px(theme.space[2])};
  grid-column: 1 / -1;

  ${({ theme }) => theme.media.tablet} {
    grid-column: auto;
  }
`;

const NameLine = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => px(theme.space[2])};
  font-weight: ${({ theme }) => theme.font.weights.semibold};
`;

export interface NearbyListProps {
  users: readonly NearbyUser[];
  /** The id of the heading that names this list (the canvas points here too). */
  labelledBy: string;
}

/** The radar's people as text: the canvas's alternative for screen readers, with View and Call. */
export function NearbyList({ users, labelledBy }: NearbyListProps) {
  return (
    <List aria-labelledby={labelledBy}>
      {users.map((user) => {
        const sample = isSampleUser(user);
        return (
          <Row key={user._id}>
            <Avatar src={user.avatar} name={user.name} size={48} online={user.isOnline} statusShownBeside loading="lazy" />
            <Who>
              <NameLine>
                {user.name}
                {user.age !== null ? `, ${user.age}` : ''}
                {user.isOnline ? <Badge tone="online">Online</Badge> : null}
                <DemoBadge person={user} />
              </NameLine>
              <Text size="sm" tone="muted">
                {user.distanceKm} km away{user.region ? ` · ${user.region}` : ''}
              </Text>
            </Who>
            {sample ? null : (
              <Actions>
                <ButtonLink to="/profile/{-$userId}" params={{ userId: user._id }} variant="secondary" size="sm" aria-label={`View ${user.name}`}>
                  View
                </ButtonLink>
                <ButtonLink to="/video-call/{-$userId}" params={{ userId: user._id }} variant="primary" size="sm" aria-label={`Call ${user.name}`}>
                  Call
                </ButtonLink>
              </Actions>
            )}
          </Row>
        );
      })}
    </List>
  );
}
