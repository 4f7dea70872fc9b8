import styled from 'styled-components';
import { Button, Notice, px } from '../../../ui';
import { SettingsHeading } from './SettingsSection';

/** A Settings section's list of things the member can act on one by one (blocked people, signed-in devices). */
export const SettingsList = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => px(theme.space[3])};
  padding: 0;
  list-style: none;
`;

export const SettingsListRow = styled.li`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => px(theme.space[3])};
  min-width: 0;
`;

/** The row's words, taking the room its button leaves; long names wrap instead of pushing the button off a phone. */
export const SettingsListText = styled.div`
  flex: 1;
  min-width: 0;
  overflow-wrap: anywhere;
`;

/** Focused after an action removes the row that had focus, so focus stays in the dialog. */
export const FocusableSectionHeading = styled(SettingsHeading)`
  &:focus {
    outline: none;
  }
`;

/** A section's list could not be read: the reason, and Try Again beside it. */
export function SectionLoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Notice
      tone="error"
      action={
        <Button variant="secondary" size="sm" onClick={onRetry}>
          Try Again
        </Button>
      }
    >
      {message}
    </Notice>
  );
}
