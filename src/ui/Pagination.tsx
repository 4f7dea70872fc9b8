import styled from 'styled-components';
import { Button } from './Button';
import { px } from './theme';

export interface PaginationProps {
  /** 1-based current page. */
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
  /** The navigation landmark's name. */
  label?: string;
  /** The position text; 'Page 2 of 5' by default, e.g. (p, t) => `Showing page ${p} of ${t}` for admin. */
  format?: (page: number, totalPages: number) => string;
  className?: string;
}

const Nav = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => px(theme.space[3])};
`;

const Position = styled.p`
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => px(theme.font.sizes.sm)};
  font-variant-numeric: tabular-nums;
`;

const defaultFormat = (page: number, totalPages: number) => `Page ${page} of ${totalPages}`;

export function Pagination({ page, totalPages, onChange, label = 'Pagination', format = defaultFormat, className }: PaginationProps) {
  // An empty list still reads 'Page 1 of 1' rather than 'Page 1 of 0'.
  const total = Math.max(1, totalPages);
  const current = Math.min(Math.max(1, page), total);

  return (
    <Nav aria-label={label} className={className}>
      <Button type="button" variant="secondary" size="sm" disabled={current <= 1} onClick={() => onChange(current - 1)}>
        Previous
      </Button>
      <Position aria-live="polite">{format(current, total)}</Position>
      <Button type="button" variant="secondary" size="sm" disabled={current >= total} onClick={() => onChange(current + 1)}>
        Next
      </Button>
    </Nav>
  );
}
