import { createLink } from '@tanstack/react-router';
import styled from 'styled-components';
import { px } from '../../ui';

export interface CategoryFilterProps {
  categories: readonly string[];
}

/**
 * SPEC section 2: 'All Posts' plus the categories. Each is a link to the
 * list's first page for that category (choosing one resets the page); the
 * router marks the chosen one with aria-current="page".
 */
export function CategoryFilter({ categories }: CategoryFilterProps) {
  return (
    <nav aria-label="Blog categories">
      <Row>
        <li>
          {/* Active (aria-current="page") only while no category is chosen, whatever the page. */}
          <Chip to="/blog" search={{ category: undefined }} activeOptions={{ explicitUndefined: true }} resetScroll={false}>
            All Posts
          </Chip>
        </li>
        {categories.map((category) => (
          <li key={category}>
            <Chip to="/blog" search={{ category }} resetScroll={false}>
              {category}
            </Chip>
          </li>
        ))}
      </Row>
    </nav>
  );
}

const Row = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => px(theme.space[2])};
  padding: 0;
  list-style: none;
`;

const ChipAnchor = styled.a`
  display: inline-flex;
  align-items: center;
  min-height: ${({ theme }) => px(theme.sizes.controlSm)};
  padding: 0 ${({ theme }) => px(theme.space[4])};
  border: 1px solid ${({ theme }) => theme.colors.controlBorder};
  border-radius: ${({ theme }) => px(theme.radii.pill)};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.neutralText};
  font-size: ${({ theme }) => px(theme.font.sizes.sm)};
  font-weight: ${({ theme }) => theme.font.weights.semibold};
  text-decoration: none;
  transition: background ${({ theme }) => theme.motion.fast};

  &:hover {
    background: ${({ theme }) => theme.colors.purpleTint};
  }

  &[aria-current='page'] {
    border-color: transparent;
    background: ${({ theme }) => theme.gradients.brand};
    color: ${({ theme }) => theme.colors.onBrand};
  }
`;

const Chip = createLink(ChipAnchor);
