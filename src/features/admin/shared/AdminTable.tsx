import { Button } from '../../../ui';
import { RowActions } from './AdminScreen';

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
