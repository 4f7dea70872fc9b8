import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Withdrawal } from '../../../../contract/admin/console';
import { adminKeys, recordIdentityChecked } from '../../../api/admin/console';
import { Checkbox, Text } from '../../../ui';
import { FormDialog } from '../shared/FormDialog';
import { memberName } from './member-name';

interface IdentityCheckDialogProps {
  withdrawal: Withdrawal | null;
  onDone: (message: string) => void;
  onClose: () => void;
}

const SCREENED = 'I checked these details against their documents and screened the name against sanctions lists: no match';

/** Records a creator's identity as checked, with the sanctions screening, before their first payout is approved. */
export function IdentityCheckDialog({ withdrawal, onDone, onClose }: IdentityCheckDialogProps) {
  const queryClient = useQueryClient();
  const [screened, setScreened] = useState(false);
  const check = useMutation({
    mutationFn: recordIdentityChecked,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: adminKeys.withdrawalsAll() });
      if (withdrawal) onDone(`Identity checked: ${memberName(withdrawal)}`);
    },
  });
  const identity = withdrawal?.identity;
  return (
    <FormDialog
      open={withdrawal !== null}
      title="Check identity"
      submitLabel="Record as checked"
      busyLabel="Recording..."
      busy={check.isPending}
      error={check.isError ? check.error.message : null}
      onSubmit={(event) => {
        event.preventDefault();
        if (withdrawal?.user && screened) check.mutate(withdrawal.user._id);
      }}
      onClose={onClose}
    >
      {identity ? (
        <Text size="sm">
          {identity.legalName}, born {identity.birthDate}, {identity.address}; tax id {identity.taxId}
        </Text>
      ) : null}
      <Checkbox label={SCREENED} checked={screened} onChange={(event) => setScreened(event.target.checked)} required />
    </FormDialog>
  );
}
