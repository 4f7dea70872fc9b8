import { Link } from '@tanstack/react-router';
import styled from 'styled-components';
import type { Candidate } from '../../../../contract/discovery';
import { Avatar, Card, CardTitle, px, Text } from '../../../ui';
import { isSampleCandidate } from './sample-candidates';

const List = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => px(theme.space[4])};
  padding: 0;
  list-style: none;
`;

const Person = styled.li`
  & > a {
    display: flex;
    flex-direction: column;
    align-items: center;
    gap: ${({ theme }) => px(theme.space[1])};
    width: ${({ theme }) => px(theme.space[16])};
    color: ${({ theme }) => theme.colors.text};
    font-size: ${({ theme }) => px(theme.font.sizes.sm)};
    text-align: center;
    text-decoration: none;
    overflow-wrap: anywhere;
    border-radius: ${({ theme }) => px(theme.radii.input)};
  }
  & > a:hover {
    text-decoration: underline;
  }
`;

/** SPEC section 9: the last 5 matches are listed. */
export const RECENT_MATCHES_SHOWN = 5;

/** SPEC: the last 5 matches under 'Your Matches'; `matches` is newest first, as GET /matches answers. */
export function RecentMatches({ matches }: { matches: readonly Candidate[] }) {
  return (
    <Card as="section" aria-labelledby="spin-matches-title">
      <CardTitle id="spin-matches-title">Your Matches</CardTitle>
      {matches.length === 0 ? (
        <Text tone="muted">No matches yet. Like someone who likes you back and they will appear here.</Text>
      ) : (
        <List>
          {matches.slice(0, RECENT_MATCHES_SHOWN).map((match) => (
            <Person key={match.id}>
              {isSampleCandidate(match) ? (
                <Text as="span">{match.name}</Text>
              ) : (
                <Link to="/profile/{-$userId}" params={{ userId: match.id }}>
                  <span aria-hidden="true">
                    <Avatar src={match.avatar} name={match.name} size={56} online={match.isOnline} loading="lazy" />
                  </span>
                  {match.name}
                </Link>
              )}
            </Person>
          ))}
        </List>
      )}
    </Card>
  );
}
