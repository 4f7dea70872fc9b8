import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Withdrawal, WithdrawalActionResponse, WithdrawalListResponse, WithdrawalStatus } from '../../../../contract/admin/console';
import { adminKeys, adminWithdrawalsQueryOptions, approveWithdrawal, markWithdrawalReturned, rejectWithdrawal, type WithdrawalsParams } from '../../../api/admin/console';
import { ApiError } from '../../../api/client';
import { loadedByRoute } from '../../../lib/page-data';
import { EmptyState, ErrorState, Field, Pagination, Select } from '../../../ui';
import { ActionNoticeBar } from '../shared/ActionNoticeBar';
import { AdminPageHeader } from '../shared/AdminPageHeader';
import { AdminScreen, FilterBar } from '../shared/AdminScreen';
import { LoadingState } from '../shared/LoadStates';
import { useActionNotice } from '../shared/useActionNotice';
import { DecisionDialog, type DecisionKind } from './DecisionDialog';
import { IdentityCheckDialog } from './IdentityCheckDialog';
import { memberName } from './member-name';
import { WithdrawalsTable } from './WithdrawalsTable';

interface WithdrawalsScreenProps {
  params: WithdrawalsParams;
  onParamsChange: (params: WithdrawalsParams) => void;
}

const DECIDERS: Record<DecisionKind, (id: string, value: string, feeMinor: number) => Promise<WithdrawalActionResponse>> = {
  approve: approveWithdrawal,
  reject: rejectWithdrawal,
  returned: markWithdrawalReturned,
};

interface Decision {
  kind: DecisionKind;
  withdrawal: Withdrawal;
}

/** Withdrawals: filter by status, approve with a transaction id or reject with a reason, mark a bounced payout returned; decided rows stay decided. */
export function WithdrawalsScreen({ params, onParamsChange }: WithdrawalsScreenProps) {
  const queryClient = useQueryClient();
  const withdrawals = useQuery({ ...adminWithdrawalsQueryOptions(params), ...loadedByRoute });
  const { notice, succeed, dismiss } = useActionNotice();
  const [deciding, setDeciding] = useState<Decision | null>(null);
  const [checkingIdentity, setCheckingIdentity] = useState<Withdrawal | null>(null);

  const decide = useMutation({
    mutationFn: ({ kind, id, value, feeMinor }: { kind: DecisionKind; id: string; value: string; feeMinor: number }) => DECIDERS[kind](id, value, feeMinor),
    onSuccess: (result) => {
      queryClient.setQueriesData<WithdrawalListResponse>({ queryKey: adminKeys.withdrawalsAll() }, (page) =>
        page ? { ...page, withdrawals: page.withdrawals.map((row) => (row._id === result.withdrawal._id ? result.withdrawal : row)) } : page,
      );
      void queryClient.invalidateQueries({ queryKey: adminKeys.activityAll() });
      succeed(`${result.message}: ${memberName(result.withdrawal)}`);
      setDeciding(null);
    },
    onError: (error) => {
      // Someone else decided it first: show what it is now.
      if (error instanceof ApiError && error.status === 409) void queryClient.invalidateQueries({ queryKey: adminKeys.withdrawalsAll() });
    },
  });

  const open = (kind: DecisionKind, withdrawal: Withdrawal) => {
    decide.reset();
    setDeciding({ kind, withdrawal });
  };
  const close = () => {
    decide.reset();
    setDeciding(null);
  };

  return (
    <AdminScreen>
      <AdminPageHeader title="Withdrawals" description="Creators' requests to be paid their earnings. Pay each outside Orbit, then approve it with the payout's reference; each can be decided once." backToDashboard />
      <FilterBar onSubmit={(event) => event.preventDefault()} aria-label="Filter withdrawals">
        <Field label="Status">
          <Select
            value={params.status ?? 'all'}
            onChange={(event) => {
              const status = event.target.value;
              onParamsChange(status === 'all' ? { page: 1 } : { page: 1, status: status as WithdrawalStatus });
            }}
          >
            <option value="all">All</option>
            <option value="pending">Pending</option>
            <option value="approved">Approved</option>
            <option value="rejected">Rejected</option>
            <option value="returned">Returned</option>
          </Select>
        </Field>
      </FilterBar>

      <ActionNoticeBar notice={notice} onDismiss={dismiss} />

      {withdrawals.isPending ? (
        <LoadingState label="Loading withdrawals" />
      ) : withdrawals.isError ? (
        <ErrorState
          title="Error Loading Withdrawals"
          text={withdrawals.error.message}
          action={{ label: 'Try Again', onClick: () => void withdrawals.refetch() }}
        />
      ) : withdrawals.data.withdrawals.length === 0 ? (
        <EmptyState title="No withdrawals" text={params.status ? `There are no ${params.status} withdrawals.` : 'No member has asked for a payout yet.'} />
      ) : (
        <>
          <WithdrawalsTable
            withdrawals={withdrawals.data.withdrawals}
            busy={withdrawals.isFetching}
            onApprove={(withdrawal) => open('approve', withdrawal)}
            onReject={(withdrawal) => open('reject', withdrawal)}
            onReturned={(withdrawal) => open('returned', withdrawal)}
            onCheckIdentity={setCheckingIdentity}
          />
          <Pagination
            label="Withdrawal pages"
            page={withdrawals.data.currentPage}
            totalPages={withdrawals.data.totalPages}
            onChange={(page) => onParamsChange({ ...params, page })}
            format={(page, total) => `Showing page ${page} of ${total}`}
          />
        </>
      )}

      <DecisionDialog
        key={deciding ? `${deciding.kind}-${deciding.withdrawal._id}` : 'closed'}
        kind={deciding?.kind ?? 'approve'}
        withdrawal={deciding?.withdrawal ?? null}
        busy={decide.isPending}
        error={decide.isError ? decide.error.message : null}
        onDecide={(value, feeMinor) => deciding && decide.mutate({ kind: deciding.kind, id: deciding.withdrawal._id, value, feeMinor })}
        onClose={close}
      />
      <IdentityCheckDialog
        key={checkingIdentity?._id ?? 'closed'}
        withdrawal={checkingIdentity}
        onDone={(message) => {
          succeed(message);
          setCheckingIdentity(null);
        }}
        onClose={() => setCheckingIdentity(null)}
      />
    </AdminScreen>
  );
}
