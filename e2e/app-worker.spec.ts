import type { Browser, BrowserContext, Page } from '@playwright/test';
import { startPushService } from '../test/server/helpers/push-service';
import { registerMember, type Member } from './support/members';
import { expect, test } from './support/test';

// Issue 51: Orbit as an installed app. Its manifest installs, its service
// worker controls the page and opens the shell offline, and a push the server
// produced for a member who is away becomes a notification their service
// worker shows.

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

const bearer = (member: Member) => ({ Authorization: `Bearer ${member.token}` });

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

test('a member who is away gets the match as a notification their service worker shows, with the payload the server produced', async ({ browser, request, baseURL }) => {
  const pushService = await startPushService();
  try {
    const suffix = Math.floor(Math.random() * 1e6).toString(36);
    const asha = await registerMember(request, `Asha ${suffix}`);
    const rohan = await registerMember(request, `Rohan ${suffix}`);
    const context = await appContext(browser, asha, baseURL ?? '');
    await context.grantPermissions(['notifications']);
    // Asha's tab never reaches the realtime channel: she is away, as with Orbit closed.
    await context.routeWebSocket(/\/api\/realtime\//, (socket) => socket.close());
    const page = await context.newPage();
    await page.goto('/settings');
    await workerReady(page);

    // Chromium's own push service is out of reach from this machine: the test browser's subscription stands in
    // for the one PushManager would make, and what its push service receives goes to Asha's worker as Chromium delivers it.
    const device = pushService.newBrowser();
    expect((await request.put('/api/notifications/push-subscription', { headers: bearer(asha), data: device.subscription })).status()).toBe(200);
    expect((await request.post('/api/users/like', { headers: bearer(asha), data: { targetId: rohan.id, type: 'like' } })).ok()).toBe(true);
    expect((await request.post('/api/users/like', { headers: bearer(rohan), data: { targetId: asha.id, type: 'like' } })).ok()).toBe(true);

    await expect.poll(() => pushService.pushesTo(device).length).toBe(1);
    const [push] = pushService.pushesTo(device);
    expect(push?.payload).toMatchObject({ kind: 'match', title: "It's a match! 🎉", body: `You and ${rohan.name} like each other.`, url: `/messages?with=${rohan.id}` });

    const devtools = await context.newCDPSession(page);
    const registrationId = new Promise<string>((resolve) => {
      devtools.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const live = registrations.find((registration) => !registration.isDeleted);
        if (live) resolve(live.registrationId);
      });
    });
    await devtools.send('ServiceWorker.enable');
    await devtools.send('ServiceWorker.deliverPushMessage', { origin: new URL(baseURL ?? '').origin, registrationId: await registrationId, data: JSON.stringify(push?.payload) });

    await expect
      .poll(() =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.ready;
          return (await registration.getNotifications()).map(({ title, body, data }) => ({ title, body, url: (data as { url?: string } | null)?.url }));
        }),
      )
      .toEqual([{ title: "It's a match! 🎉", body: `You and ${rohan.name} like each other.`, url: `/messages?with=${rohan.id}` }]);
  } finally {
    await pushService.close();
  }
});
