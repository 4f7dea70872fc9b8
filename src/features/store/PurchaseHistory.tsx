import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import styled from 'styled-components';
import { COIN_REFUND_DAYS, type Purchase } from '../../../contract/store/purchases';
import { purchaseHistoryQueryOptions } from '../../api/purchase-history';
import { Button, Dialog, EmptyState, ErrorState, Pagination, px, Skeleton, Text } from '../../ui';
import { formatPurchaseAmount, formatPurchaseDate, PurchaseStatusBadge, Receipt } from './Receipt';
import { RefundDialog } from './RefundDialog';
import { StoreSection } from './StorePageLayout';
import { HistoryList, HistoryRow } from './HistoryList';

/** Where a member's refund of a pack stands, in words; nothing when none was asked (a withdrawal's refund shows as the amount alone). */
const REFUND_STATUS_TEXT: Record<NonNullable<Purchase['refundStatus']>, string> = {
  pending: 'Refund on its way',
  succeeded: 'Refunded',
  failed: 'Refund refused by the payment provider; our team will refund you',
};

interface PurchaseRowProps {
  purchase: Purchase;
  onReceipt: (purchase: Purchase) => void;
  onRefund: (purchase: Purchase) => void;
}

function PurchaseRow({ purchase, onReceipt, onRefund }: PurchaseRowProps) {
  const when = purchase.paidAt ?? purchase.createdAt;
  const date = formatPurchaseDate(when);
  return (
    <HistoryRow>
      <Main>
        <Text weight="semibold">{purchase.itemName}</Text>
        <Meta>
          <Text as="span" size="sm" tone="muted">
            <time dateTime={when}>{date}</time>
          </Text>
          <PurchaseStatusBadge status={purchase.status} />
          {purchase.refunded ? (
            <Text as="span" size="sm" tone="muted">
              {`${formatPurchaseAmount(purchase.refunded)} refunded`}
            </Text>
          ) : null}
          {purchase.refundStatus && purchase.refundStatus !== 'succeeded' ? (
            <Text as="span" size="sm" tone="muted">
              {REFUND_STATUS_TEXT[purchase.refundStatus]}
            </Text>
          ) : null}
        </Meta>
      </Main>
      <Side>
        <Amount>{formatPurchaseAmount(purchase.amount)}</Amount>
        {purchase.status === 'paid' ? (
          // Named with what it is the receipt of: a list of buttons all called 'Receipt' tells a screen reader nothing.
          <Button type="button" variant="secondary" size="sm" aria-label={`Receipt for ${purchase.itemName}, ${date}`} onClick={() => onReceipt(purchase)}>
            Receipt
          </Button>
        ) : null}
        {purchase.refundableUntil ? (
          <Button type="button" variant="secondary" size="sm" aria-label={`Refund ${purchase.itemName}, ${date}`} onClick={() => onRefund(purchase)}>
            Refund
          </Button>
        ) : null}
      </Side>
    </HistoryRow>
  );
}

/** The signed-in member's purchases on /coins, newest first: what, when, how much, how it ended, and each paid one's receipt. */
export function PurchaseHistory() {
  const [page, setPage] = useState(1);
  const [receiptOf, setReceiptOf] = useState<Purchase | null>(null);
  const [refundOf, setRefundOf] = useState<Purchase | null>(null);
  const history = useQuery(purchaseHistoryQueryOptions(page));

  let body;
  if (history.isPending) body = <Skeleton height={96} />;
  else if (history.isError)
    body = (
      <ErrorState headingLevel={3} title="Error Loading Purchases" text={history.error.message} action={{ label: 'Try Again', onClick: () => void history.refetch() }} />
    );
  else if (history.data.purchases.length === 0)
    body = <EmptyState headingLevel={3} title="No purchases yet" text={`Coin packs you buy show here, each with its receipt. A pack whose coins are all unspent can be refunded for ${COIN_REFUND_DAYS} days.`} />;
  else {
    body = (
      <>
        <HistoryList aria-busy={history.isFetching}>
          {history.data.purchases.map((purchase) => (
            <li key={purchase._id}>
              <PurchaseRow purchase={purchase} onReceipt={setReceiptOf} onRefund={setRefundOf} />
            </li>
          ))}
        </HistoryList>
        {history.data.totalPages > 1 ? (
          <Pagination label="Purchase history pages" page={history.data.currentPage} totalPages={history.data.totalPages} onChange={setPage} />
        ) : null}
      </>
    );
  }
  return (
    <StoreSection title="Purchase History" titleId="purchase-history-title">
      {body}
      <Dialog
        open={receiptOf !== null}
        onClose={() => setReceiptOf(null)}
        title="Receipt"
        footer={
          <Button type="button" variant="secondary" onClick={() => setReceiptOf(null)}>
            Done
          </Button>
        }
      >
        {receiptOf ? <Receipt purchase={receiptOf} /> : null}
      </Dialog>
      {refundOf ? <RefundDialog purchase={refundOf} onClose={() => setRefundOf(null)} /> : null}
    </StoreSection>
  );
}

const Main = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => px(theme.space[1])};
  min-width: 0;
  overflow-wrap: anywhere;
`;

const Meta = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => px(theme.space[2])};
`;

// Amount above the Receipt button on a phone, beside it from tablet up.
const Side = styled.div`
  display: flex;
  flex-shrink: 0;
  flex-direction: column;
  align-items: flex-end;
  gap: ${({ theme }) => px(theme.space[2])};

  ${({ theme }) => theme.media.tablet} {
    flex-direction: row-reverse;
    align-items: center;
    gap: ${({ theme }) => px(theme.space[4])};
  }
`;

const Amount = styled.span`
  font-weight: ${({ theme }) => theme.font.weights.bold};
  font-variant-numeric: tabular-nums;
`;
