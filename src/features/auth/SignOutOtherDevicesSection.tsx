import { useMutation } from '@tanstack/react-query';
import { signOutOtherDevices } from '../../api/auth';
import { Button, Notice } from '../../ui';
import { SettingsSection } from '../profile/SettingsSection';

export const OTHER_DEVICES_TEXT =
  'Lost a phone, or signed in on a computer that is not yours? Sign out everywhere else at once. You stay signed in here, and your password stays the same.';

/** Settings: "Other devices", ending every session of the account but this one. */
export function SignOutOtherDevicesSection() {
  const signOut = useMutation({ mutationFn: signOutOtherDevices });
  return (
    <SettingsSection id="settings-other-devices" title="Other devices" intro={OTHER_DEVICES_TEXT}>
      <div role="status">{signOut.isSuccess ? <Notice tone="success">{signOut.data.message}.</Notice> : null}</div>
      {signOut.isError ? <Notice tone="error">{signOut.error.message}</Notice> : null}
      <Button variant="secondary" loading={signOut.isPending} loadingLabel="Signing out..." onClick={() => signOut.mutate()}>
        Sign out of other devices
      </Button>
    </SettingsSection>
  );
}
