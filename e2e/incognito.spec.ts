import { expect, test, type Page } from './support/test';
import { expectNoAxeViolations, expectNoSidewaysScroll } from './support/layout';
import { makeVip, memberPage, registerMember } from './support/members';

// Issue 48, point 3: with Incognito on, a VIP is found in Discover only by the people they liked.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
/** No seeded person is this old, so Discover filtered to it lists only the incognito member. */
const RARE_AGE = 98;

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/** The Incognito part of Settings at phone and desktop width: no sideways scroll, no axe violations, a screenshot of each. */
async function captureIncognito(page: Page, state: string) {
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    // Loaded at this width, as a phone or a desktop loads it: resized from desktop width after reloads, Chromium kept the
    // header's desktop style rules at 390 px (matchMedia said phone), which no member's phone does.
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Incognito mode' })).toBeVisible();
    await expectNoSidewaysScroll(page, viewport.width);
    await page.getByRole('switch', { name: 'Incognito mode' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/screens/incognito-${state}-${viewport.width}.png` });
  }
  await expectNoAxeViolations(page);
}

test('an incognito VIP disappears from Discover for others and comes back for someone they like', async ({ browser, request }) => {
  const suffix = Math.floor(Math.random() * 1e6).toString(36);
  const incognito = await registerMember(request, `Ines ${suffix}`);
  const seeker = await registerMember(request, `Bruno ${suffix}`);
  const aged = await request.patch('/api/user/me', { headers: auth(incognito.token), data: { age: RARE_AGE } });
  expect(aged.status(), await aged.text()).toBe(200);

  const seekerPage = await memberPage(browser, seeker);
  const ownCard = seekerPage.getByRole('article', { name: new RegExp(incognito.name) });
  const discover = () => seekerPage.goto(`/users?minAge=${RARE_AGE}&maxAge=${RARE_AGE}`);
  await discover();
  await expect(ownCard).toBeVisible();

  // A free member sees the switch locked, with the reason and the way to VIP.
  const incognitoPage = await memberPage(browser, incognito);
  await incognitoPage.goto('/settings');
  const toggle = incognitoPage.getByRole('switch', { name: 'Incognito mode' });
  await expect(toggle).toBeDisabled();
  await expect(incognitoPage.getByText('Incognito is a VIP feature.')).toBeVisible();
  await expect(incognitoPage.getByRole('link', { name: 'Get VIP' })).toHaveAttribute('href', '/vip');
  await captureIncognito(incognitoPage, 'free');

  await makeVip(request, incognito);
  await incognitoPage.reload();
  await expect(toggle).toBeEnabled();
  await expect(incognitoPage.getByText(/It works while your VIP lasts/)).toBeVisible();
  await toggle.click();
  await expect(toggle).toBeChecked();
  await expect(toggle).toBeEnabled();
  await incognitoPage.reload();
  await expect(toggle).toBeChecked();
  await captureIncognito(incognitoPage, 'on');

  await discover();
  await expect(seekerPage.getByText('No users found')).toBeVisible();
  await expect(ownCard).toHaveCount(0);

  await incognitoPage.goto(`/profile/${seeker.id}`);
  await incognitoPage.getByRole('button', { name: 'Like', exact: true }).click();
  await expect(incognitoPage.getByRole('button', { name: 'Liked', exact: true })).toBeVisible();

  await discover();
  await expect(ownCard).toBeVisible();
});
