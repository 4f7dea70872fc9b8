import styled from 'styled-components';
import { Button, Container, px } from '../../../ui';

/** The page frame of every admin screen: denser than the public site, same tokens. */
export const AdminScreen = styled(Container)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => px(theme.space[6])};
  padding-top: ${({ theme }) => px(theme.space[6])};
  padding-bottom: ${({ theme }) => px(theme.space[12])};

  ${({ theme }) => theme.media.tablet} {
    padding-top: ${({ theme }) => px(theme.space[8])};
  }
`;

/** A row of filter controls that wraps on a phone. */
export const FilterBar = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => px(theme.space[3])};

  & > * {
    flex: 1 1 ${({ theme }) => px(theme.space[16] * 3)};
  }

  & > button,
  & > .actions {
    flex: 0 0 auto;
  }
`;

/** Action buttons inside a table cell stay on one line; the table scrolls instead. */
export const RowActions = styled.div`
  display: flex;
  flex-wrap: nowrap;
  gap: ${({ theme }) => px(theme.space[2])};

  /* "Make VIP" on two lines made each row taller; the table scrolls instead. */
  & > * {
    white-space: nowrap;
  }
`;

/** The end of a FilterBar: apply what was chosen, or go back to no filters. */
export function FilterActions({ submitLabel, onClear }: { submitLabel: string; onClear: () => void }) {
  return (
    // FilterBar keeps `.actions` at its own width instead of stretching it like a field.
    <div className="actions">
      <RowActions>
        <Button type="submit" variant="secondary">
          {submitLabel}
        </Button>
        <Button type="button" variant="ghost" onClick={onClear}>
          Clear
        </Button>
      </RowActions>
    </div>
  );
}

/** The Add button of a list, at its top right. */
export function AddButtonBar({ label, onAdd }: { label: string; onAdd: () => void }) {
  return (
    <EndAligned>
      <Button type="button" onClick={onAdd}>
        {label}
      </Button>
    </EndAligned>
  );
}

const EndAligned = styled.div`
  display: flex;
  justify-content: flex-end;
`;

/** The first cell of a row: the thing's name, a second line muted. */
export const CellTitle = styled.div`
  display: flex;
  flex-direction: column;
  /* Wide enough that names and titles wrap into a few lines, not a word per line. */
  min-width: ${({ theme }) => px(theme.space[16] * 3)};

  & > span:first-child {
    font-weight: ${({ theme }) => theme.font.weights.semibold};
    color: ${({ theme }) => theme.colors.text};
  }

  & > span + span {
    color: ${({ theme }) => theme.colors.muted};
    font-size: ${({ theme }) => px(theme.font.sizes.xs)};
  }
`;
