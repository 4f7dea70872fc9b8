import { useId, useState } from 'react';
import type { User } from '../../../../contract/members/profile';
import { Checkbox, Notice, Stack, Text } from '../../../ui';
import { desktopNotificationsOn, notificationsSupported, setDesktopNotifications } from '../../messaging/desktop-notifications';
import { AccountSwitch } from './AccountSwitch';
import { SettingsHeading } from './SettingsSection';

/** Settings, Messages: read receipts (the account's, both ways) and desktop notifications (this device's). */
export function MessagingSettings({ user }: { user: User }) {
  const notificationsHintId = useId();
  const [notifications, setNotifications] = useState(desktopNotificationsOn);
  const [notificationsRefused, setNotificationsRefused] = useState(false);

  return (
    <Stack gap={3}>
      <SettingsHeading>Messages</SettingsHeading>
      <AccountSwitch
        user={user}
        field="readReceipts"
        label="Read receipts"
        hint="People you message see when you have read their messages, and you see when they have read yours. When this is off, neither of you sees it."
      />
      <Checkbox
        role="switch"
        label="Desktop notifications"
        aria-describedby={notificationsHintId}
        checked={notifications}
        disabled={!notificationsSupported()}
        onChange={(event) => {
          const wanted = event.target.checked;
          void setDesktopNotifications(wanted).then((on) => {
            setNotifications(on);
            setNotificationsRefused(wanted && !on);
          });
        }}
      />
      <Text tone="muted" size="sm" id={notificationsHintId}>
        On this device only: a notification when someone messages you while Orbit is in a background tab.
      </Text>
      {notificationsRefused ? <Notice tone="error">Your browser did not allow notifications for Orbit. You can allow them in its site settings.</Notice> : null}
    </Stack>
  );
}
