import { expect, test } from './support/test';
import { TEST_PAYMENT_LABEL } from '../contract/store/purchases';
import { VIP_START_NOW_TEXT } from '../contract/store/subscriptions';
import { captureBothWidths, expectNoAxeViolations } from './support/layout';
import { memberPage, registerMember } from './support/members';

// VIP as a subscription, as members live it (issue 48): Ana buys Gold on the
// local test provider, sees who liked her (Ben, from his own browser), then
// cancels in one click and stays VIP until the period she paid for ends.

test('a member subscribes to VIP, sees who liked her, cancels and stays VIP until the period ends', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const suffix = Math.floor(Math.random() * 1e6).toString(36);
  const ana = await registerMember(request, `Ana ${suffix}`);
  const ben = await registerMember(request, `Ben ${suffix}`);
  const anaPage = await memberPage(browser, ana);
  const benPage = await memberPage(browser, ben);

  // Ben likes Ana from her profile, in his browser.
  await benPage.goto(`/profile/${ana.id}`);
  await benPage.getByRole('button', { name: 'Like', exact: true }).click();
  await expect(benPage.getByRole('button', { name: 'Liked', exact: true })).toBeVisible();

  // Free, Ana sees that someone likes her, not who.
  await anaPage.goto('/likes-you');
  await expect(anaPage.getByRole('heading', { level: 2, name: '1 person likes you' })).toBeVisible();
  await expect(anaPage.getByText(ben.name)).toHaveCount(0);

  // Get VIP: the plan's price and period, the start-now request (unticked), then Orbit's test checkout.
  await anaPage.goto('/vip');
  await anaPage.getByRole('article', { name: 'Gold' }).getByRole('button', { name: 'Get VIP' }).click();
  const consent = anaPage.getByRole('dialog', { name: 'Get Gold VIP' });
  await expect(consent).toContainText('Gold VIP for $9.99 every month (VAT included)');
  const startNow = consent.getByRole('checkbox', { name: VIP_START_NOW_TEXT });
  await expect(startNow).not.toBeChecked();
  await startNow.check();
  await consent.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(anaPage).toHaveURL(/\/test-checkout\/tcs_/);
  await expect(anaPage.getByText(TEST_PAYMENT_LABEL).first()).toBeVisible();
  await expect(anaPage.getByText('every month, until cancelled')).toBeVisible();
  await anaPage.getByRole('button', { name: 'Pay $9.99' }).click();

  // Back on /vip: the receipt, then the banner with the level and the renewal date.
  await expect(anaPage).toHaveURL(/\/vip\?purchase=/);
  const receipt = anaPage.getByRole('dialog', { name: 'Payment received' });
  await expect(receipt).toBeVisible({ timeout: 10_000 });
  await expect(receipt).toContainText('You are a Gold VIP member.');
  await expect(receipt).toContainText('every month, until you cancel');
  await expect(receipt).toContainText('$9.99');
  await receipt.getByRole('button', { name: 'OK' }).click();
  await expect(anaPage).toHaveURL(/\/vip$/);
  const banner = anaPage.getByRole('region', { name: 'You are a VIP member' });
  await expect(banner).toContainText(/Your Gold VIP renews on .+: \$9\.99 every month\./);
  const gold = anaPage.getByRole('article', { name: 'Gold' });
  await expect(gold.getByRole('button', { name: 'Your plan' })).toBeDisabled();
  await expect(anaPage.getByRole('article', { name: 'Platinum' }).getByRole('button', { name: 'Change plan' })).toBeEnabled();
  await expect(anaPage.getByRole('button', { name: 'Get VIP' })).toHaveCount(0);
  await captureBothWidths(anaPage, 'vip-subscription-active', async () => {
    await expect(banner).toBeVisible();
  });

  // VIP: Likes you shows Ben.
  await anaPage.goto('/likes-you');
  await expect(anaPage.getByRole('article', { name: `${ben.name}, 31` })).toBeVisible();

  // Cancel, one click on /vip: it says until when VIP stays, and VIP stays.
  await anaPage.goto('/vip');
  await banner.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(banner.getByText(/^Your VIP will not renew\. It stays active until .+\.$/)).toBeVisible();
  await expect(banner).toContainText(/Your Gold VIP is cancelled\. It stays active until .+ and will not renew\./);
  await expect(banner.getByRole('button', { name: 'Resume subscription' })).toBeVisible();
  await captureBothWidths(anaPage, 'vip-subscription-cancelled', async () => {
    await expect(banner.getByRole('button', { name: 'Resume subscription' })).toBeVisible();
  });
  await anaPage.goto('/likes-you');
  await expect(anaPage.getByRole('article', { name: `${ben.name}, 31` })).toBeVisible();

  // Settings says the same, with Resume one click away there too.
  await anaPage.goto('/settings');
  const settings = anaPage.getByRole('region', { name: 'VIP subscription' });
  await expect(settings).toContainText(/Your Gold VIP is cancelled\. It stays active until/);
  await settings.getByRole('button', { name: 'Resume subscription' }).click();
  await expect(settings.getByText(/^Your VIP renews again on .+\.$/)).toBeVisible();
  await expect(settings.getByRole('button', { name: 'Cancel subscription' })).toBeVisible();

  // Purchase history lists the VIP payment.
  await anaPage.goto('/coins');
  const purchases = anaPage.getByRole('region', { name: 'Purchase History' });
  await expect(purchases).toContainText('Gold');
  await expect(purchases).toContainText('Paid');
});

test('within 14 days a subscriber withdraws: confirmed first, VIP ends at once, and the refund shows in the purchase history', async ({ browser, request }) => {
  const member = await registerMember(request, `Wren ${Math.floor(Math.random() * 1e6).toString(36)}`);
  const page = await memberPage(browser, member);
  await page.goto('/vip');
  await page.getByRole('article', { name: 'Gold' }).getByRole('button', { name: 'Get VIP' }).click();
  const consent = page.getByRole('dialog', { name: 'Get Gold VIP' });
  await consent.getByRole('checkbox', { name: VIP_START_NOW_TEXT }).check();
  await consent.getByRole('button', { name: 'Continue to payment' }).click();
  await page.getByRole('button', { name: 'Pay $9.99' }).click();
  await page.getByRole('dialog', { name: 'Payment received' }).getByRole('button', { name: 'OK' }).click();

  // Paid today: one day used of thirty, so $9.66 of $9.99 comes back.
  const banner = page.getByRole('region', { name: 'You are a VIP member' });
  await banner.getByRole('button', { name: 'Withdraw and get $9.66 back' }).click();
  const dialog = page.getByRole('dialog', { name: 'Withdraw from Gold VIP' });
  await expect(dialog).toContainText('Your VIP ends now and $9.66 goes back to you');
  await expectNoAxeViolations(page);
  await page.screenshot({ path: 'test-results/screens/vip-withdraw-confirm-1280.png' });
  await dialog.getByRole('button', { name: 'Withdraw' }).click();
  await expect(dialog.getByText('You withdrew from VIP: 9.66 USD goes back to you, and your VIP has ended.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Unlock VIP Features' })).toBeVisible();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('article', { name: 'Gold' }).getByRole('button', { name: 'Get VIP' })).toBeEnabled();

  await page.goto('/coins');
  await expect(page.getByRole('region', { name: 'Purchase History' })).toContainText('$9.66 refunded');
});
