import { expect, test, type APIRequestContext, type Page } from './support/test';
import { VIP_START_NOW_TEXT } from '../contract/store/subscriptions';
import { expectNoAxeViolations, expectNoSidewaysScroll } from './support/layout';

const ADMIN = { username: process.env.ADMIN_USERNAME ?? 'admin', password: process.env.ADMIN_PASSWORD ?? 'e2e-admin-password-2026' };
const DEMO = { username: 'demo', password: 'orbit-demo-2026' };
const SCREENS = [
  { path: '/coins', name: 'coins', ready: 'Value Pack' },
  { path: '/vip', name: 'vip', ready: 'Platinum' },
  { path: '/store', name: 'store', ready: 'Value Pack' },
] as const;

/** As the API sends and takes prices: whole cents with their currency. */
interface Price {
  amountMinor: number;
  currency: string;
}
interface CoinPack {
  _id: string;
  name: string;
  coins: number;
  price: Price;
  popular: boolean;
  active: boolean;
}
interface VipPlan {
  _id: string;
  name: string;
  duration: number;
  price: Price;
  popular: boolean;
  features: string[];
  active: boolean;
}

async function token(request: APIRequestContext, path: '/api/auth/login' | '/api/admin/login', credentials: { username: string; password: string }) {
  const response = await request.post(path, { data: credentials });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

const auth = (value: string) => ({ Authorization: `Bearer ${value}` });

/** Signs the browser in as a user the way the app stores it (SPEC section 3: user_token). */
async function signInBrowser(page: Page, userToken: string) {
  await page.addInitScript((value) => localStorage.setItem('user_token', value), userToken);
}

async function openScreen(page: Page, screen: (typeof SCREENS)[number]) {
  await page.goto(screen.path);
  await expect(page.getByRole('article', { name: screen.ready })).toBeVisible();
}

test('a visitor sees the three screens with the seeded catalogue: accessible, no sideways scroll at 390 px', async ({ page }) => {
  for (const screen of SCREENS) {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await openScreen(page, screen);
      if (width === 390) {
        await expectNoSidewaysScroll(page, 390);
      }
      await expectNoAxeViolations(page);
      await page.screenshot({ path: `test-results/screens/store-${screen.name}-visitor-${width}.png`, fullPage: true });
    }
  }

  await page.goto('/coins');
  await expect(page.getByRole('heading', { level: 1, name: 'Your Coins' })).toBeVisible();
  await expect(page.getByText('Use coins to unlock special features')).toBeVisible();
  const value = page.getByRole('article', { name: 'Value Pack' });
  await expect(value.getByText('MOST POPULAR')).toBeVisible();
  await expect(value.getByText('$4.99')).toBeVisible();
  await expect(page.getByText('MOST POPULAR')).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Buy Now' })).toHaveCount(4);
  await expect(page.getByRole('region', { name: 'How to Earn Coins' })).toContainText('up to 50 coins a day');

  await page.goto('/vip');
  await expect(page.getByRole('region', { name: 'Unlock VIP Features' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Platinum' }).getByText('RECOMMENDED')).toBeVisible();
  await expect(page.getByRole('region', { name: 'VIP Benefits' })).toContainText('Boost Profile');

  await page.goto('/store');
  await expect(page.getByRole('link', { name: 'How to earn coins' })).toHaveAttribute('href', '/coins');
  await expect(page.getByRole('link', { name: 'See all VIP benefits' })).toHaveAttribute('href', '/vip');
});

/**
 * The demo member's balance as the Coins page writes it ("550coins"): read from the API, since other
 * tests' likes and profile edits with the shared demo account earn it coins.
 */
async function demoBalanceText(request: APIRequestContext): Promise<string> {
  const me = await request.get('/api/user/me', { headers: { Authorization: `Bearer ${await token(request, '/api/auth/login', DEMO)}` } });
  expect(me.status()).toBe(200);
  const { user } = (await me.json()) as { user: { coins: number } };
  return `${user.coins.toLocaleString('en-US')}coins`;
}

test('signed out, Buy Now sends the visitor to /login first, and signing in brings them back', async ({ page, request }) => {
  await page.goto('/coins');
  await page.getByRole('article', { name: 'Premium Pack' }).getByRole('button', { name: 'Buy Now' }).click();
  await expect(page).toHaveURL(/\/login\?redirect=%2Fcoins$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByText('Sign in to continue to Coins.')).toBeVisible();

  const form = page.getByRole('form', { name: 'User sign in' });
  await form.getByLabel('Username').fill(DEMO.username);
  await form.getByLabel('Password').fill(DEMO.password);
  await form.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/coins$/);
  await expect(page.getByRole('complementary', { name: 'Your balance' })).toContainText(await demoBalanceText(request));
});

test('the demo user sees the real balance on Coins and Store, and Get VIP asks for the start-now request before any checkout', async ({ page, request }) => {
  await signInBrowser(page, await token(request, '/api/auth/login', DEMO));
  const balance = await demoBalanceText(request);
  await page.goto('/coins');
  await expect(page.getByRole('complementary', { name: 'Your balance' })).toContainText(balance);
  await page.goto('/store');
  await expect(page.getByRole('complementary', { name: 'Your balance' })).toContainText(balance);

  // A plan is a subscription: its dialog says what it costs and how often, and nothing starts before the box is ticked (the whole purchase: vip-subscription.spec.ts).
  await page.getByRole('article', { name: 'Platinum' }).getByRole('button', { name: 'Get VIP' }).click();
  const dialog = page.getByRole('dialog', { name: 'Get Platinum VIP' });
  await expect(dialog).toContainText(/Platinum VIP for \$[0-9.]+ every 3 months \(VAT included\)/);
  await expect(dialog).toContainText('It renews until you cancel.');
  await expect(dialog.getByRole('checkbox', { name: VIP_START_NOW_TEXT })).not.toBeChecked();
  await expect(dialog.getByRole('button', { name: 'Continue to payment' })).toBeDisabled();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: 'test-results/screens/store-vip-consent-1280.png' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('complementary', { name: 'Your balance' })).toContainText(balance);
});

test('a VIP member sees the member banner with the expiry date', async ({ page, request }) => {
  const username = `vip_${Date.now().toString(36)}`;
  const registered = await request.post('/api/auth/register', {
    data: { username, email: `${username}@example.com`, password: 'correct-horse-battery', age: 30, gender: 'female', acceptTerms: true },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const { token: userToken, user } = (await registered.json()) as { token: string; user: { _id: string } };
  const adminToken = await token(request, '/api/admin/login', ADMIN);
  const plans = (await (await request.get('/api/admin/vipplans', { headers: auth(adminToken) })).json()) as { vipPlans: VipPlan[] };
  const platinum = plans.vipPlans.find((plan) => plan.name === 'Platinum');
  if (!platinum) throw new Error('Platinum is not seeded');
  const granted = await request.post(`/api/admin/user/${user._id}/make-vip`, { headers: auth(adminToken), data: { planId: platinum._id } });
  expect(granted.status(), await granted.text()).toBe(200);

  const me = (await (await request.get('/api/user/me', { headers: auth(userToken) })).json()) as { user: { vipUntil: string } };
  await signInBrowser(page, userToken);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/vip');
    const banner = page.getByRole('region', { name: 'You are a VIP member' });
    await expect(banner).toBeVisible();
    const expiry = await page.evaluate((iso) => new Intl.DateTimeFormat(undefined, { dateStyle: 'long' }).format(new Date(iso)), me.user.vipUntil);
    await expect(banner).toContainText(`active until ${expiry}`);
    await expect(page.getByRole('region', { name: 'Unlock VIP Features' })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `test-results/screens/store-vip-member-${width}.png`, fullPage: true });
  }
});

test('a change an admin makes to a coin pack or VIP plan shows on Coins, VIP and Store', async ({ page, request }) => {
  const adminToken = await token(request, '/api/admin/login', ADMIN);
  const packs = (await (await request.get('/api/admin/coinpacks', { headers: auth(adminToken) })).json()) as { coinPacks: CoinPack[] };
  const plans = (await (await request.get('/api/admin/vipplans', { headers: auth(adminToken) })).json()) as { vipPlans: VipPlan[] };
  const premium = packs.coinPacks.find((pack) => pack.name === 'Premium Pack');
  const diamond = plans.vipPlans.find((plan) => plan.name === 'Diamond');
  if (!premium || !diamond) throw new Error('The seeded catalogue changed');

  const savePack = (coinPack: Omit<CoinPack, 'active'> & { active?: boolean }) =>
    request.post('/api/admin/coinpacks', { headers: auth(adminToken), data: { coinPack } });
  const savePlan = (vipPlan: Omit<VipPlan, 'active'> & { active?: boolean }) =>
    request.post('/api/admin/vipplans', { headers: auth(adminToken), data: { vipPlan } });

  try {
    expect((await savePack({ ...premium, name: 'Mega Pack', coins: 1500, price: { amountMinor: 1249, currency: 'USD' }, popular: true })).status()).toBe(200);
    expect((await savePlan({ ...diamond, name: 'Diamond Elite', duration: 180, price: { amountMinor: 3999, currency: 'USD' } })).status()).toBe(200);

    await page.goto('/coins');
    const mega = page.getByRole('article', { name: 'Mega Pack' });
    await expect(mega).toContainText('1,500 coins');
    await expect(mega.getByText('$12.49')).toBeVisible();
    await expect(mega.getByText('MOST POPULAR')).toBeVisible();
    await expect(page.getByRole('article', { name: 'Premium Pack' })).toHaveCount(0);

    await page.goto('/vip');
    const elite = page.getByRole('article', { name: 'Diamond Elite' });
    await expect(elite.getByText('every 6 months')).toBeVisible();
    await expect(elite.getByText('$39.99')).toBeVisible();
    await expect(page.getByRole('article', { name: 'Diamond', exact: true })).toHaveCount(0);

    await page.goto('/store');
    await expect(page.getByRole('article', { name: 'Mega Pack' }).getByText('$12.49')).toBeVisible();
    await expect(page.getByRole('article', { name: 'Diamond Elite' }).getByText('$39.99')).toBeVisible();

    // Deactivated items leave every screen.
    expect(
      (await savePack({ ...premium, name: 'Mega Pack', coins: 1500, price: { amountMinor: 1249, currency: 'USD' }, popular: true, active: false })).status(),
    ).toBe(200);
    await page.goto('/store');
    await expect(page.getByRole('article', { name: 'Value Pack' })).toBeVisible();
    await expect(page.getByRole('article', { name: 'Mega Pack' })).toHaveCount(0);
  } finally {
    await savePack({ _id: premium._id, name: premium.name, coins: premium.coins, price: premium.price, popular: premium.popular, active: premium.active });
    await savePlan({ ...diamond });
  }
});

test('the coin and VIP animations are served by the app and hold still under reduced motion', async ({ page }) => {
  for (const file of ['coins.svg', 'coins-still.svg', 'vip.svg', 'vip-still.svg']) {
    const response = await page.request.get(`/animations/${file}`);
    expect(response.status(), file).toBe(200);
    expect(response.headers()['content-type']).toContain('image/svg+xml');
  }
  await page.goto('/vip');
  const art = page.locator('[data-animation="vip"] img');
  await expect(art).toHaveJSProperty('complete', true);
  expect(await art.evaluate((image: HTMLImageElement) => image.currentSrc)).toMatch(/\/animations\/vip\.svg$/);

  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/coins');
  const still = page.locator('[data-animation="coins"] img');
  await expect(still).toHaveJSProperty('complete', true);
  expect(await still.evaluate((image: HTMLImageElement) => image.currentSrc)).toMatch(/\/animations\/coins-still\.svg$/);
});
