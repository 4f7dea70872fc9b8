import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import type { NotificationSettings as Switches } from '../../../contract/notifications';
import { notificationSettingsQueryOptions, updateNotificationSettings } from '../../api/notifications';
import { Button, Checkbox, Notice, Stack, Text } from '../../ui';
import { SettingsSection } from '../members/profile/SettingsSection';
import { pushDeviceState, turnOffPush, turnOnPush, type PushDeviceState } from './push-device';

/** The kinds of news, as Settings names them, in the order shown. */
const KINDS: Array<{ field: keyof Switches; label: string }> = [
  { field: 'match', label: 'New matches' },
  { field: 'message', label: 'New messages' },
  { field: 'messagePreviews', label: 'Show message text' },
  { field: 'call', label: 'Incoming calls' },
  { field: 'live', label: 'Matches going live' },
  { field: 'emailDigest', label: 'News by email, at most once a day' },
];

const DEVICE_TEXT: Record<PushDeviceState, string> = {
  unsupported: 'This browser cannot show notifications from Orbit when it is closed.',
  blocked: 'Notifications are blocked for Orbit in this browser. Allow them in its site settings, then turn them on here.',
  off: 'Get a notification on this device when something happens while Orbit is closed.',
  on: 'This device gets a notification when something happens while Orbit is closed.',
};

/**
 * Settings, Notifications (issue 51): push on this device (asked for only
 * when the member turns it on) and which kinds of news reach them on every
 * device, each saved as it is switched.
 */
export function NotificationSettings() {
  const queryClient = useQueryClient();
  const kindsLabelId = useId();
  const settings = useQuery(notificationSettingsQueryOptions());
  const [device, setDevice] = useState<PushDeviceState | null>(null);
  useEffect(() => {
    void pushDeviceState().then(setDevice, () => setDevice('unsupported'));
  }, []);
  const switchDevice = useMutation({
    mutationFn: (on: boolean) => (on ? turnOnPush() : turnOffPush()),
    onSuccess: setDevice,
  });
  const save = useMutation({
    mutationFn: updateNotificationSettings,
    onSuccess: (saved) => queryClient.setQueryData(notificationSettingsQueryOptions().queryKey, saved),
  });
  const shown = settings.data ? { ...settings.data, ...(save.isPending ? save.variables : {}) } : null;

  return (
    <SettingsSection id="settings-notifications" title="Notifications">
      <Text tone="muted">{device ? DEVICE_TEXT[device] : 'Checking this browser...'}</Text>
      {device === 'off' || device === 'on' ? (
        <div>
          <Button variant={device === 'on' ? 'secondary' : 'primary'} size="sm" loading={switchDevice.isPending} onClick={() => switchDevice.mutate(device === 'off')}>
            {device === 'on' ? 'Turn off on this device' : 'Turn on notifications on this device'}
          </Button>
        </div>
      ) : null}
      {switchDevice.isError ? <Notice tone="error">{switchDevice.error.message}</Notice> : null}
      {settings.isError ? <Notice tone="error">{settings.error.message}</Notice> : null}
      {shown ? (
        <Stack gap={2} role="group" aria-labelledby={kindsLabelId}>
          <Text id={kindsLabelId} weight="semibold">
            What to tell me about
          </Text>
          {KINDS.map(({ field, label }) => (
            <Checkbox
              key={field}
              role="switch"
              label={label}
              checked={shown[field]}
              disabled={save.isPending || (field === 'messagePreviews' && !shown.message)}
              onChange={(event) => save.mutate({ [field]: event.target.checked })}
            />
          ))}
        </Stack>
      ) : null}
      {save.isError ? <Notice tone="error">{save.error.message}</Notice> : null}
    </SettingsSection>
  );
}
