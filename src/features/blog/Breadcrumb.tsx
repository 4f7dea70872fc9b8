import { Link } from '@tanstack/react-router';
import styled from 'styled-components';
import { px } from '../../ui';

/** SPEC section 2: 'Home / Blog' above the blog list. */
export function BlogBreadcrumb() {
  return (
    <nav aria-label="Breadcrumb">
      <Trail>
        <li>
          <Crumb to="/">Home</Crumb>
        </li>
        <li aria-current="page">Blog</li>
      </Trail>
    </nav>
  );
}

const Trail = styled.ol`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => px(theme.space[2])};
  padding: 0;
  list-style: none;
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => px(theme.font.sizes.sm)};

  & li + li::before {
    content: '/' / '';
    margin-right: ${({ theme }) => px(theme.space[2])};
  }

  & li[aria-current='page'] {
    color: ${({ theme }) => theme.colors.text};
    font-weight: ${({ theme }) => theme.font.weights.semibold};
  }
`;

const Crumb = styled(Link)`
  color: ${({ theme }) => theme.colors.purpleDark};
`;
