import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { User } from '../../../../contract/members/profile';
import { currentUserQueryOptions, updateMyProfile } from '../../../api/members';
import { Checkbox, Notice, Stack, Text } from '../../../ui';
import { SettingsHeading } from './SettingsSection';

/** Settings, Activity: whether others see when the member was last active, and that they are online. */
export function ActivitySettings({ user }: { user: User }) {
  const queryClient = useQueryClient();
  const hintId = useId();
  const [beingSaved, setBeingSaved] = useState<boolean | null>(null);
  const save = useMutation({
    mutationFn: (activityVisible: boolean) => updateMyProfile({ activityVisible }),
    onSuccess: (saved: User) => queryClient.setQueryData(currentUserQueryOptions().queryKey, saved),
    onSettled: () => setBeingSaved(null),
  });
  const activityVisible = beingSaved ?? user.activityVisible;

  return (
    <Stack gap={3}>
      <SettingsHeading>Activity</SettingsHeading>
      <Checkbox
        role="switch"
        label="Show when I was active"
        aria-describedby={hintId}
        checked={activityVisible}
        disabled={beingSaved !== null}
        onChange={(event) => {
          setBeingSaved(event.target.checked);
          save.mutate(event.target.checked);
        }}
      />
      <Text tone="muted" size="sm" id={hintId}>
        Others see roughly when you were last active (today, this week) and when you are online. When this is off, they see neither.
      </Text>
      {save.isError ? <Notice tone="error">{save.error.message}</Notice> : null}
    </Stack>
  );
}
