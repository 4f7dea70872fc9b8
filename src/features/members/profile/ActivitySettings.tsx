import type { User } from '../../../../contract/members/profile';
import { Stack } from '../../../ui';
import { AccountSwitch } from './AccountSwitch';
import { SettingsHeading } from './SettingsSection';

/** Settings, Activity: whether others see when the member was last active, and that they are online. */
export function ActivitySettings({ user }: { user: User }) {
  return (
    <Stack gap={3}>
      <SettingsHeading>Activity</SettingsHeading>
      <AccountSwitch
        user={user}
        field="activityVisible"
        label="Show when I was active"
        hint="Others see roughly when you were last active (today, this week) and when you are online. When this is off, they see neither."
      />
    </Stack>
  );
}
