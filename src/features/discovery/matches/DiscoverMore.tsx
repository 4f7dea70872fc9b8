import { Link } from '@tanstack/react-router';
import styled from 'styled-components';
import { Card, CardTitle, px, Text } from '../../../ui';

const Links = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => px(theme.space[3])};
  padding: 0;
  list-style: none;

  & a {
    display: block;
    padding: ${({ theme }) => px(theme.space[3])};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => px(theme.radii.input)};
    color: ${({ theme }) => theme.colors.text};
    text-decoration: none;
    min-height: ${({ theme }) => px(theme.sizes.touchTarget)};
  }

  & a:hover {
    border-color: ${({ theme }) => theme.colors.purple};
  }

  & strong {
    display: block;
    color: ${({ theme }) => theme.colors.purpleDark};
  }
`;

const DESTINATIONS = [
  { to: '/spin', title: 'Spin Feature', text: 'Let chance pick someone new' },
  { to: '/radar', title: 'Radar', text: 'Find people near you' },
  { to: '/users', title: 'Discover', text: 'Browse all users' },
] as const;

/** SPEC: the 'Discover More' panel linking to Spin, Radar and Discover. */
export function DiscoverMore() {
  return (
    <Card as="section" aria-labelledby="discover-more-title">
      <CardTitle id="discover-more-title">Discover More</CardTitle>
      <Links>
        {DESTINATIONS.map((destination) => (
          <li key={destination.to}>
            <Link to={destination.to}>
              <strong>{destination.title}</strong>
              <Text as="span" size="sm" tone="muted">
                {destination.text}
              </Text>
            </Link>
          </li>
        ))}
      </Links>
    </Card>
  );
}
