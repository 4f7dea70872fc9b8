import styled from 'styled-components';
import type { Withdrawal, WithdrawalStatus } from '../../../../contract/admin/console';
import { Badge, Button, px, Table, type BadgeTone } from '../../../ui';
import { CellTitle, RowActions } from '../shared/AdminScreen';
import { CellTime, TableHead } from '../shared/AdminTable';
import { formatCount, formatCurrency, formatDateTime } from '../shared/format';
import { memberName } from './member-name';

const STATUS_BADGES: Record<WithdrawalStatus, { tone: BadgeTone; label: string }> = {
  pending: { tone: 'neutral', label: 'Pending' },
  approved: { tone: 'success', label: 'Approved' },
  rejected: { tone: 'danger', label: 'Rejected' },
};

const COLUMNS = ['Member', 'Status', 'Amount', 'Decision', 'Method', 'Requested'];

interface WithdrawalsTableProps {
  withdrawals: Withdrawal[];
  busy: boolean;
  onApprove: (withdrawal: Withdrawal) => void;
  onReject: (withdrawal: Withdrawal) => void;
}

export function WithdrawalsTable({ withdrawals, busy, onApprove, onReject }: WithdrawalsTableProps) {
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
                </CellTitle>
              </td>
              <td>
                <Badge tone={status.tone}>{status.label}</Badge>
              </td>
              <td>
                <CellTitle>
                  <span>{formatCurrency(withdrawal.amount)}</span>
                  <span>{formatCount(withdrawal.amountCoins)} coins</span>
                </CellTitle>
              </td>
              <td>
                {withdrawal.status === 'pending' ? (
                  <RowActions>
                    <Button type="button" size="sm" onClick={() => onApprove(withdrawal)} aria-label={`Approve withdrawal of ${memberName(withdrawal)}`}>
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
                  </Outcome>
                )}
              </td>
              <td>{withdrawal.method}</td>
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
