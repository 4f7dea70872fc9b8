import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import styled from 'styled-components';
import type { CreatorStatusResponse, Earning, EarningsBalance, MemberWithdrawal, YearlyTotal } from '../../../contract/creators';
import { creatorKeys, creatorStatusQueryOptions, enrolAsCreator } from '../../api/creators';
import { loadedByRoute } from '../../lib/page-data';
import { Button, Card, Checkbox, ErrorState, Heading, Notice, px, ScreenFrame, Skeleton, Stack, Table, Text } from '../../ui';
import { formatPrice } from '../store/format';
import { IdentityCard } from './IdentityCard';
import { WithdrawDialog } from './WithdrawDialog';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const formatDate = (iso: string) => dateFormat.format(new Date(iso));

/**
 * The member's creator page (issue 49): the published terms and enrolment,
 * then what gifts in their streams earned them: pending and withdrawable
 * amounts (test earnings apart), by stream, by day, and each gift.
 */
export function CreatorEarningsScreen() {
  const status = useQuery({ ...creatorStatusQueryOptions(), ...loadedByRoute });
  let content;
  if (status.isPending) {
    content = (
      <Card role="status" aria-busy="true" aria-label="Loading your creator earnings">
        <Stack gap={3}>
          <Skeleton width="40%" />
          <Skeleton width="70%" />
        </Stack>
      </Card>
    );
  } else if (status.isError) {
    content = <ErrorState title="Couldn't load your creator earnings" text={status.error.message} action={{ label: 'Try Again', onClick: () => void status.refetch() }} />;
  } else if (!status.data.enrolled) {
    content = <Enrolment status={status.data} />;
  } else {
    content = <Earnings status={status.data} />;
  }
  return (
    <ScreenFrame title="Creator earnings" subtitle="Go live, and earn from the gifts your viewers send you.">
      {content}
    </ScreenFrame>
  );
}

function Terms({ status }: { status: CreatorStatusResponse }) {
  return (
    <TermsList>
      {status.terms.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </TermsList>
  );
}

function Enrolment({ status }: { status: CreatorStatusResponse }) {
  const queryClient = useQueryClient();
  const [accepted, setAccepted] = useState(false);
  const enrol = useMutation({
    mutationFn: enrolAsCreator,
    onSuccess: (answer) => queryClient.setQueryData(creatorKeys.status(), answer),
  });
  return (
    <Card>
      <Stack gap={4}>
        <Heading level={2} size="lg">
          Become a creator
        </Heading>
        <Terms status={status} />
        <Checkbox label="I accept the creator terms" checked={accepted} onChange={(event) => setAccepted(event.target.checked)} />
        {enrol.isError ? <Notice tone="error">{enrol.error.message}</Notice> : null}
        <div>
          <Button disabled={!accepted} loading={enrol.isPending} loadingLabel="Enrolling..." onClick={() => enrol.mutate()}>
            Become a creator
          </Button>
        </div>
      </Stack>
    </Card>
  );
}

function balanceTitle(balance: EarningsBalance): string {
  return balance.test ? `Test earnings (${balance.currency}, no money moved)` : `Earnings (${balance.currency})`;
}

/** Sums of the earnings by a key, in the order they were first met. */
function totalsBy(earnings: readonly Earning[], keyOf: (earning: Earning) => string): Array<{ key: string; label: string; amounts: string }> {
  const groups = new Map<string, Map<string, number>>();
  for (const earning of earnings) {
    const key = keyOf(earning);
    const byCurrency = groups.get(key) ?? new Map<string, number>();
    const currency = `${earning.amount.currency}${earning.test ? ' test' : ''}`;
    byCurrency.set(currency, (byCurrency.get(currency) ?? 0) + earning.amount.amountMinor);
    groups.set(key, byCurrency);
  }
  return [...groups].map(([key, byCurrency]) => ({
    key,
    label: key,
    amounts: [...byCurrency]
      .map(([currency, amountMinor]) => `${formatPrice({ amountMinor, currency: currency.replace(' test', '') })}${currency.endsWith(' test') ? ' (test)' : ''}`)
      .join(', '),
  }));
}

type TotalsRow = ReturnType<typeof totalsBy>[number];

function TotalsList({ title, rows }: { title: string; rows: readonly TotalsRow[] }) {
  return (
    <>
      <Heading level={2} size="md">
        {title}
      </Heading>
      <Totals>
        {rows.map((row) => (
          <li key={row.key}>
            <span>{row.label}</span> <strong>{row.amounts}</strong>
          </li>
        ))}
      </Totals>
    </>
  );
}

function Earnings({ status }: { status: CreatorStatusResponse }) {
  const { balances, earnings } = status;
  const byStream = totalsBy(earnings, (earning) => earning.streamTitle ?? 'A stream');
  const byDay = totalsBy(earnings, (earning) => formatDate(earning.earnedAt));
  return (
    <Stack gap={4}>
      <Notice tone="info">
        You earn {status.sharePercent}% of the money behind bought coins gifted to you in your live streams. Earnings are pending for {status.pendingDays} days ({status.firstPendingDays}{' '}
        before your first payout).
      </Notice>
      {balances.length === 0 ? (
        <Card>
          <Text>No earnings yet. Go live: gifts your viewers send show here.</Text>
        </Card>
      ) : (
        <Balances>
          {balances.map((balance) => (
            <Card key={`${balance.currency}-${String(balance.test)}`} as="section" aria-label={balanceTitle(balance)}>
              <Heading level={2} size="md">
                {balanceTitle(balance)}
              </Heading>
              <Figures>
                <div>
                  <dt>Withdrawable</dt>
                  <dd>{formatPrice({ amountMinor: balance.withdrawableMinor, currency: balance.currency })}</dd>
                </div>
                <div>
                  <dt>Pending</dt>
                  <dd>{formatPrice({ amountMinor: balance.pendingMinor, currency: balance.currency })}</dd>
                </div>
                {balance.owedMinor > 0 ? (
                  <div>
                    <dt>Owed</dt>
                    <dd>{formatPrice({ amountMinor: balance.owedMinor, currency: balance.currency })}</dd>
                  </div>
                ) : null}
              </Figures>
              {balance.owedMinor > 0 ? (
                <Text tone="muted" size="sm">
                  A payment behind gifts you were already paid for was reversed. New earnings settle what you owe before you can withdraw again.
                </Text>
              ) : null}
              <WithdrawRow>
                <WithdrawDialog balance={balance} minimumMinor={status.minimumWithdrawalMinor} identityGiven={status.identity !== null} />
                {status.identity === null ? (
                  <Text tone="muted" size="sm">
                    Give your identity for payouts first
                  </Text>
                ) : null}
                {balance.withdrawableMinor < status.minimumWithdrawalMinor ? (
                  <Text tone="muted" size="sm">
                    Withdrawals from {formatPrice({ amountMinor: status.minimumWithdrawalMinor, currency: balance.currency })}
                  </Text>
                ) : null}
              </WithdrawRow>
            </Card>
          ))}
        </Balances>
      )}
      {balances.length > 0 ? <IdentityCard identity={status.identity} /> : null}
      {status.withdrawals.length > 0 ? <WithdrawalsList withdrawals={status.withdrawals} /> : null}
      {status.yearlyTotals.length > 0 ? <YearlyTotals totals={status.yearlyTotals} /> : null}
      {earnings.length > 0 ? (
        <>
          <Card as="section" aria-label="By stream and by day">
            <Stack gap={3}>
              <TotalsList title="By stream" rows={byStream} />
              <TotalsList title="By day" rows={byDay} />
            </Stack>
          </Card>
          <Card as="section" aria-label="Gifts received">
            <Stack gap={3}>
            <Heading level={2} size="md">
              Gifts received
            </Heading>
            <Table label="Gifts received, newest first">
              <thead>
                <tr>
                  <th scope="col">Gift</th>
                  <th scope="col">From</th>
                  <th scope="col">Stream</th>
                  <th scope="col">Earned</th>
                  <th scope="col">Withdrawable from</th>
                </tr>
              </thead>
              <tbody>
                {earnings.map((earning) => (
                  <tr key={earning._id}>
                    <td>
                      <span aria-hidden="true">{earning.giftIcon}</span> {earning.giftName} ({earning.coins} coins)
                    </td>
                    <td>{earning.senderName ?? 'Deleted member'}</td>
                    <td>{earning.streamTitle ?? '—'}</td>
                    <td>
                      {formatPrice(earning.amount)}
                      {earning.test ? ' (test)' : ''}
                    </td>
                    <td>{formatDate(earning.availableAt)}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
            </Stack>
          </Card>
        </>
      ) : null}
    </Stack>
  );
}

/** What became of a request, in the member's words. */
function withdrawalState(withdrawal: MemberWithdrawal): string {
  switch (withdrawal.status) {
    case 'pending':
      return 'Requested';
    case 'approved':
      return `Paid · reference ${withdrawal.reference ?? '—'}`;
    case 'rejected':
      return `Rejected: ${withdrawal.reason ?? 'no reason given'}`;
    case 'returned':
      return `Returned to your earnings: ${withdrawal.reason ?? 'the payout came back'}`;
  }
}

function WithdrawalsList({ withdrawals }: { withdrawals: readonly MemberWithdrawal[] }) {
  return (
    <Card as="section" aria-label="Your withdrawals">
      <Stack gap={3}>
        <Heading level={2} size="md">
          Your withdrawals
        </Heading>
        <Table label="Your withdrawals, newest first">
          <thead>
            <tr>
              <th scope="col">Requested</th>
              <th scope="col">Amount</th>
              <th scope="col">To</th>
              <th scope="col">State</th>
            </tr>
          </thead>
          <tbody>
            {withdrawals.map((withdrawal) => (
              <tr key={withdrawal._id}>
                <td>{formatDate(withdrawal.createdAt)}</td>
                <td>
                  {formatPrice(withdrawal.amount)}
                  {withdrawal.test ? ' (test)' : ''}
                </td>
                <td>
                  {withdrawal.method} ending {withdrawal.accountEnding}
                </td>
                <td>{withdrawalState(withdrawal)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </Stack>
    </Card>
  );
}

function YearlyTotals({ totals }: { totals: readonly YearlyTotal[] }) {
  return (
    <Card as="section" aria-label="Earnings by year">
      <Stack gap={3}>
        <Heading level={2} size="md">
          By year
        </Heading>
        <Table label="By year, for tax reporting">
          <thead>
            <tr>
              <th scope="col">Year</th>
              <th scope="col">Earned</th>
              <th scope="col">Paid out</th>
            </tr>
          </thead>
          <tbody>
            {totals.map((total) => (
              <tr key={`${total.year}-${total.currency}-${String(total.test)}`}>
                <td>
                  {total.year}
                  {total.test ? ' (test)' : ''}
                </td>
                <td>{formatPrice({ amountMinor: total.earnedMinor, currency: total.currency })}</td>
                <td>{formatPrice({ amountMinor: total.paidOutMinor, currency: total.currency })}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </Stack>
    </Card>
  );
}

const WithdrawRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => px(theme.space[3])};
  margin-top: ${({ theme }) => px(theme.space[4])};
`;

const TermsList = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => px(theme.space[2])};
  margin: 0;
  padding-left: ${({ theme }) => px(theme.space[6])};
`;

const Balances = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(${px(240)}, 1fr));
  gap: ${({ theme }) => px(theme.space[4])};
`;

const Figures = styled.dl`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => px(theme.space[6])};
  margin: ${({ theme }) => px(theme.space[3])} 0 0;

  & dt {
    color: ${({ theme }) => theme.colors.muted};
    font-size: ${({ theme }) => px(theme.font.sizes.sm)};
  }
  & dd {
    margin: 0;
    font-size: ${({ theme }) => px(theme.font.sizes.xl)};
    font-weight: ${({ theme }) => theme.font.weights.bold};
  }
`;

const Totals = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;

  & li {
    display: flex;
    justify-content: space-between;
    gap: ${({ theme }) => px(theme.space[3])};
    padding: ${({ theme }) => px(theme.space[2])} 0;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
`;
