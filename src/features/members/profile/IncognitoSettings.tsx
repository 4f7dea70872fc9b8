import type { User } from '../../../../contract/members/profile';
import { ButtonLink, Cluster, Stack, Text } from '../../../ui';
import { AccountSwitch } from './AccountSwitch';
import { SettingsHeading } from './SettingsSection';

/**
 * Settings, Incognito (a VIP benefit): only the people the member liked find
 * them in Discover, Spin and the radar. The server decides who may turn it on;
 * this only says why the switch is locked for a free member.
 */
export function IncognitoSettings({ user }: { user: User }) {
  // Turning it off is always allowed, so someone whose VIP ended can still clear a choice that no longer hides them.
  const locked = !user.isVIP && !user.incognito;
  const details = user.isVIP ? (
    <Text tone="muted" size="sm">
      It works while your VIP lasts: when VIP ends, everyone can find you again. Your profile page and your chats stay as they are.
    </Text>
  ) : (
    <Cluster gap={3}>
      <Text size="sm">
        {user.incognito ? 'Incognito is a VIP feature. Your VIP has ended, so everyone can find you again until you renew it.' : 'Incognito is a VIP feature.'}
      </Text>
      <ButtonLink to="/vip" variant="secondary" size="sm">
        Get VIP
      </ButtonLink>
    </Cluster>
  );

  return (
    <Stack gap={3}>
      <SettingsHeading>Incognito</SettingsHeading>
      <AccountSwitch
        user={user}
        field="incognito"
        label="Incognito mode"
        hint="Only people you like can see you in Discover, Spin and the radar."
        details={details}
        locked={locked}
      />
    </Stack>
  );
}
