import { majorAmountText } from '../../contract/store/money';
import { TEST_PAYMENT_LABEL, WITHDRAWAL_WAIVER_TEXT } from '../../contract/store/purchases';
import { billingPeriodLabel } from '../../contract/store/subscriptions';
import type { PurchaseRow } from '../db/schema';
import type { StoreApp } from './store-app';
import { buyerEmail } from './queries/purchases';
import { receiptNumber } from './views';

/** The receipt a paid purchase is confirmed with, by email (the same facts as on screen and in the purchase history). */
export async function sendReceipt(app: Pick<StoreApp, 'db' | 'mailer'>, purchase: PurchaseRow, userId: string): Promise<void> {
  const email = await buyerEmail(app.db, userId);
  if (!email) return;
  const number = receiptNumber(purchase.id);
  const amount = `${majorAmountText(purchase.amountMinor, purchase.currency)} ${purchase.currency}`;
  const lines = [
    'Thank you for your purchase on Orbit.',
    '',
    `Receipt: ${number}`,
    `Date: ${(purchase.paidAt ?? purchase.createdAt).toISOString().slice(0, 10)}`,
    `Item: ${purchase.itemName}`,
    ...(purchase.coins === null ? [] : [`Coins: ${purchase.coins.toLocaleString('en-US')}`]),
    ...(purchase.billingMonths === null ? [] : [`VIP, renews ${billingPeriodLabel(purchase.billingMonths)} until you cancel (one click on the VIP page or in Settings)`]),
    `Amount: ${amount} (VAT included)`,
    ...(purchase.provider === 'local' ? [`${TEST_PAYMENT_LABEL}.`] : []),
    ...(purchase.withdrawalWaived ? ['', `You confirmed: "${WITHDRAWAL_WAIVER_TEXT}".`] : []),
    '',
    purchase.kind === 'vip' ? `Your VIP: ${app.mailer.publicUrl}/vip` : `Your purchases: ${app.mailer.publicUrl}/coins`,
  ];
  await app.mailer.send({ to: email, subject: `Your Orbit receipt ${number}`, text: lines.join('\n') });
}
