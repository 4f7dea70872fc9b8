import { useMemo, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { majorAmountText, parseMajorAmount } from '../../../contract/store/money-units';
import { PAYOUT_METHOD_LABELS, type EarningsBalance, type PayoutMethod } from '../../../contract/creators';
import { withdrawalMachine, type WithdrawalDraft, type WithdrawalSubmission } from '../../../machines/creators/withdrawal.machine';
import { creatorKeys, requestWithdrawal } from '../../api/creators';
import { Button, Cluster, Dialog, Field, Input, Notice, Select, Stack, Text } from '../../ui';
import { formatPrice } from '../store/format';

interface WithdrawDialogProps {
  balance: EarningsBalance;
  minimumMinor: number;
  /** No withdrawal before the creator gave their identity for payouts. */
  identityGiven: boolean;
}

const ACCOUNT_FIELDS: Record<PayoutMethod, { label: string; hint: string; autoComplete: string }> = {
  paypal: { label: 'PayPal email', hint: 'The address of the PayPal account to pay.', autoComplete: 'email' },
  iban: { label: 'IBAN', hint: 'The bank account in your name, e.g. DE89 3704 0044 0532 0130 00.', autoComplete: 'off' },
};

const describeDraft = (draft: WithdrawalDraft) => `${formatPrice({ amountMinor: draft.amountMinor, currency: draft.currency })} to ${PAYOUT_METHOD_LABELS[draft.method]} ${draft.account}`;

/**
 * "Withdraw" beside a withdrawable balance (machines/creators/withdrawal.machine.ts):
 * the amount and where to pay it, a review, then the request; the server
 * holds the amount at once and the list below shows it as Requested.
 */
export function WithdrawDialog({ balance, minimumMinor, identityGiven }: WithdrawDialogProps) {
  const queryClient = useQueryClient();
  const logic = useMemo(
    () =>
      withdrawalMachine.provide({
        actors: {
          requestWithdrawal: fromPromise<Awaited<ReturnType<typeof requestWithdrawal>>['withdrawal'], WithdrawalSubmission>(async ({ input }) => {
            const answer = await requestWithdrawal(input);
            await queryClient.invalidateQueries({ queryKey: creatorKeys.status() });
            return answer.withdrawal;
          }),
        },
      }),
    [queryClient],
  );
  const actor = useActorRef(logic);
  const snapshot = useSelector(actor, (current) => current);
  const { currency, test, withdrawableMinor } = balance;
  const [amount, setAmount] = useState(majorAmountText(withdrawableMinor, currency));
  const [method, setMethod] = useState<PayoutMethod>('paypal');
  const [account, setAccount] = useState('');
  const [amountError, setAmountError] = useState<string | null>(null);
  const { draft, error } = snapshot.context;
  const title = test ? 'Withdraw test earnings' : 'Withdraw earnings';
  const limits = `${formatPrice({ amountMinor: minimumMinor, currency })} to ${formatPrice({ amountMinor: withdrawableMinor, currency })}`;

  const review = (event: FormEvent) => {
    event.preventDefault();
    const amountMinor = parseMajorAmount(amount, currency);
    if (amountMinor === null || amountMinor < minimumMinor || amountMinor > withdrawableMinor) {
      setAmountError(`Enter an amount from ${limits}`);
      return;
    }
    setAmountError(null);
    actor.send({ type: 'REVIEW', draft: { amountMinor, currency, test, method, account: account.trim() } });
  };

  const editing = snapshot.matches('editing');
  return (
    <>
      <Button type="button" size="sm" disabled={!identityGiven || withdrawableMinor < minimumMinor} onClick={() => actor.send({ type: 'OPEN' })}>
        Withdraw
      </Button>
      <Dialog open={!snapshot.matches('closed')} onClose={() => actor.send({ type: 'CLOSE' })} title={title}>
        {editing ? (
          <form onSubmit={review} noValidate aria-label={title}>
            <Stack gap={3}>
              <Field label={`Amount (${currency})`} hint={`From ${limits}`} error={amountError ?? undefined}>
                <Input name="amount" inputMode="decimal" value={amount} onChange={(event) => setAmount(event.target.value)} required />
              </Field>
              <Field label="Pay to">
                <Select name="method" value={method} onChange={(event) => setMethod(event.target.value as PayoutMethod)}>
                  <option value="paypal">{PAYOUT_METHOD_LABELS.paypal}</option>
                  <option value="iban">{PAYOUT_METHOD_LABELS.iban}</option>
                </Select>
              </Field>
              <Field label={ACCOUNT_FIELDS[method].label} hint={ACCOUNT_FIELDS[method].hint}>
                <Input name="account" autoComplete={ACCOUNT_FIELDS[method].autoComplete} value={account} onChange={(event) => setAccount(event.target.value)} required />
              </Field>
              <div>
                <Button type="submit">Review</Button>
              </div>
            </Stack>
          </form>
        ) : (
          <Stack gap={3}>
            {draft ? <Text>Withdraw {describeDraft(draft)}?</Text> : null}
            {snapshot.matches('confirming') || snapshot.matches('submitting') ? (
              <>
                <Text tone="muted" size="sm">
                  The amount is held at once. An admin pays it and gives you the payout&apos;s reference{test ? ' (test earnings: no money is sent)' : ''}.
                </Text>
                <Cluster gap={2}>
                  <Button type="button" loading={snapshot.matches('submitting')} loadingLabel="Requesting..." onClick={() => actor.send({ type: 'CONFIRM', requestId: crypto.randomUUID() })}>
                    Confirm withdrawal
                  </Button>
                  <Button type="button" variant="secondary" disabled={snapshot.matches('submitting')} onClick={() => actor.send({ type: 'EDIT' })}>
                    Change
                  </Button>
                </Cluster>
              </>
            ) : null}
            {snapshot.matches('requested') ? (
              <>
                <Notice tone="success">Withdrawal requested. It shows below as Requested until an admin pays it.</Notice>
                <div>
                  <Button type="button" onClick={() => actor.send({ type: 'CLOSE' })}>
                    Done
                  </Button>
                </div>
              </>
            ) : null}
            {snapshot.matches('failed') ? (
              <>
                <Notice tone="error">{error}</Notice>
                <Cluster gap={2}>
                  <Button type="button" onClick={() => actor.send({ type: 'RETRY' })}>
                    Try again
                  </Button>
                  <Button type="button" variant="secondary" onClick={() => actor.send({ type: 'EDIT' })}>
                    Change
                  </Button>
                </Cluster>
              </>
            ) : null}
          </Stack>
        )}
      </Dialog>
    </>
  );
}
