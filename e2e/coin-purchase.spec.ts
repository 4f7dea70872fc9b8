import { expect, test, type Browser, type Page } from './support/test';
import { CHECKOUT_CANCELLED_MESSAGE, TEST_PAYMENT_LABEL, WITHDRAWAL_WAIVER_TEXT } from '../contract/store/purchases';
import { expectNoAxeViolations, expectNoSidewaysScroll } from './support/layout';
import { registerMember, realtimeJoined, type Member } from './support/members';

// Buying coins on the local test provider, as a member does it: Buy Now, the
// withdrawal waiver, Orbit's test checkout page, and back to Orbit, where the
// new balance and the receipt arrive without a reload, in every open tab.

/** One browser context for the member, so two pages are two tabs of the same person. */
async function memberTabs(browser: Browser, member: Member): Promise<[Page, Page]> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript((value) => window.localStorage.setItem('user_token', value), member.token);
  return [await context.newPage(), await context.newPage()];
}

const balanceOf = (page: Page) => page.getByRole('complementary', { name: 'Your balance' });

/** Buy Now, tick the waiver, continue: lands on the test checkout page. */
async function checkOut(page: Page, pack: string): Promise<void> {
  await page.getByRole('article', { name: pack }).getByRole('button', { name: 'Buy Now' }).click();
  const consent = page.getByRole('dialog');
  const waiver = consent.getByRole('checkbox', { name: WITHDRAWAL_WAIVER_TEXT });
  await expect(waiver).not.toBeChecked();
  const proceed = consent.getByRole('button', { name: 'Continue to payment' });
  await expect(proceed).toBeDisabled();
  await waiver.check();
  await proceed.click();
  await expect(page).toHaveURL(/\/test-checkout\/tcs_/);
  await expect(page.getByText(TEST_PAYMENT_LABEL).first()).toBeVisible();
}

test('a member buys a coin pack: the balance and the receipt arrive in both open tabs without a reload; refunding it takes the coins back in both', async ({ browser, request }) => {
  const member = await registerMember(request, 'Coin Buyer');
  const [buying, watching] = await memberTabs(browser, member);
  const joined = realtimeJoined(watching);
  await watching.goto('/store');
  await joined;
  await expect(balanceOf(watching)).toContainText('0coins');

  await buying.goto('/coins');
  await expect(buying.getByText('Test payments: no money moves')).toBeVisible();
  await checkOut(buying, 'Value Pack');
  await expectNoAxeViolations(buying);
  await buying.screenshot({ path: 'test-results/screens/test-checkout-1280.png' });
  await buying.getByRole('button', { name: 'Pay $4.99' }).click();

  // Back on Orbit: the receipt, and the balance in this tab and the other.
  await expect(buying).toHaveURL(/\/coins\?purchase=/);
  const receipt = buying.getByRole('dialog', { name: 'Payment received' });
  await expect(receipt).toBeVisible({ timeout: 10_000 });
  await expect(receipt).toContainText('Value Pack');
  await expect(receipt).toContainText('500 coins');
  await expect(receipt).toContainText('$4.99');
  await expect(receipt).toContainText(TEST_PAYMENT_LABEL);
  await expect(receipt).toContainText(WITHDRAWAL_WAIVER_TEXT);
  await expect(receipt).toContainText(/OR-[0-9A-F]{6}-[0-9A-F]{6}/);
  await expectNoAxeViolations(buying);
  await buying.screenshot({ path: 'test-results/screens/coin-receipt-1280.png' });
  await expect(balanceOf(buying)).toContainText('500coins');
  await expect(balanceOf(watching)).toContainText('500coins');

  await receipt.getByRole('button', { name: 'OK' }).click();
  await expect(buying).toHaveURL(/\/coins$/);
  const purchases = buying.getByRole('region', { name: 'Purchase History' });
  await expect(purchases).toContainText('Value Pack');
  await expect(purchases).toContainText('Paid');
  // A reload does not confirm (or credit) again.
  await buying.reload();
  await expect(balanceOf(buying)).toContainText('500coins');
  await expect(buying.getByRole('dialog')).toHaveCount(0);

  // Every coin unspent, within 14 days: the member gives the pack back.
  await purchases.getByRole('button', { name: /^Refund Value Pack/ }).click();
  const refund = buying.getByRole('dialog', { name: 'Refund Value Pack' });
  await expect(refund).toContainText('500 coins leave your balance now and $4.99 goes back to how you paid.');
  await refund.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(refund.getByText('Refunded: 4.99 USD goes back to how you paid, and 500 coins have left your balance.')).toBeVisible();
  await expectNoAxeViolations(buying);
  await buying.screenshot({ path: 'test-results/screens/coin-refund-1280.png' });
  await refund.getByRole('button', { name: 'OK' }).click();
  await expect(balanceOf(buying)).toContainText('0coins');
  await expect(balanceOf(watching)).toContainText('0coins');
  await expect(purchases).toContainText('$4.99 refunded');
  await expect(purchases.getByRole('button', { name: /^Refund/ })).toHaveCount(0);
});

test('leaving checkout without paying changes nothing and says so (on a phone)', async ({ browser, request }) => {
  const member = await registerMember(request, 'Coin Leaver');
  const [page] = await memberTabs(browser, member);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/coins');
  await checkOut(page, 'Starter Pack');
  await expectNoSidewaysScroll(page, 390, 'the test checkout');
  await page.screenshot({ path: 'test-results/screens/test-checkout-390.png' });
  await page.getByRole('link', { name: 'Cancel and return to Orbit' }).click();
  const outcome = page.getByRole('dialog', { name: 'Checkout cancelled' });
  await expect(outcome).toContainText(CHECKOUT_CANCELLED_MESSAGE);
  await expect(balanceOf(page)).toContainText('0coins');
  await outcome.getByRole('button', { name: 'OK' }).click();
  const history = page.getByRole('region', { name: 'Purchase History' });
  await expect(history).toContainText('Cancelled');
  await expectNoSidewaysScroll(page, 390, 'Coins with a purchase history');
  await history.screenshot({ path: 'test-results/screens/purchase-history-390.png' });
});

test('a payment the bank confirms later: Orbit says it is waiting, then credits the coins live', async ({ browser, request }) => {
  const member = await registerMember(request, 'Coin Waiter');
  const [buying, bank] = await memberTabs(browser, member);
  await buying.goto('/coins');
  await checkOut(buying, 'Starter Pack');
  const checkoutUrl = buying.url();
  await buying.getByRole('button', { name: 'Pay later (bank transfer)' }).click();
  await expect(buying.getByRole('heading', { name: 'Bank transfer pending' })).toBeVisible();
  const joined = realtimeJoined(buying);
  await buying.getByRole('link', { name: 'Return to Orbit' }).click();
  await joined;
  await expect(buying.getByRole('dialog')).toContainText('Your bank is confirming this payment');
  await expect(balanceOf(buying)).toContainText('0coins');

  // The bank answers, in another tab standing in for it.
  await bank.goto(checkoutUrl);
  await bank.getByRole('button', { name: 'Bank confirms payment' }).click();
  await expect(buying.getByRole('dialog', { name: 'Payment received' })).toBeVisible();
  await expect(balanceOf(buying)).toContainText('100coins');
});
