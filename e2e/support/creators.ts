import { expect, type Page } from '@playwright/test';

/** On the open /creator page: accepts the published creator terms and enrols, as a member does. */
export async function enrolAsCreator(page: Page): Promise<void> {
  await page.getByRole('checkbox', { name: 'I accept the creator terms' }).check();
  await page.getByRole('button', { name: 'Become a creator' }).click();
  await expect(page.getByText('No earnings yet. Go live: gifts your viewers send show here.')).toBeVisible();
}

/** Goes live from the Live page with `title`, and waits for the LIVE badge. */
export async function goLive(page: Page, title: string): Promise<void> {
  await page.goto('/live-stream');
  await page.getByRole('button', { name: 'Turn On Camera' }).click();
  await expect(page.getByLabel('Your camera preview')).toBeVisible();
  await page.getByLabel('Stream title').fill(title);
  await page.getByRole('button', { name: 'Go Live' }).click();
  await expect(page.getByText('LIVE', { exact: true })).toBeVisible({ timeout: 20_000 });
}
