import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { AdminUser, MakeVipBody } from '../../../../contract/admin/console';
import { adminVipPlansQueryOptions } from '../../../api/admin/console';
import { Field, Input, Notice, Select, Text } from '../../../ui';
import { FormDialog } from '../shared/FormDialog';

interface MakeVipDialogProps {
  user: AdminUser | null;
  busy: boolean;
  error: string | null;
  onGrant: (grant: MakeVipBody) => void;
  onClose: () => void;
}

const DEFAULT_CHOICE = 'default';
const CUSTOM_CHOICE = 'custom';

/** Grant a plan (its name and length) or a number of days; the default is the Gold plan's 30 days. */
export function MakeVipDialog({ user, busy, error, onGrant, onClose }: MakeVipDialogProps) {
  const plans = useQuery({ ...adminVipPlansQueryOptions(), enabled: user !== null });
  const [choice, setChoice] = useState(DEFAULT_CHOICE);
  const [days, setDays] = useState('30');
  const [daysError, setDaysError] = useState<string | undefined>();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (choice === DEFAULT_CHOICE) return onGrant({});
    if (choice !== CUSTOM_CHOICE) return onGrant({ planId: choice });
    const count = Number(days);
    if (!Number.isInteger(count) || count < 1 || count > 3650) {
      setDaysError('Duration must be between 1 and 3650 days');
      return;
    }
    setDaysError(undefined);
    onGrant({ days: count });
  };

  const close = () => {
    setChoice(DEFAULT_CHOICE);
    setDaysError(undefined);
    onClose();
  };

  return (
    <FormDialog
      open={user !== null}
      title={user ? `Make ${user.username} VIP` : 'Make VIP'}
      formLabel="Make VIP"
      submitLabel="Make VIP"
      busyLabel="Granting..."
      busy={busy}
      error={error}
      onSubmit={submit}
      onClose={close}
    >
      <Text tone="muted" size="sm">
        A running membership is extended from its current end date.
      </Text>
      <Field label="Membership">
        <Select value={choice} onChange={(event) => setChoice(event.target.value)}>
          <option value={DEFAULT_CHOICE}>Gold plan, 30 days (default)</option>
          {(plans.data ?? [])
            .filter((plan) => plan.active)
            .map((plan) => (
              <option key={plan._id} value={plan._id}>
                {plan.name}, {plan.duration} days
              </option>
            ))}
          <option value={CUSTOM_CHOICE}>Custom number of days</option>
        </Select>
      </Field>
      {choice === CUSTOM_CHOICE && (
        <Field label="Days" error={daysError}>
          <Input type="number" inputMode="numeric" min={1} max={3650} value={days} onChange={(event) => setDays(event.target.value)} />
        </Field>
      )}
      {plans.isError && <Notice tone="error">{plans.error.message}</Notice>}
    </FormDialog>
  );
}
