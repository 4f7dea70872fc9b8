import { Link } from '@tanstack/react-router';
import styled from 'styled-components';
import { Card, CardTitle, px, Text } from '../../ui';

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

/** SPEC: the 'Discover More' panel linking to Spin, Radar and Discover. */
export function DiscoverMore() {
  return (
    <Card as="section" aria-labelledby="discover-more-title">
      <CardTitle id="discover-more-title">Discover More</CardTitle>
      <Links>
        <li>
          <Link to="/spin">
            <strong>Spin Feature</strong>
            <Text as="span" size="sm" tone="muted">
              Let chance pick someone new
            </Text>
          </Link>
        </li>
        <li>
          <Link to="/radar">
            <strong>Radar</strong>
            <Text as="span" size="sm" tone="muted">
              Find people near you
            </Text>
          </Link>
        </li>
        <li>
          <Link to="/users">
            <strong>Discover</strong>
            <Text as="span" size="sm" tone="muted">
              Browse all users
            </Text>
          </Link>
        </li>
      </Links>
    </Card>
  );
}
