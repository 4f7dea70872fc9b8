import type { Withdrawal } from '../../../../contract/admin/console';
import { Field, Input, Text, Textarea } from '../../../ui';
import { formatCurrency } from '../shared/format';
import { FormDialog } from '../shared/FormDialog';
import { useRequiredText } from '../shared/useRequiredText';
import { memberName } from './member-name';

export type DecisionKind = 'approve' | 'reject' | 'returned';

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
  returned: {
    title: 'Mark payout returned',
    label: 'Reason',
    hint: 'Why the payout came back, e.g. the account was closed. Its amount goes back to the member\'s earnings.',
    required: 'Say why the payout came back',
    submit: 'Mark returned',
    busy: 'Marking...',
  },
} as const;

/** Approving needs the payout's transaction id; rejecting, or marking a payout returned, needs a reason. */
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
          {formatCurrency(withdrawal.amount)}
          {withdrawal.test ? ' (test earnings: no money to send)' : ''} to {memberName(withdrawal)} by {withdrawal.method}
          {withdrawal.account ? `: ${withdrawal.account}` : ''}
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
