import styled from 'styled-components';
import { Button, px } from '../../../ui';
import { RowActions } from './AdminScreen';

/**
 * A date or time in a table cell, kept on one line: the table scrolls
 * sideways on a phone, so wrapping "Nov 24, 2026" over three lines would
 * only make every row taller.
 */
export function CellTime({ iso, text }: { iso: string | null; text: string }) {
  return iso ? <NoWrapTime dateTime={iso}>{text}</NoWrapTime> : <>{text}</>;
}

const NoWrapTime = styled.time`
  white-space: nowrap;
`;

/** The header row of an admin table: one column header per name. */
export function TableHead({ columns }: { columns: readonly string[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column) => (
          <th key={column} scope="col">
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}

interface EditDeleteActionsProps {
  /** What the row is called; the buttons' accessible names say which row they act on. */
  name: string;
  onEdit: () => void;
  onDelete: () => void;
}

/** The Edit and Delete buttons of a row in an editable list. */
export function EditDeleteActions({ name, onEdit, onDelete }: EditDeleteActionsProps) {
  return (
    <RowActions>
      <Button type="button" size="sm" variant="secondary" onClick={onEdit} aria-label={`Edit ${name}`}>
        Edit
      </Button>
      <Button type="button" size="sm" variant="danger" onClick={onDelete} aria-label={`Delete ${name}`}>
        Delete
      </Button>
    </RowActions>
  );
}

/** A member list: its count line above its table. */
export const ListWithCount = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => px(theme.space[2])};
`;

/** A member's avatar beside their name. */
export const PersonWithAvatar = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => px(theme.space[3])};
`;

/** Standing badges that wrap onto further lines in a narrow cell. */
export const BadgeRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => px(theme.space[1])};
`;
