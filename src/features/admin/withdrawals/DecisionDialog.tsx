import type { Withdrawal } from '../../../../contract/admin/console';
import { Field, Input, Text, Textarea } from '../../../ui';
import { formatCount, formatCurrency } from '../shared/format';
import { FormDialog } from '../shared/FormDialog';
import { useRequiredText } from '../shared/useRequiredText';
import { memberName } from './member-name';

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
  const answer = useRequiredText(onDecide);
  const copy = COPY[kind];

  return (
    <FormDialog
      open={withdrawal !== null}
      title={copy.title}
      submitLabel={copy.submit}
      busyLabel={copy.busy}
      submitVariant={kind === 'approve' ? 'primary' : 'danger'}
      busy={busy}
      error={error}
      onSubmit={answer.submit}
      onClose={onClose}
    >
      {withdrawal && (
        <Text size="sm">
          {formatCurrency(withdrawal.amount)} ({formatCount(withdrawal.amountCoins)} coins) to{' '}
          {memberName(withdrawal)} by {withdrawal.method}
        </Text>
      )}
      <Field label={copy.label} hint={copy.hint} error={answer.missing ? copy.required : undefined}>
        {kind === 'approve' ? (
          <Input name="txnId" autoComplete="off" value={answer.value} onChange={(event) => answer.setValue(event.target.value)} required />
        ) : (
          <Textarea name="reason" rows={3} value={answer.value} onChange={(event) => answer.setValue(event.target.value)} required />
        )}
      </Field>
    </FormDialog>
  );
}
