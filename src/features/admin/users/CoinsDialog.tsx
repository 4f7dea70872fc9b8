import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { AdminUser } from '../../../../contract/admin/console';
import { MAX_COIN_ADJUSTMENT } from '../../../../contract/coins/admin';
import type { CoinEntryKind } from '../../../../contract/coins/ledger';
import { adjustMemberCoins, adminCoinKeys, adminMemberCoinsQueryOptions } from '../../../api/coins/admin';
import { Button, Dialog, Field, Input, Notice, Pagination, Select, Stack, Table, Text } from '../../../ui';
import { CellTime, TableHead } from '../shared/AdminTable';
import { formatCount, formatDateTime } from '../shared/format';
import { LoadFailedNotice, LoadingState } from '../shared/LoadStates';
import { applyUserChange } from './user-cache';

const KIND_LABELS: Record<CoinEntryKind, string> = {
  purchased: 'Bought',
  earned: 'Earned',
  granted: 'Granted',
  taken: 'Taken',
  spent: 'Spent',
  refunded: 'Refunded',
  restored: 'Refund failed, restored',
  held: 'Held (dispute)',
  released: 'Released (dispute won)',
  settled: 'Settled what was owed',
};
const COLUMNS = ['When', 'What', 'Coins', 'Balance'];

type Direction = 'grant' | 'take';

const coinsText = (count: number) => `${formatCount(count)} ${count === 1 ? 'coin' : 'coins'}`;
const signed = (amount: number) => (amount > 0 ? `+${formatCount(amount)}` : `−${formatCount(-amount)}`);

/** The count typed, or why it cannot be used. */
function readCount(text: string): { count: number } | { error: string } {
  if (!/^\d+$/.test(text.trim())) return { error: 'Enter a whole number of coins' };
  const count = Number(text.trim());
  if (count < 1 || count > MAX_COIN_ADJUSTMENT) return { error: `Enter 1 to ${formatCount(MAX_COIN_ADJUSTMENT)} coins` };
  return { count };
}

export interface CoinsDialogProps {
  user: AdminUser;
  onClose: () => void;
}

/**
 * A member's coins as an operator sees them: the balance, the ledger (newest
 * first) and a grant or take with a reason, which is a ledger entry like any
 * other and goes in the audit log.
 */
export function CoinsDialog({ user, onClose }: CoinsDialogProps) {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const history = useQuery(adminMemberCoinsQueryOptions(user._id, page));
  const [direction, setDirection] = useState<Direction>('grant');
  const [countText, setCountText] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ count?: string; reason?: string }>({});
  // One id per change the operator makes: a retry of the same change (a lost answer, a double click) moves the coins once.
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());

  const adjust = useMutation({
    mutationFn: (amount: number) => adjustMemberCoins(user._id, { amount, reason: reason.trim(), requestId }),
    onSuccess: (answer) => {
      applyUserChange(queryClient, answer.user);
      void queryClient.invalidateQueries({ queryKey: adminCoinKeys.memberAll(user._id) });
      setPage(1);
      setCountText('');
      setReason('');
      setRequestId(crypto.randomUUID());
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const read = readCount(countText);
    const next = { count: 'error' in read ? read.error : undefined, reason: reason.trim() ? undefined : 'A reason is required' };
    setErrors(next);
    if ('error' in read || next.reason) return;
    adjust.mutate(direction === 'grant' ? read.count : -read.count);
  };

  const balance = history.data?.balance ?? user.coins;
  let ledger;
  if (history.isPending) ledger = <LoadingState label="Loading coins" />;
  else if (history.isError) ledger = <LoadFailedNotice onRetry={() => void history.refetch()}>{history.error.message}</LoadFailedNotice>;
  else if (history.data.entries.length === 0) ledger = <Text tone="muted">{`${user.name} has no coin history yet.`}</Text>;
  else {
    ledger = (
      <>
        <Table label={`Coin history of ${user.username}`} aria-busy={history.isFetching}>
          <TableHead columns={COLUMNS} />
          <tbody>
            {history.data.entries.map((entry) => (
              <tr key={entry._id}>
                <td>
                  <CellTime iso={entry.createdAt} text={formatDateTime(entry.createdAt)} />
                </td>
                <td>
                  {KIND_LABELS[entry.kind]}: {entry.reference}
                </td>
                <td>{signed(entry.amount)}</td>
                <td>{formatCount(entry.balanceAfter)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
        {history.data.totalPages > 1 ? (
          <Pagination label="Coin history pages" page={history.data.currentPage} totalPages={history.data.totalPages} onChange={setPage} />
        ) : null}
      </>
    );
  }

  return (
    <Dialog open onClose={onClose} title={`Coins of ${user.name}`}>
      <Stack gap={4}>
        <Text>
          {`@${user.username} holds `}
          <strong>{coinsText(balance)}</strong>
          {user.coinsOwed > 0 ? ` and owes ${coinsText(user.coinsOwed)} from a reversed payment (settled from new coins first; spending is paused until then)` : ''}
        </Text>
        <div role="status">{adjust.isSuccess ? <Notice tone="success">{adjust.data.message}</Notice> : null}</div>
        <form onSubmit={submit} noValidate aria-label="Grant or take coins">
          <Stack gap={3}>
            <Field label="Change">
              <Select value={direction} onChange={(event) => setDirection(event.target.value === 'take' ? 'take' : 'grant')}>
                <option value="grant">Grant coins</option>
                <option value="take">Take coins</option>
              </Select>
            </Field>
            <Field label="Coins" error={errors.count}>
              <Input inputMode="numeric" autoComplete="off" value={countText} onChange={(event) => setCountText(event.target.value)} />
            </Field>
            <Field label="Reason" hint="Shown in the member's coin history and the audit log" error={errors.reason}>
              <Input value={reason} maxLength={200} onChange={(event) => setReason(event.target.value)} />
            </Field>
            {adjust.isError ? <Notice tone="error">{adjust.error.message}</Notice> : null}
            <Button type="submit" variant={direction === 'take' ? 'danger' : 'primary'} loading={adjust.isPending} loadingLabel="Saving...">
              {direction === 'take' ? 'Take coins' : 'Grant coins'}
            </Button>
          </Stack>
        </form>
        {ledger}
      </Stack>
    </Dialog>
  );
}
