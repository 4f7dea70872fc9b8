import type { Browser, BrowserContext, Page } from '@playwright/test';
import { registerMember, type Member } from './support/members';
import { expect, test } from './support/test';

// Issue 51: Orbit as an installed app. Its manifest installs, and its service
// worker controls the page and opens the shell offline.

const PHONE = { width: 390, height: 844 };

/** A member's own browser with service workers allowed (the other specs block them). */
async function appContext(browser: Browser, member: Member, baseURL: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, viewport: PHONE, serviceWorkers: 'allow' });
  await context.addInitScript((value) => window.localStorage.setItem('user_token', value), member.token);
  return context;
}

/** Resolves once the app's service worker is active for the page (the member layer registers it after load). */
async function workerReady(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
}

test('installs: a manifest with the fields browsers need, and a service worker that controls the page and opens it offline', async ({ browser, request, baseURL }) => {
  const member = await registerMember(request, 'Nia');
  const context = await appContext(browser, member, baseURL ?? '');
  const page = await context.newPage();
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await workerReady(page);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js$/);

  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifest = (await (await request.get(href ?? '')).json()) as Record<string, unknown>;
  expect(manifest).toMatchObject({ name: expect.any(String), short_name: 'Orbit', display: 'standalone', start_url: '/', theme_color: expect.any(String) });
  const icons = manifest.icons as Array<{ sizes: string; type: string }>;
  expect(icons.filter((icon) => icon.type === 'image/png').map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));

  // Offline, the page opens from the worker's caches and says so.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText("You're offline")).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await context.setOffline(false);
});
