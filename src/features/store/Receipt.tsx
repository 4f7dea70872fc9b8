import styled from 'styled-components';
import type { Money } from '../../../contract/store/money';
import { TEST_PAYMENT_LABEL, WITHDRAWAL_WAIVER_TEXT, type Purchase, type PurchaseStatus } from '../../../contract/store/purchases';
import { billingPeriodLabel } from '../../../contract/store/subscriptions';
import { moneyFormatter } from '../../lib/money-format';
import { Badge, px, Text, type BadgeTone } from '../../ui';
import { formatCoins } from './format';

// A purchase in the member's words: the receipt (on screen after a checkout,
// and from the purchase history) and the status the history lists.

const STATUS_LABELS: Record<PurchaseStatus, string> = {
  paid: 'Paid',
  processing: 'Waiting for your bank',
  failed: 'Payment failed',
  cancelled: 'Cancelled',
  expired: 'Expired',
  pending: 'Not paid yet',
};

const STATUS_TONES: Record<PurchaseStatus, BadgeTone> = {
  paid: 'success',
  processing: 'verified',
  failed: 'danger',
  cancelled: 'neutral',
  expired: 'neutral',
  pending: 'neutral',
};

const amountFormat = moneyFormatter(undefined);
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** What a purchase's status reads: 'Paid', 'Waiting for your bank', … */
export const purchaseStatusLabel = (status: PurchaseStatus): string => STATUS_LABELS[status];

/** A charge in its own currency, e.g. '$4.99'. */
export const formatPurchaseAmount = (amount: Money): string => amountFormat(amount);

/** When a purchase was paid, or (not paid) started, as a date and time in the reader's locale. */
export function formatPurchaseDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat.format(date);
}

/** The status as a coloured label; the words carry the meaning. */
export function PurchaseStatusBadge({ status }: { status: PurchaseStatus }) {
  return <Badge tone={STATUS_TONES[status]}>{STATUS_LABELS[status]}</Badge>;
}

/** The receipt of one purchase: number, date, item, what it costs with VAT, its status, and what the member agreed to. */
export function Receipt({ purchase }: { purchase: Purchase }) {
  const when = purchase.paidAt ?? purchase.createdAt;
  return (
    <Body>
      {purchase.testPayment ? <TestLabel>{TEST_PAYMENT_LABEL}</TestLabel> : null}
      <List>
        <Entry>
          <dt>Receipt number</dt>
          <dd>
            <Mono>{purchase.receiptNumber}</Mono>
          </dd>
        </Entry>
        <Entry>
          <dt>{purchase.paidAt ? 'Date paid' : 'Date started'}</dt>
          <dd>
            <time dateTime={when}>{formatPurchaseDate(when)}</time>
          </dd>
        </Entry>
        <Entry>
          <dt>Item</dt>
          <dd>{purchase.itemName}</dd>
        </Entry>
        {purchase.billingMonths !== null ? (
          <Entry>
            <dt>Renews</dt>
            <dd>{`${billingPeriodLabel(purchase.billingMonths)}, until you cancel`}</dd>
          </Entry>
        ) : null}
        {purchase.kind === 'coinPack' && purchase.coins !== null ? (
          <Entry>
            <dt>Coins</dt>
            <dd>{formatCoins(purchase.coins)}</dd>
          </Entry>
        ) : null}
        <Entry>
          <dt>Amount</dt>
          <dd>
            <Strong>{formatPurchaseAmount(purchase.amount)}</Strong> <Muted>(VAT included)</Muted>
          </dd>
        </Entry>
        <Entry>
          <dt>Status</dt>
          <dd>{STATUS_LABELS[purchase.status]}</dd>
        </Entry>
        {purchase.refunded ? (
          <Entry>
            <dt>Refunded</dt>
            <dd>{formatPurchaseAmount(purchase.refunded)}</dd>
          </Entry>
        ) : null}
      </List>
      {purchase.withdrawalWaived ? (
        <Text size="sm" tone="muted">
          {`You confirmed: "${WITHDRAWAL_WAIVER_TEXT}".`}
        </Text>
      ) : null}
    </Body>
  );
}

const Body = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => px(theme.space[4])};
  min-width: 0;
`;

const TestLabel = styled.p`
  align-self: flex-start;
  padding: ${({ theme }) => `${px(theme.space[1])} ${px(theme.space[3])}`};
  border: 1px solid ${({ theme }) => theme.colors.vip};
  border-radius: ${({ theme }) => px(theme.radii.pill)};
  background: ${({ theme }) => theme.colors.vipTint};
  color: ${({ theme }) => theme.colors.vipText};
  font-size: ${({ theme }) => px(theme.font.sizes.sm)};
  font-weight: ${({ theme }) => theme.font.weights.semibold};
`;

// Label above value on a phone, side by side from tablet up.
const List = styled.dl`
  display: flex;
  flex-direction: column;
  margin: 0;
`;

const Entry = styled.div`
  display: grid;
  gap: ${({ theme }) => px(theme.space[1])};
  padding: ${({ theme }) => px(theme.space[2])} 0;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};

  &:last-child {
    border-bottom: 0;
  }

  ${({ theme }) => theme.media.tablet} {
    grid-template-columns: 10rem minmax(0, 1fr);
    gap: ${({ theme }) => px(theme.space[4])};
  }

  dt {
    color: ${({ theme }) => theme.colors.muted};
    font-size: ${({ theme }) => px(theme.font.sizes.sm)};
  }

  dd {
    margin: 0;
    min-width: 0;
    overflow-wrap: anywhere;
  }
`;

const Mono = styled.span`
  font-variant-numeric: tabular-nums;
  letter-spacing: 0.02em;
`;

const Strong = styled.span`
  font-weight: ${({ theme }) => theme.font.weights.bold};
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => px(theme.font.sizes.sm)};
`;
