import type { ReactNode, TableHTMLAttributes } from 'react';
import styled from 'styled-components';
import { px } from './theme';

// The region scrolls sideways inside itself on a phone so the page never does;
// it is focusable so keyboard users can scroll it too.
//
// A shade on an edge says more of the table lies that way: on a phone the
// row actions sit off screen, and nothing else hints at them. The shades
// stay put (scroll) while two surface-coloured covers travel with the content
// (local) and hide a shade once its edge is reached.
const EDGE_COVER = 40;
const EDGE_SHADE = 14;
const ScrollRegion = styled.div`
  max-width: 100%;
  overflow-x: auto;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => px(theme.radii.card)};
  background:
    linear-gradient(to right, ${({ theme }) => theme.colors.surface} 30%, transparent) left center / ${px(EDGE_COVER)} 100% no-repeat local,
    linear-gradient(to left, ${({ theme }) => theme.colors.surface} 30%, transparent) right center / ${px(EDGE_COVER)} 100% no-repeat local,
    radial-gradient(farthest-side at 0 50%, rgba(15, 23, 42, 0.2), transparent) left center / ${px(EDGE_SHADE)} 100% no-repeat scroll,
    radial-gradient(farthest-side at 100% 50%, rgba(15, 23, 42, 0.2), transparent) right center / ${px(EDGE_SHADE)} 100% no-repeat scroll,
    ${({ theme }) => theme.colors.surface};
`;

const StyledTable = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => px(theme.font.sizes.sm)};

  caption {
    padding: ${({ theme }) => px(theme.space[4])};
    text-align: left;
    font-weight: ${({ theme }) => theme.font.weights.semibold};
  }

  th,
  td {
    padding: ${({ theme }) => `${px(theme.space[3])} ${px(theme.space[4])}`};
    text-align: left;
    vertical-align: middle;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }

  th {
    background: ${({ theme }) => theme.colors.surfaceAlt};
    color: ${({ theme }) => theme.colors.neutralText};
    font-size: ${({ theme }) => px(theme.font.sizes.xs)};
    font-weight: ${({ theme }) => theme.font.weights.semibold};
    text-transform: uppercase;
    letter-spacing: 0.04em;
    white-space: nowrap;
  }

  tbody tr:last-child td {
    border-bottom: 0;
  }

  tbody tr:hover td {
    background: ${({ theme }) => theme.colors.surfaceAlt};
  }
`;

export interface TableProps extends TableHTMLAttributes<HTMLTableElement> {
  /** Names the scrollable region, e.g. 'Users'. */
  label: string;
  children: ReactNode;
}

/** Use plain thead/tbody/tr/th/td inside; they are styled here. */
export function Table({ label, children, className, ...tableProps }: TableProps) {
  return (
    <ScrollRegion role="region" aria-label={label} tabIndex={0} className={className}>
      <StyledTable {...tableProps}>{children}</StyledTable>
    </ScrollRegion>
  );
}
