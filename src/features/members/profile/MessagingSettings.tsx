import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { User } from '../../../../contract/members/profile';
import { currentUserQueryOptions, updateMyProfile } from '../../../api/members';
import { Checkbox, Notice, Stack, Text } from '../../../ui';
import { desktopNotificationsOn, notificationsSupported, setDesktopNotifications } from '../../messaging/desktop-notifications';
import { SettingsHeading } from './SettingsSection';

/** Settings, Messages: read receipts (the account's, both ways) and desktop notifications (this device's). */
export function MessagingSettings({ user }: { user: User }) {
  const queryClient = useQueryClient();
  const receiptsHintId = useId();
  const notificationsHintId = useId();
  const [receiptsBeingSaved, setReceiptsBeingSaved] = useState<boolean | null>(null);
  const saveReceipts = useMutation({
    mutationFn: (readReceipts: boolean) => updateMyProfile({ readReceipts }),
    onSuccess: (saved: User) => queryClient.setQueryData(currentUserQueryOptions().queryKey, saved),
    onSettled: () => setReceiptsBeingSaved(null),
  });
  const readReceipts = receiptsBeingSaved ?? user.readReceipts;

  const [notifications, setNotifications] = useState(desktopNotificationsOn);
  const [notificationsRefused, setNotificationsRefused] = useState(false);

  return (
    <Stack gap={3}>
      <SettingsHeading>Messages</SettingsHeading>
      <Checkbox
        role="switch"
        label="Read receipts"
        aria-describedby={receiptsHintId}
        checked={readReceipts}
        disabled={receiptsBeingSaved !== null}
        onChange={(event) => {
          setReceiptsBeingSaved(event.target.checked);
          saveReceipts.mutate(event.target.checked);
        }}
      />
      <Text tone="muted" size="sm" id={receiptsHintId}>
        People you message see when you have read their messages, and you see when they have read yours. When this is off, neither of you sees it.
      </Text>
      {saveReceipts.isError ? <Notice tone="error">{saveReceipts.error.message}</Notice> : null}
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
