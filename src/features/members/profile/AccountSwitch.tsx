import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import type { UpdateProfileBody, User } from '../../../../contract/members/profile';
import { currentUserQueryOptions, updateMyProfile } from '../../../api/members';
import { Checkbox, Notice, Text } from '../../../ui';

/** The account's on/off settings that Settings shows as switches. */
export type AccountSwitchField = 'activityVisible' | 'readReceipts' | 'incognito';

export interface AccountSwitchProps {
  user: User;
  field: AccountSwitchField;
  label: string;
  /** What the switch does, read with it. */
  hint: ReactNode;
  /** More under the hint, read with the switch too (why it is locked, when it applies). */
  details?: ReactNode;
  /** The switch cannot be changed now (`details` says why). */
  locked?: boolean;
}

/**
 * One of the account's settings as a switch, saved as it is switched. It
 * shows the click at once and stays disabled until the save settles; a
 * failure puts the saved value back and shows the server's reason. (The
 * mutation's own pending state reaches React a tick after the click, and a
 * switch following it would flick back meanwhile.)
 */
export function AccountSwitch({ user, field, label, hint, details, locked = false }: AccountSwitchProps) {
  const queryClient = useQueryClient();
  const hintId = useId();
  const detailsId = useId();
  const [beingSaved, setBeingSaved] = useState<boolean | null>(null);
  const save = useMutation({
    mutationFn: (on: boolean) => {
      const change: UpdateProfileBody = {};
      change[field] = on;
      return updateMyProfile(change);
    },
    onSuccess: (saved: User) => queryClient.setQueryData(currentUserQueryOptions().queryKey, saved),
    onSettled: () => setBeingSaved(null),
  });

  return (
    <>
      <Checkbox
        role="switch"
        label={label}
        aria-describedby={details ? `${hintId} ${detailsId}` : hintId}
        checked={beingSaved ?? user[field]}
        disabled={locked || beingSaved !== null}
        onChange={(event) => {
          setBeingSaved(event.target.checked);
          save.mutate(event.target.checked);
        }}
      />
      <Text tone="muted" size="sm" id={hintId}>
        {hint}
      </Text>
      {details ? <div id={detailsId}>{details}</div> : null}
      {save.isError ? <Notice tone="error">{save.error.message}</Notice> : null}
    </>
  );
}
