import { CHROMIUM_ARGS } from '../playwright.config';
import { CREATOR_FIRST_PENDING_DAYS } from '../contract/creators';
import { buyCoinPack } from './support/coins';
import { enrolAsCreator, goLive } from './support/creators';
import { expectNoAxeViolations } from './support/layout';
import { adminToken, MEMBER_PASSWORD, memberPage, realtimeJoined, registerMember, type Member } from './support/members';
import { expect, test } from './support/moved-clock';
import type { Browser, Page } from '@playwright/test';

/**
 * A creator's first withdrawal (issue 49), end to end: a host enrolled as a
 * creator goes live, a viewer buys coins on the local test provider and gifts
 * them; the earnings stay pending for the first-payout period, which the test
 * passes by moving the server's clock (the `moved-clock` project's own
 * server); then she asks for a withdrawal, the admin checks her identity and
 * pays it with a reference, and she sees it Paid with that reference.
 */
test.use({
  // A step that cannot happen fails in seconds, not at the end of the test's long allowance.
  actionTimeout: 15_000,
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', '--allow-loopback-in-peer-connection'],
  },
});

const DAY_MS = 24 * 60 * 60 * 1000;
const ROCKET_COINS = 1000;
const ROCKETS = 6;
/**
 * Her share of the money behind six Rockets drawn from three VIP Packs (2,500 coins for $19.99 each): 50% of
 * 1,000 coins' worth is 399 cents, and the third Rocket, drawn 500 from each of the first two packs, is 2 x 199.
 */
const SHARE = '$23.93';
const WITHDRAWN = '20.00';
const REFERENCE = 'PAYPAL-E2E-FIRST-PAYOUT';

async function openOrbit(browser: Browser, member: Member, path: string): Promise<Page> {
  const page = await memberPage(browser, member);
  const joined = realtimeJoined(page);
  await page.goto(path);
  await joined;
  return page;
}

const VIP_PACK = { name: 'VIP Pack', price: '$19.99' };

test('after the first-payout wait a creator withdraws her earnings; the admin checks her identity and pays; she sees Paid with the reference', async ({
  browser,
  request,
  moveServerClock,
}) => {
  test.setTimeout(240_000);
  const suffix = Math.floor(Math.random() * 1e6).toString(36);
  const host = await registerMember(request, `Maya ${suffix}`);
  const giver = await registerMember(request, `Theo ${suffix}`);
  const title = `Rooftop set ${suffix}`;

  // Maya enrols as a creator.
  const hostPage = await openOrbit(browser, host, '/creator');
  await enrolAsCreator(hostPage);

  await goLive(hostPage, title);

  // Theo buys three VIP Packs and sends her six Rockets.
  const giverPage = await openOrbit(browser, giver, '/coins');
  for (let pack = 0; pack < 3; pack += 1) await buyCoinPack(giverPage, VIP_PACK);
  await expect(giverPage.getByRole('complementary', { name: 'Your balance' })).toContainText('7,500coins');
  await giverPage.goto('/live-stream');
  await giverPage.getByRole('region', { name: 'Live now' }).getByRole('link', { name: new RegExp(title) }).click();
  await giverPage.waitForURL(/\/live\/[0-9a-f-]{36}$/);
  await giverPage.getByRole('button', { name: 'Send a gift' }).click();
  const tray = giverPage.getByRole('dialog', { name: 'Send a gift' });
  for (let rocket = 1; rocket <= ROCKETS; rocket += 1) {
    await tray.getByRole('button', { name: /^Rocket, 1,000 coins/ }).click();
    await expect(tray).toContainText(`You have ${(7500 - rocket * ROCKET_COINS).toLocaleString('en-US')} coins.`);
  }
  await expect(hostPage.getByText(`Your takings: 6,000 coins from ${ROCKETS} gifts`)).toBeVisible();
  await hostPage.getByRole('group', { name: 'Stream controls' }).getByRole('button', { name: 'End Stream' }).click();
  await hostPage.getByRole('dialog', { name: 'End your stream?' }).getByRole('button', { name: 'End Stream' }).click();
  await expect(hostPage.getByRole('heading', { name: 'Stream ended' })).toBeVisible();

  // Pending: nothing to withdraw yet.
  await hostPage.goto('/creator');
  const balance = hostPage.getByRole('region', { name: 'Test earnings (USD, no money moved)' });
  await expect(balance).toContainText(`Pending${SHARE}`);
  await expect(balance).toContainText('Withdrawable$0.00');
  await expect(balance.getByRole('button', { name: 'Withdraw' })).toBeDisabled();
  // With earnings to her name, she gives her identity for payouts.
  const identityForm = hostPage.getByRole('form', { name: 'Your identity for payouts' });
  await identityForm.getByLabel('Legal name').fill(`Maya Lindqvist ${suffix}`);
  await identityForm.getByLabel('Date of birth').fill('1994-05-17');
  await identityForm.getByLabel('Address').fill('Sveavägen 12, 111 57 Stockholm, Sweden');
  await identityForm.getByLabel('Tax id').fill('199405171234');
  await identityForm.getByRole('button', { name: 'Save identity' }).click();
  await expect(hostPage.getByText("Waiting for Orbit's check: you can ask for a withdrawal, and it is paid once the check is done.")).toBeVisible();
  await hostPage.context().close();
  await giverPage.context().close();

  // Two months on (the first payout's wait, and a day): she comes back and signs in again.
  await moveServerClock((CREATOR_FIRST_PENDING_DAYS + 1) * DAY_MS);
  const returning = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const creatorPage = await returning.newPage();
  await creatorPage.goto('/login');
  const signIn = creatorPage.getByRole('form', { name: 'User sign in' });
  await signIn.getByLabel('Username').fill(host.username);
  await signIn.getByLabel('Password').fill(MEMBER_PASSWORD);
  await signIn.getByRole('button', { name: 'Sign In' }).click();
  await expect(creatorPage).not.toHaveURL(/\/login/);
  await creatorPage.goto('/creator');
  const withdrawable = creatorPage.getByRole('region', { name: 'Test earnings (USD, no money moved)' });
  await expect(withdrawable).toContainText(`Withdrawable${SHARE}`);
  await expect(withdrawable).toContainText('Pending$0.00');

  await withdrawable.getByRole('button', { name: 'Withdraw' }).click();
  const dialog = creatorPage.getByRole('dialog', { name: 'Withdraw test earnings' });
  await dialog.getByLabel('Amount (USD)').fill(WITHDRAWN);
  await dialog.getByLabel('PayPal email').fill(`maya.${suffix}@example.com`);
  await dialog.getByRole('button', { name: 'Review' }).click();
  await dialog.getByRole('button', { name: 'Confirm withdrawal' }).click();
  await expect(dialog).toContainText('Withdrawal requested. It shows below as Requested until an admin pays it.');
  await dialog.getByRole('button', { name: 'Done' }).click();
  const withdrawals = creatorPage.getByRole('region', { name: 'Your withdrawals', exact: true });
  await expect(withdrawals).toContainText(`$${WITHDRAWN} (test)`);
  await expect(withdrawals).toContainText('Requested');
  await expect(withdrawable).toContainText('Withdrawable$3.93');

  // The admin checks her identity on the request, then pays it.
  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const adminPage = await adminContext.newPage();
  const token = await adminToken(request);
  await adminPage.addInitScript((value) => window.localStorage.setItem('admin_token', value), token);
  await adminPage.goto('/admin/withdrawals?status=pending');
  const main = adminPage.getByRole('main');
  await main.getByRole('button', { name: `Check the identity of ${host.username}` }).click();
  const check = adminPage.getByRole('dialog', { name: 'Check identity' });
  await expect(check).toContainText(`Maya Lindqvist ${suffix}, born 1994-05-17`);
  await check.getByRole('checkbox').check();
  await check.getByRole('button', { name: 'Record as checked' }).click();
  await expect(check).toBeHidden();
  await main.getByRole('button', { name: `Approve withdrawal of ${host.username}` }).click();
  const approve = adminPage.getByRole('dialog', { name: 'Approve withdrawal' });
  await approve.getByLabel('Transaction id').fill(REFERENCE);
  await approve.getByLabel('Fee (USD)').fill('0.50');
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(approve).toBeHidden();
  const paidRow = main.getByRole('row').filter({ hasText: REFERENCE });
  await expect(paidRow).toContainText('Approved');
  await expect(paidRow).toContainText('Fee $0.50, sent $19.50');

  // She sees it paid, with the payout's reference.
  await creatorPage.reload();
  await expect(withdrawals).toContainText(`Paid · reference ${REFERENCE}`);
  await expect(creatorPage.getByText(/^Checked by Orbit on /)).toBeVisible();
  await expectNoAxeViolations(creatorPage);
  await creatorPage.screenshot({ path: 'test-results/screens/creator-withdrawal-paid-1280.png', fullPage: true });
});
