import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import styled from 'styled-components';
import type { CoinEntry, CoinEntryKind } from '../../../contract/coins/ledger';
import { coinHistoryQueryOptions } from '../../api/coins/history';
import { EmptyState, ErrorState, Pagination, Skeleton, Text } from '../../ui';
import { formatCount } from './format';
import { StoreSection } from './StorePageLayout';
import { HistoryList, HistoryRow } from './HistoryList';

const KIND_LABELS: Record<CoinEntryKind, string> = {
  purchased: 'Bought',
  earned: 'Earned',
  granted: 'Granted by Orbit',
  taken: 'Taken by Orbit',
  spent: 'Spent',
  refunded: 'Refunded',
  restored: 'Refund failed, coins back',
  held: 'Held while your bank reviews a dispute',
  released: 'Dispute closed, coins back',
  settled: 'Owed for a reversed payment',
};

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const signedCoins = (amount: number) => `${amount > 0 ? '+' : '−'}${formatCount(Math.abs(amount))}`;

function CoinEntryRow({ entry }: { entry: CoinEntry }) {
  return (
    <HistoryRow>
      <div>
        <Text weight="semibold">{`${KIND_LABELS[entry.kind]}: ${entry.reference}`}</Text>
        <Text size="sm" tone="muted">
          <time dateTime={entry.createdAt}>{dateFormat.format(new Date(entry.createdAt))}</time>
          {` · balance ${formatCount(entry.balanceAfter)}`}
        </Text>
      </div>
      <Amount $credit={entry.amount > 0} aria-label={`${entry.amount > 0 ? 'plus' : 'minus'} ${formatCount(Math.abs(entry.amount))} coins`}>
        {signedCoins(entry.amount)}
      </Amount>
    </HistoryRow>
  );
}

/** The signed-in member's coin history on /coins: every change of the balance, newest first, with why. */
export function CoinHistory() {
  const [page, setPage] = useState(1);
  const history = useQuery(coinHistoryQueryOptions(page));

  let body;
  if (history.isPending) body = <Skeleton height={96} />;
  else if (history.isError)
    body = <ErrorState headingLevel={3} title="Error Loading History" text={history.error.message} action={{ label: 'Try Again', onClick: () => void history.refetch() }} />;
  else if (history.data.entries.length === 0)
    body = <EmptyState headingLevel={3} title="No coin history yet" text="Coins you buy, earn, receive or spend show here." />;
  else {
    body = (
      <>
        <HistoryList aria-busy={history.isFetching}>
          {history.data.entries.map((entry) => (
            <li key={entry._id}>
              <CoinEntryRow entry={entry} />
            </li>
          ))}
        </HistoryList>
        {history.data.totalPages > 1 ? <Pagination label="Coin history pages" page={history.data.currentPage} totalPages={history.data.totalPages} onChange={setPage} /> : null}
      </>
    );
  }
  return (
    <StoreSection title="Coin History" titleId="coin-history-title">
      {body}
    </StoreSection>
  );
}

const Amount = styled.span<{ $credit: boolean }>`
  flex-shrink: 0;
  font-weight: ${({ theme }) => theme.font.weights.bold};
  color: ${({ $credit, theme }) => ($credit ? theme.colors.greenText : theme.colors.dangerText)};
`;
