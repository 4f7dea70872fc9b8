import type { Purchase } from '../../../contract/store/purchases';
import { refundPurchase } from '../../api/purchases';
import { Text } from '../../ui';
import { ConfirmChangeDialog } from './ConfirmChangeDialog';
import { formatCount, formatExpiryDate } from './format';
import { formatPurchaseAmount } from './Receipt';

/** A coin pack given back within its refund period: what leaves and what comes back, confirmed first. */
export function RefundDialog({ purchase, onClose }: { purchase: Purchase; onClose: () => void }) {
  const until = purchase.refundableUntil ? (formatExpiryDate(purchase.refundableUntil) ?? purchase.refundableUntil) : null;
  return (
    <ConfirmChangeDialog
      title={`Refund ${purchase.itemName}`}
      keepLabel="Keep my coins"
      confirmLabel="Refund"
      pendingLabel="Refunding..."
      variant="danger"
      change={() => refundPurchase(purchase._id)}
      onClose={onClose}
      explanation={
        <Text>
          {`${formatCount(purchase.coins ?? 0)} coins leave your balance now and `}
          <strong>{formatPurchaseAmount(purchase.amount)}</strong>
          {` goes back to how you paid.${until ? ` You may refund this pack until ${until}, while none of its coins are spent.` : ''}`}
        </Text>
      }
    />
  );
}
