import { expect, type Page } from '@playwright/test';
import { WITHDRAWAL_WAIVER_TEXT } from '../../contract/store/purchases';

/** Buys a coin pack on the local test provider, as a member does (consent, checkout, pay), and comes back to Orbit. */
export async function buyCoinPack(page: Page, pack: { name: string; price: string }): Promise<void> {
  await page.goto('/coins');
  await page.getByRole('article', { name: pack.name }).getByRole('button', { name: 'Buy Now' }).click();
  const consent = page.getByRole('dialog');
  await consent.getByRole('checkbox', { name: WITHDRAWAL_WAIVER_TEXT }).check();
  await consent.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(/\/test-checkout\/tcs_/);
  await page.getByRole('button', { name: `Pay ${pack.price}` }).click();
  const receipt = page.getByRole('dialog', { name: 'Payment received' });
  await expect(receipt).toBeVisible({ timeout: 10_000 });
  await receipt.getByRole('button', { name: 'OK' }).click();
}
