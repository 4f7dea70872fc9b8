import { useState } from 'react';
import type { Withdrawal } from '../../../../contract/admin/console';
import { parseMajorAmount } from '../../../../contract/store/money-units';
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
  /** `feeMinor`: what the payout cost, taken out of the amount (approve only; 0 otherwise). */
  onDecide: (value: string, feeMinor: number) => void;
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
  const [feeText, setFeeText] = useState('0');
  const [feeError, setFeeError] = useState<string | null>(null);
  const feeMinor = withdrawal ? parseMajorAmount(feeText, withdrawal.amount.currency) : null;
  const feeFits = withdrawal !== null && feeMinor !== null && feeMinor <= withdrawal.amount.amountMinor;
  const answer = useRequiredText((text) => {
    if (kind !== 'approve') onDecide(text, 0);
    else if (feeFits) onDecide(text, feeMinor);
    else setFeeError(`Enter a fee from 0 to ${withdrawal ? formatCurrency(withdrawal.amount) : 'the amount'}`);
  });
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
      {kind === 'approve' && withdrawal && (
        <Field
          label={`Fee (${withdrawal.amount.currency})`}
          hint={
            feeFits
              ? `What the payout cost, out of the amount: ${formatCurrency({ amountMinor: withdrawal.amount.amountMinor - feeMinor, currency: withdrawal.amount.currency })} reached the member.`
              : 'What the payout cost, out of the amount.'
          }
          error={feeError ?? undefined}
        >
          <Input
            name="fee"
            inputMode="decimal"
            autoComplete="off"
            value={feeText}
            onChange={(event) => {
              setFeeText(event.target.value);
              setFeeError(null);
            }}
          />
        </Field>
      )}
    </FormDialog>
  );
}
