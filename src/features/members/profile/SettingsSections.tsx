import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { User } from '../../../../contract/members/profile';
import { currentUserQueryOptions, updateMyProfile } from '../../../api/members';
import { subscriptionQueryOptions } from '../../../api/subscriptions';
import { ChangePasswordForm } from '../../auth/ChangePasswordForm';
import { DeleteAccountSection } from '../../auth/DeleteAccountSection';
import { SignedInDevicesSection } from '../../auth/SignedInDevicesSection';
import { TwoStepSection } from '../../auth/TwoStepSection';
import { NotificationSettings } from '../../notifications/NotificationSettings';
import { BlockedPeopleSection } from '../../safety/BlockedPeopleSection';
import { SubscriptionControls } from '../../store/SubscriptionControls';
import { useWithdrawal } from '../../store/WithdrawDialog';
import { Button, ButtonLink, Checkbox, Notice, Stack, Text } from '../../../ui';
import { DownloadDataSection } from './DownloadDataSection';
import { ActivitySettings } from './ActivitySettings';
import { IncognitoSettings } from './IncognitoSettings';
import { MessagingSettings } from './MessagingSettings';
import { PreferencesSettings } from './PreferencesSettings';
import { currentPosition } from './geolocation';
import { SettingsHeading, SettingsSection } from './SettingsSection';

export interface SettingsSectionsProps {
  user: User;
  /** Injected so tests need no real browser position. */
  locate?: typeof currentPosition;
}

/**
 * Settings: who the member wants to meet, the radar location, whether others' radars show you, the VIP
 * subscription, the people you blocked, the password, signing out other devices, a copy of your data,
 * and deleting the account. The position comes from the browser (with
 * its permission) and is stored but never shown to anyone; others only see a
 * distance rounded to whole kilometres.
 */
export function SettingsSections({ user, locate = currentPosition }: SettingsSectionsProps) {
  const queryClient = useQueryClient();
  const radarChoiceHintId = useId();
  const keepSavedUser = (saved: User) => queryClient.setQueryData(currentUserQueryOptions().queryKey, saved);
  const saveLocation = useMutation({
    mutationFn: async (mode: 'device' | 'forget') => updateMyProfile({ location: mode === 'device' ? await locate() : null }),
    onSuccess: keepSavedUser,
  });
  // The box shows a click at once and while it is saved, and stays disabled until the save settles; a
  // failure puts the saved choice back. The mutation's own pending state reaches React a tick after the
  // click, and meanwhile a box controlled by it would flick back to the saved value (and take a second click).
  const [choiceBeingSaved, setChoiceBeingSaved] = useState<boolean | null>(null);
  const saveRadarChoice = useMutation({
    mutationFn: (showOnRadar: boolean) => updateMyProfile({ showOnRadar }),
    onSuccess: keepSavedUser,
    onSettled: () => setChoiceBeingSaved(null),
  });
  const showOnRadar = choiceBeingSaved ?? user.showOnRadar;

  return (
    <Stack gap={4}>
      <PreferencesSettings user={user} />
      <SettingsHeading>Location for the radar</SettingsHeading>
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
      <Checkbox
        label="Show me on the radar"
        aria-describedby={radarChoiceHintId}
        checked={showOnRadar}
        disabled={choiceBeingSaved !== null}
        onChange={(event) => {
          setChoiceBeingSaved(event.target.checked);
          saveRadarChoice.mutate(event.target.checked);
        }}
      />
      <Text tone="muted" size="sm" id={radarChoiceHintId}>
        When this is off, nobody sees you on their radar, nor how far away you are. You still see the people around you, and Discover and Spin still show your profile.
      </Text>
      <div role="status">
        {saveRadarChoice.isSuccess ? (
          <Notice tone="success">{saveRadarChoice.variables ? 'You are on the radar again.' : 'You are hidden from the radar.'}</Notice>
        ) : null}
      </div>
      {saveRadarChoice.isError ? <Notice tone="error">{saveRadarChoice.error.message}</Notice> : null}
      <ActivitySettings user={user} />
      <IncognitoSettings user={user} />
      <MessagingSettings user={user} />
      <NotificationSettings />
      <VipSubscriptionSection />
      <BlockedPeopleSection />
      <SettingsHeading>Change password</SettingsHeading>
      <ChangePasswordForm owner={{ username: user.username, email: user.email }} />
      <TwoStepSection />
      <SignedInDevicesSection />
      <DownloadDataSection username={user.username} />
      <DeleteAccountSection />
    </Stack>
  );
}

/** Settings, VIP subscription (issue 48): the same one-click Cancel and Resume as on /vip, and the withdrawal while it is open. */
function VipSubscriptionSection() {
  const subscription = useQuery(subscriptionQueryOptions());
  const withdrawal = useWithdrawal();
  return (
    <SettingsSection id="settings-vip-subscription" title="VIP subscription">
      {subscription.isPending ? (
        <Text tone="muted" role="status">
          Loading your VIP subscription...
        </Text>
      ) : subscription.isError ? (
        <Notice tone="error">{subscription.error.message}</Notice>
      ) : subscription.data ? (
        <SubscriptionControls subscription={subscription.data} onWithdraw={withdrawal.open} />
      ) : (
        <Stack gap={3} align="flex-start">
          <Text>You have no VIP subscription.</Text>
          <ButtonLink to="/vip" variant="secondary" size="sm">
            See VIP plans
          </ButtonLink>
        </Stack>
      )}
      {withdrawal.dialog}
    </SettingsSection>
  );
}
