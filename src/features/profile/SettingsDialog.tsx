import { useMutation, useQueryClient } from '@tanstack/react-query';
import { currentUserQueryOptions } from '../../api/me';
import { updateMyProfile } from '../../api/users';
import { ChangePasswordForm } from '../auth/ChangePasswordForm';
import { Button, Dialog, Heading, Notice, Stack, Text } from '../../ui';
import { currentPosition } from './geolocation';

export interface SettingsDialogProps {
  open: boolean;
  onClose: () => void;
  /** Injected so tests need no real browser position. */
  locate?: typeof currentPosition;
}

/**
 * Settings: the radar location and the password. The position comes from the browser (with
 * its permission) and is stored but never shown to anyone; others only see
 * a distance rounded to whole kilometres.
 */
export function SettingsDialog({ open, onClose, locate = currentPosition }: SettingsDialogProps) {
  const queryClient = useQueryClient();
  const saveLocation = useMutation({
    mutationFn: async (mode: 'device' | 'forget') => updateMyProfile({ location: mode === 'device' ? await locate() : null }),
    onSuccess: (user) => queryClient.setQueryData(currentUserQueryOptions().queryKey, user),
  });

  return (
    <Dialog open={open} onClose={onClose} title="Settings">
      <Stack gap={4}>
        <Heading level={3}>Location for the radar</Heading>
        <Text tone="muted">
          The radar finds people around your saved location. Nobody sees where you are: others only see a distance, rounded to whole kilometres.
        </Text>
        <div role="status">
          {saveLocation.isSuccess ? (
            <Notice tone="success">{saveLocation.variables === 'forget' ? 'Your location was removed.' : 'Your location was updated.'}</Notice>
          ) : null}
        </div>
        {saveLocation.isError ? <Notice tone="error">{saveLocation.error.message}</Notice> : null}
        <Button loading={saveLocation.isPending && saveLocation.variables === 'device'} loadingLabel="Locating..." onClick={() => saveLocation.mutate('device')}>
          Use my current location
        </Button>
        <Button variant="secondary" disabled={saveLocation.isPending} onClick={() => saveLocation.mutate('forget')}>
          Forget my location
        </Button>
        <Heading level={3}>Change password</Heading>
        <ChangePasswordForm />
      </Stack>
    </Dialog>
  );
}
