import type { User } from '../../../../contract/members/profile';
import { Dialog } from '../../../ui';
import type { currentPosition } from './geolocation';
import { SettingsSections } from './SettingsSections';

export interface SettingsDialogProps {
  user: User;
  open: boolean;
  onClose: () => void;
  /** Injected so tests need no real browser position. */
  locate?: typeof currentPosition;
}

/** Settings over the own profile; the same sections are the Settings page (/settings). */
export function SettingsDialog({ user, open, onClose, locate }: SettingsDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} title="Settings">
      <SettingsSections user={user} locate={locate} />
    </Dialog>
  );
}
