import styled from 'styled-components';
import type { Withdrawal, WithdrawalStatus } from '../../../../contract/admin/console';
import { Badge, Button, px, Table, type BadgeTone } from '../../../ui';
import { CellTitle, RowActions } from '../shared/AdminScreen';
import { CellTime, TableHead } from '../shared/AdminTable';
import { formatCount, formatCurrency, formatDate, formatDateTime } from '../shared/format';
import { memberName } from './member-name';

const STATUS_BADGES: Record<WithdrawalStatus, { tone: BadgeTone; label: string }> = {
  pending: { tone: 'neutral', label: 'Pending' },
  approved: { tone: 'success', label: 'Approved' },
  rejected: { tone: 'danger', label: 'Rejected' },
  returned: { tone: 'danger', label: 'Returned' },
};

const COLUMNS = ['Member', 'Status', 'Amount', 'Decision', 'Method', 'Requested'];

interface WithdrawalsTableProps {
  withdrawals: Withdrawal[];
  busy: boolean;
  onApprove: (withdrawal: Withdrawal) => void;
  onReject: (withdrawal: Withdrawal) => void;
  onReturned: (withdrawal: Withdrawal) => void;
  onCheckIdentity: (withdrawal: Withdrawal) => void;
}

export function WithdrawalsTable({ withdrawals, busy, onApprove, onReject, onReturned, onCheckIdentity }: WithdrawalsTableProps) {
  return (
    <Table label="Withdrawals" aria-busy={busy}>
      <TableHead columns={COLUMNS} />
      <tbody>
        {withdrawals.map((withdrawal) => {
          const status = STATUS_BADGES[withdrawal.status];
          return (
            <tr key={withdrawal._id}>
              <td>
                <CellTitle>
                  <span>{memberName(withdrawal)}</span>
                  {withdrawal.user && <span>{withdrawal.user.email}</span>}
                  {withdrawal.identity && (
                    <span>
                      {withdrawal.identity.legalName}, born {withdrawal.identity.birthDate}; tax id {withdrawal.identity.taxId}
                    </span>
                  )}
                  {withdrawal.identity && <span>{withdrawal.identity.address}</span>}
                </CellTitle>
                {withdrawal.identity?.checkedAt ? (
                  <Badge tone="success">Identity checked</Badge>
                ) : withdrawal.identity && withdrawal.status === 'pending' ? (
                  <Button type="button" size="sm" variant="secondary" onClick={() => onCheckIdentity(withdrawal)} aria-label={`Check the identity of ${memberName(withdrawal)}`}>
                    Check identity
                  </Button>
                ) : null}
              </td>
              <td>
                <Badges>
                  <Badge tone={status.tone}>{status.label}</Badge>
                  {withdrawal.frozen && withdrawal.status === 'pending' && <Badge tone="danger">Frozen: member banned</Badge>}
                  {withdrawal.test && <Badge tone="neutral">Test</Badge>}
                  {withdrawal.giftsFromOwnAddress > 0 && (
                    <Badge tone="danger">
                      {withdrawal.giftsFromOwnAddress === 1 ? '1 gift' : `${formatCount(withdrawal.giftsFromOwnAddress)} gifts`} from their own address
                    </Badge>
                  )}
                  {withdrawal.openReports > 0 && (
                    <Badge tone="danger">{withdrawal.openReports === 1 ? '1 open report' : `${formatCount(withdrawal.openReports)} open reports`}</Badge>
                  )}
                  {withdrawal.owed.amountMinor > 0 && <Badge tone="danger">Owes {formatCurrency(withdrawal.owed)}</Badge>}
                </Badges>
              </td>
              <td>
                <CellTitle>
                  <span>{formatCurrency(withdrawal.amount)}</span>
                  {withdrawal.amountCoins !== null && <span>{formatCount(withdrawal.amountCoins)} coins</span>}
                  {withdrawal.fee && (
                    <span>
                      Fee {formatCurrency(withdrawal.fee)}, sent {formatCurrency({ amountMinor: withdrawal.amount.amountMinor - withdrawal.fee.amountMinor, currency: withdrawal.amount.currency })}
                    </span>
                  )}
                  {withdrawal.account && <span>Earned in all {formatCurrency(withdrawal.earned)}</span>}
                </CellTitle>
              </td>
              <td>
                {withdrawal.status === 'pending' ? (
                  <RowActions>
                    <Button
                      type="button"
                      size="sm"
                      disabled={withdrawal.frozen}
                      onClick={() => onApprove(withdrawal)}
                      aria-label={`Approve withdrawal of ${memberName(withdrawal)}`}
                    >
                      Approve
                    </Button>
                    <Button
                      type="button"
                      size="sm"
                      variant="danger"
                      onClick={() => onReject(withdrawal)}
                      aria-label={`Reject withdrawal of ${memberName(withdrawal)}`}
                    >
                      Reject
                    </Button>
                  </RowActions>
                ) : (
                  <Outcome>
                    {withdrawal.status === 'approved' ? `Txn ${withdrawal.txnId ?? '—'}` : withdrawal.reason}
                    <span>{formatDateTime(withdrawal.decidedAt)}</span>
                    {withdrawal.status === 'approved' && withdrawal.account && (
                      <Button type="button" size="sm" variant="secondary" onClick={() => onReturned(withdrawal)} aria-label={`Mark the payout to ${memberName(withdrawal)} returned`}>
                        Mark returned
                      </Button>
                    )}
                  </Outcome>
                )}
              </td>
              <td>
                <CellTitle>
                  <span>{withdrawal.method}</span>
                  {withdrawal.account && <span>{withdrawal.account}</span>}
                  {withdrawal.memberSince && <span>Member since {formatDate(withdrawal.memberSince)}</span>}
                </CellTitle>
              </td>
              <td>
                <CellTime iso={withdrawal.createdAt} text={formatDateTime(withdrawal.createdAt)} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}

const Badges = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => px(theme.space[1])};
`;

const Outcome = styled.div`
  display: flex;
  flex-direction: column;
  min-width: 20ch;
  max-width: 32ch;
  color: ${({ theme }) => theme.colors.neutralText};
  font-size: ${({ theme }) => px(theme.font.sizes.xs)};

  span {
    color: ${({ theme }) => theme.colors.muted};
  }
`;
