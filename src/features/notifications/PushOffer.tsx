import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Button, Notice, Stack, Text } from '../../ui';
import { pushDeviceState, turnOnPush, type PushDeviceState } from './push-device';

/**
 * The moment a push makes sense to ask for (issue 51): right after a match,
 * when a reply is worth knowing about. Shown only where this browser could
 * get pushes and has not been asked yet; the browser's own question comes
 * only when the member presses the button.
 */
export function PushOffer({ personName }: { personName: string }) {
  const [state, setState] = useState<PushDeviceState | null>(null);
  useEffect(() => {
    void pushDeviceState().then(setState, () => setState('unsupported'));
  }, []);
  const turnOn = useMutation({ mutationFn: turnOnPush, onSuccess: setState });

  if (turnOn.isSuccess && state === 'on') return <Notice tone="success">Notifications are on for this device.</Notice>;
  if (state !== 'off' || Notification.permission !== 'default') return null;
  return (
    <Stack gap={2} align="center">
      <Text size="sm" tone="muted" align="center">{`Know when ${personName} writes, even with Orbit closed.`}</Text>
      <Button variant="secondary" size="sm" loading={turnOn.isPending} onClick={() => turnOn.mutate()}>
        Turn on notifications
      </Button>
      {turnOn.isError ? <Notice tone="error">{turnOn.error.message}</Notice> : null}
    </Stack>
  );
}
