import { expect, test, type APIRequestContext, type Page } from './support/test';
import { expectNoAxeViolations, expectNoSidewaysScroll } from './support/layout';
import { makeVip, MEMBER_PASSWORD, memberPage, registerMember, type Member } from './support/members';

// Issue 48, point 3: a VIP boosts once a day; for 30 minutes their card comes
// first in others' Discover (within preferences), and they see the views it brought.

/** No seeded person is this old, so Discover filtered to it lists only this test's people. */
const RARE_AGE = 97;

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

async function rareMember(request: APIRequestContext, name: string): Promise<Member> {
  const member = await registerMember(request, name);
  const aged = await request.patch('/api/user/me', { headers: auth(member.token), data: { age: RARE_AGE } });
  expect(aged.status(), await aged.text()).toBe(200);
  return member;
}


/** The names on the cards of the viewer's Discover, filtered to this test's people, in order. */
async function discoverNames(page: Page): Promise<string[]> {
  await page.goto(`/users?minAge=${RARE_AGE}&maxAge=${RARE_AGE}`);
  const cards = page.getByRole('main').getByRole('article');
  await expect(cards.first()).toBeVisible();
  return cards.evaluateAll((articles) => articles.map((article) => article.getAttribute('aria-label') ?? article.textContent ?? ''));
}

test("a VIP's Boost puts their card first in another member's Discover, and they see the view it brought", async ({ browser, request }) => {
  const suffix = Math.floor(Math.random() * 1e6).toString(36);
  const booster = await rareMember(request, `Bianca ${suffix}`);
  await makeVip(request, booster);
  const viewer = await registerMember(request, `Victor ${suffix}`);

  try {
    const boosterPage = await memberPage(browser, booster);
    await boosterPage.goto('/users');
    const panel = boosterPage.getByRole('region', { name: 'Boost' });
    await expect(panel.getByRole('button', { name: 'Boost now' })).toBeVisible();

    // Two people active after the booster: without a boost they come before her.
    await rareMember(request, `Ola ${suffix}`);
    await rareMember(request, `Pia ${suffix}`);
    const viewerPage = await memberPage(browser, viewer);
    const before = await discoverNames(viewerPage);
    expect(before).toHaveLength(3);
    expect(before[0]).not.toContain(booster.name);

    await panel.getByRole('button', { name: 'Boost now' }).click();
    await expect(panel.getByRole('status')).toContainText(/Your Boost runs until \d\d:\d\d · 0 views so far/);

    const after = await discoverNames(viewerPage);
    expect(after[0]).toContain(booster.name);
    expect(after).toHaveLength(3);

    // The view is the viewer's, counted once however often they look.
    await discoverNames(viewerPage);
    await boosterPage.reload();
    await expect(panel.getByRole('status')).toContainText('1 view so far');

    for (const viewport of [{ width: 390, height: 844 }, { width: 1280, height: 800 }]) {
      await boosterPage.setViewportSize(viewport);
      await expectNoSidewaysScroll(boosterPage, viewport.width);
      await panel.scrollIntoViewIfNeeded();
      await boosterPage.screenshot({ path: `test-results/screens/boost-running-${viewport.width}.png` });
    }
    await expectNoAxeViolations(boosterPage);
  } finally {
    // A boost runs for 30 minutes on the shared test server and would come first in every later test's Spin and Discover:
    // the booster leaves, and her boost with her.
    const deleted = await request.delete('/api/auth/account', { headers: { Authorization: `Bearer ${booster.token}` }, data: { password: MEMBER_PASSWORD } });
    expect(deleted.status(), await deleted.text()).toBe(200);
  }
});
