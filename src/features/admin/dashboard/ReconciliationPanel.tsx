import { useQuery } from '@tanstack/react-query';
import type { ReconciliationRun } from '../../../../contract/store/reconciliation';
import { adminReconciliationQueryOptions } from '../../../api/admin/console';
import { Card, Heading, Notice, Stack, Text } from '../../../ui';
import { LoadFailedNotice } from '../shared/LoadStates';

/** One run in words: what agreed, or what a person must look into. */
function RunSummary({ run }: { run: ReconciliationRun }) {
  if (run.finishedAt === null) return <Text>{`The check of ${run.day} is under way.`}</Text>;
  const payments = `${run.paymentsChecked} ${run.paymentsChecked === 1 ? 'payment' : 'payments'}`;
  if (run.membersOffLedger.length === 0 && run.paymentMismatches.length === 0) {
    return <Notice tone="success">{`${run.day}: every balance matches its ledger, and the provider confirms all ${payments} granted.`}</Notice>;
  }
  return (
    <Notice tone="error">
      <Stack gap={2}>
        <Text weight="semibold">{`${run.day}: look into these (${payments} checked).`}</Text>
        <ul>
          {run.membersOffLedger.map((member) => (
            <li key={member.userId}>{`Member ${member.userId}: balance ${member.balance}, ledger ${member.ledgerSum}`}</li>
          ))}
          {run.paymentMismatches.map((payment) => (
            <li key={payment.purchaseId}>{`Purchase ${payment.purchaseId}: ${payment.reason}`}</li>
          ))}
        </ul>
      </Stack>
    </Notice>
  );
}

/** The daily reconciliation (issue 48): its latest run on the dashboard, so a mismatch is seen the morning after. */
export function ReconciliationPanel() {
  const runs = useQuery(adminReconciliationQueryOptions());
  return (
    <Card as="section" aria-labelledby="reconciliation-heading">
      <Stack gap={3}>
        <Heading level={2} size="lg" id="reconciliation-heading">
          Daily Reconciliation
        </Heading>
        {runs.isPending ? (
          <Text tone="muted" size="sm">
            Loading the reconciliation…
          </Text>
        ) : runs.isError ? (
          <LoadFailedNotice onRetry={() => void runs.refetch()}>{runs.error.message}</LoadFailedNotice>
        ) : runs.data[0] ? (
          <RunSummary run={runs.data[0]} />
        ) : (
          <Text tone="muted">No run yet: the first checks yesterday's payments a minute after the server starts, then once a day.</Text>
        )}
      </Stack>
    </Card>
  );
}
