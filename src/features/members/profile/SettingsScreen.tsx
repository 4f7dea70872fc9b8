import { useQuery } from '@tanstack/react-query';
import { currentUserQueryOptions } from '../../../api/members';
import { Card, ErrorState, ScreenFrame, Skeleton, Stack } from '../../../ui';
import type { currentPosition } from './geolocation';
import { SettingsHeadingLevel } from './SettingsSection';
import { SettingsSections } from './SettingsSections';

export interface SettingsScreenProps {
  /** Injected so tests need no real browser position. */
  locate?: typeof currentPosition;
}

/**
 * Settings as a page of its own (/settings), where the header's account menu
 * leads: the same sections as the Settings dialog on the own profile.
 */
export function SettingsScreen({ locate }: SettingsScreenProps) {
  const me = useQuery(currentUserQueryOptions());
  let content;
  if (me.isPending) {
    content = (
      <Card role="status" aria-busy="true" aria-label="Loading settings">
        <Stack gap={3}>
          <Skeleton width="40%" />
          <Skeleton width="80%" />
          <Skeleton width="60%" />
        </Stack>
      </Card>
    );
  } else if (me.isError) {
    content = <ErrorState title="Error Loading Settings" text={me.error.message} action={{ label: 'Try Again', onClick: () => void me.refetch() }} />;
  } else {
    content = (
      <Card>
        <SettingsHeadingLevel.Provider value={2}>
          <SettingsSections user={me.data} locate={locate} />
        </SettingsHeadingLevel.Provider>
      </Card>
    );
  }
  return (
    <ScreenFrame title="Settings" subtitle="Who you want to meet, your location on the radar, blocked people, password, devices and data.">
      {content}
    </ScreenFrame>
  );
}
