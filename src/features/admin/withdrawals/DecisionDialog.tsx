import { useState, type FormEvent } from 'react';
import type { Withdrawal } from '../../../../contract/admin';
import { Button, Dialog, Field, Input, Notice, Stack, Text, Textarea } from '../../../ui';
import { formatCount, formatCurrency } from '../shared/format';

export type DecisionKind = 'approve' | 'reject';

interface DecisionDialogProps {
  kind: DecisionKind;
  withdrawal: Withdrawal | null;
  busy: boolean;
  error: string | null;
  onDecide: (value: string) => void;
  onClose: () => void;
}

const COPY = {
  approve: {
    title: 'Approve withdrawal',
    label: 'Transaction id',
    hint: 'The reference of the payout you sent, e.g. PAYPAL-8F2K1.',
    required: 'Transaction id is required',
    submit: 'Approve',
    busy: 'Approving...',
  },
  reject: {
    title: 'Reject withdrawal',
    label: 'Reason',
    hint: 'Tell the member why the payout was refused.',
    required: 'A reason is required to reject a withdrawal',
    submit: 'Reject',
    busy: 'Rejecting...',
  },
} as const;

/** Approving needs the payout's transaction id; rejecting needs a reason. */
export function DecisionDialog({ kind, withdrawal, busy, error, onDecide, onClose }: DecisionDialogProps) {
  const [value, setValue] = useState('');
  const [missing, setMissing] = useState(false);
  const copy = COPY[kind];

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!value.trim()) {
      setMissing(true);
      return;
    }
    onDecide(value.trim());
  };

  return (
    <Dialog open={withdrawal !== null} onClose={onClose} title={copy.title}>
      <form onSubmit={submit} noValidate aria-label={copy.title}>
        <Stack gap={4}>
          {withdrawal && (
            <Text size="sm">
              {formatCurrency(withdrawal.amountMoney, withdrawal.currency)} ({formatCount(withdrawal.amountCoins)} coins) to{' '}
              {withdrawal.user.username} by {withdrawal.method}
            </Text>
          )}
          <Field label={copy.label} hint={copy.hint} error={missing ? copy.required : undefined}>
            {kind === 'approve' ? (
              <Input name="txnId" autoComplete="off" value={value} onChange={(event) => setValue(event.target.value)} required />
            ) : (
              <Textarea name="reason" rows={3} value={value} onChange={(event) => setValue(event.target.value)} required />
            )}
          </Field>
          {error && <Notice tone="error">{error}</Notice>}
          <Stack gap={2}>
            <Button type="submit" variant={kind === 'approve' ? 'primary' : 'danger'} loading={busy} loadingLabel={copy.busy}>
              {copy.submit}
            </Button>
            <Button type="button" variant="secondary" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
          </Stack>
        </Stack>
      </form>
    </Dialog>
  );
}
