import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { SignedInDevice } from '../../../contract/auth/sessions';
import { ApiError } from '../../api/client';
import { signedInDevicesQueryOptions, signOutDevice, signOutOtherDevices } from '../../api/auth/sessions';
import { Badge, Button, Notice, Skeleton, Stack, Text } from '../../ui';
import { FocusableSectionHeading, SectionLoadFailed, SettingsList, SettingsListRow, SettingsListText } from '../members/profile/settings-list';
import { deviceKindName, deviceName, usedSinceSignIn, whenOnDay } from './device-label';

export const SIGNED_IN_DEVICES_TEXT =
  'Lost a phone, or signed in on a computer that is not yours? Sign it out here. You stay signed in on this device, and your password stays the same.';

function DeviceRow({ device, onSignedOut }: { device: SignedInDevice; onSignedOut: (message: string) => void }) {
  const queryClient = useQueryClient();
  const name = deviceName(device);
  const since = whenOnDay(device.signedInAt);
  const removeRow = () =>
    queryClient.setQueryData(signedInDevicesQueryOptions().queryKey, (list) =>
      list ? { ...list, sessions: list.sessions.filter((entry) => entry.id !== device.id), total: list.total - 1 } : list,
    );
  const signOut = useMutation({
    mutationFn: () => signOutDevice(device.id),
    onSuccess: () => {
      removeRow();
      onSignedOut(`${name} was signed out.`);
    },
    onError: (error) => {
      // 404: it ended meanwhile (signed out there, or expired); what the member wanted is done.
      if (error instanceof ApiError && error.status === 404) {
        removeRow();
        onSignedOut(`${name} was already signed out.`);
      }
    },
  });
  const kind = deviceKindName(device.kind);
  return (
    <SettingsListRow>
      <SettingsListText>
        <Text weight="semibold">
          {name} {device.current ? <Badge tone="success">This device</Badge> : null}
        </Text>
        <Text size="sm" tone="muted">
          {kind ? `${kind} · ` : ''}
          {device.current ? 'Active now · ' : null}
          {!device.current && usedSinceSignIn(device) ? (
            <>
              Active <time dateTime={device.lastActiveAt}>{whenOnDay(device.lastActiveAt)}</time> ·{' '}
            </>
          ) : null}
          Signed in <time dateTime={device.signedInAt}>{since}</time>
        </Text>
        {signOut.isError ? <Notice tone="error">{signOut.error.message}</Notice> : null}
      </SettingsListText>
      {device.current ? null : (
        <Button variant="secondary" size="sm" aria-label={`Sign out ${name}, signed in ${since}`} loading={signOut.isPending} loadingLabel="Signing out..." onClick={() => signOut.mutate()}>
          Sign out
        </Button>
      )}
    </SettingsListRow>
  );
}

function LoadingRows() {
  return (
    <Stack gap={3} role="status" aria-busy="true" aria-label="Loading where you are signed in">
      <Skeleton width="60%" />
      <Skeleton width="45%" />
    </Stack>
  );
}

/** Settings: every place the account is signed in, each other one with Sign out, and all of them at once. */
export function SignedInDevicesSection() {
  const queryClient = useQueryClient();
  const devices = useQuery(signedInDevicesQueryOptions());
  const [message, setMessage] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const announce = (text: string) => {
    setMessage(text);
    headingRef.current?.focus();
  };
  const signOutOthers = useMutation({
    mutationFn: signOutOtherDevices,
    onSuccess: ({ message: text }) => {
      announce(`${text}.`);
      void queryClient.invalidateQueries({ queryKey: signedInDevicesQueryOptions().queryKey });
    },
  });

  let content;
  if (devices.isPending) content = <LoadingRows />;
  else if (devices.isError) {
    content = <SectionLoadFailed message={devices.error.message} onRetry={() => void devices.refetch()} />;
  } else {
    const { sessions, total } = devices.data;
    const notListed = total - sessions.length;
    content = (
      <>
        <SettingsList aria-label="Signed-in devices">
          {sessions.map((device) => (
            <DeviceRow key={device.id} device={device} onSignedOut={announce} />
          ))}
        </SettingsList>
        {notListed > 0 ? (
          <Text size="sm" tone="muted">
            And {notListed} more {notListed === 1 ? 'sign-in' : 'sign-ins'} not listed here; Sign out of other devices ends them too.
          </Text>
        ) : null}
        {total <= 1 ? <Text tone="muted">You aren&apos;t signed in anywhere else.</Text> : null}
        {signOutOthers.isError ? <Notice tone="error">{signOutOthers.error.message}</Notice> : null}
        {total > 1 ? (
          <Button variant="secondary" loading={signOutOthers.isPending} loadingLabel="Signing out..." onClick={() => signOutOthers.mutate()}>
            Sign out of other devices
          </Button>
        ) : null}
      </>
    );
  }

  return (
    <Stack as="section" gap={3} aria-labelledby="settings-signed-in-devices">
      <FocusableSectionHeading level={3} id="settings-signed-in-devices" tabIndex={-1} ref={headingRef}>
        Where you&apos;re signed in
      </FocusableSectionHeading>
      <Text tone="muted">{SIGNED_IN_DEVICES_TEXT}</Text>
      <div role="status">{message !== null ? <Notice tone="success">{message}</Notice> : null}</div>
      {content}
    </Stack>
  );
}
