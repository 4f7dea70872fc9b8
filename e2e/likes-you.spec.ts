import { expect, test } from './support/test';
import { captureBothWidths } from './support/layout';
import { makeVip, memberPage, registerMember } from './support/members';

test('a free member sees how many like them and not who; as VIP they see who, like back, and both see the match', async ({ browser, request }) => {
  // Seven states, each checked by axe and photographed at two widths.
  test.setTimeout(150_000);
  const suffix = Math.floor(Math.random() * 1e6).toString(36);
  const ana = await registerMember(request, `Ana ${suffix}`);
  const ben = await registerMember(request, `Ben ${suffix}`);
  const anaPage = await memberPage(browser, ana);
  const benPage = await memberPage(browser, ben);

  // Ben likes Ana from her profile; then Cara super likes her.
  await benPage.goto(`/profile/${ana.id}`);
  await benPage.getByRole('button', { name: 'Like', exact: true }).click();
  await expect(benPage.getByRole('button', { name: 'Liked', exact: true })).toBeVisible();
  const cara = await registerMember(request, `Cara ${suffix}`);
  const superLiked = await request.post('/api/users/like', { headers: { Authorization: `Bearer ${cara.token}` }, data: { targetId: ana.id, type: 'super' } });
  expect(superLiked.ok()).toBe(true);

  // Ana, free: Matches says two people like her; Likes you shows the count and blurred stand-ins, never who.
  await anaPage.goto('/match');
  const likesYouLink = anaPage.getByRole('link', { name: 'Likes you: 2' });
  await captureBothWidths(anaPage, 'likes-you-matches-link', async () => {
    await expect(likesYouLink).toBeVisible();
  });
  await likesYouLink.click();
  await expect(anaPage).toHaveURL(/\/likes-you$/);
  await expect(anaPage.getByRole('heading', { level: 2, name: '2 people like you' })).toBeVisible();
  await expect(anaPage.getByTestId('locked-card')).toHaveCount(2);
  await expect(anaPage.getByTestId('locked-card').locator('img')).toHaveCount(0);
  for (const admirer of [ben, cara]) {
    await expect(anaPage.getByText(admirer.name)).toHaveCount(0);
    expect(await anaPage.content()).not.toContain(admirer.id);
  }
  await expect(anaPage.getByRole('link', { name: 'Get VIP to see who' })).toHaveAttribute('href', '/vip');
  await captureBothWidths(anaPage, 'likes-you-locked', async () => {
    await expect(anaPage.getByRole('heading', { level: 2, name: '2 people like you' })).toBeVisible();
  });

  // The server failing: the error with Try Again, which asks again (and shows the loading cards meanwhile).
  let releaseRetry = () => {};
  const retryHeld = new Promise<void>((resolve) => (releaseRetry = resolve));
  let failed = false;
  await anaPage.route('**/api/users/likes-you*', async (route) => {
    if (!failed) {
      failed = true;
      return route.fulfill({ status: 503, json: { success: false, message: 'Service unavailable, try again shortly' } });
    }
    await retryHeld;
    return route.continue();
  });
  await anaPage.reload();
  await captureBothWidths(anaPage, 'likes-you-error', async () => {
    await expect(anaPage.getByRole('heading', { name: 'Error Loading Likes' })).toBeVisible();
  });
  await anaPage.getByRole('button', { name: 'Try Again' }).click();
  await captureBothWidths(anaPage, 'likes-you-loading', async () => {
    await expect(anaPage.getByRole('list', { name: 'Loading who liked you' })).toBeVisible();
  });
  releaseRetry();
  await expect(anaPage.getByRole('heading', { level: 2, name: '2 people like you' })).toBeVisible();
  await anaPage.unroute('**/api/users/likes-you*');

  // Made VIP, Ana sees who: Cara's super like (the newest) first, then Ben.
  await makeVip(request, ana);
  await anaPage.reload();
  const benCard = anaPage.getByRole('article', { name: `${ben.name}, 31` });
  const caraCard = anaPage.getByRole('article', { name: `${cara.name}, 31` });
  await expect(anaPage.getByRole('article')).toHaveText([new RegExp(cara.name), new RegExp(ben.name)]);
  await expect(caraCard.getByText('Super like')).toBeVisible();
  await expect(benCard.getByText('Super like')).toHaveCount(0);
  await expect(benCard.getByRole('img', { name: ben.name })).toBeVisible();
  await captureBothWidths(anaPage, 'likes-you-vip', async () => {
    await expect(benCard).toBeVisible();
  });

  // Like back Ben: the match moment, and his card leaves.
  await benCard.getByRole('button', { name: `Like back ${ben.name}` }).click();
  const moment = anaPage.getByRole('dialog', { name: "It's a match! 🎉" });
  await expect(moment.getByText(`You and ${ben.name} like each other.`)).toBeVisible();
  await anaPage.screenshot({ path: 'test-results/screens/likes-you-match-1280.png' });
  await moment.getByRole('button', { name: 'Keep browsing' }).click();
  await expect(benCard).toHaveCount(0);
  await expect(anaPage.getByRole('heading', { level: 2, name: '1 person likes you' })).toBeVisible();

  // Pass on Cara: she leaves too, and nobody is left waiting.
  await caraCard.getByRole('button', { name: `Pass on ${cara.name}` }).click();
  await expect(caraCard).toHaveCount(0);
  await captureBothWidths(anaPage, 'likes-you-empty', async () => {
    await expect(anaPage.getByRole('heading', { name: 'No new likes yet' })).toBeVisible();
  });

  // Ana and Ben both see the match; Cara is not one.
  for (const [page, other] of [
    [anaPage, ben],
    [benPage, ana],
  ] as const) {
    await page.goto('/match');
    await expect(page.getByRole('heading', { level: 2, name: `${other.name}, 31` })).toBeVisible();
    await expect(page.getByText('1 of 1 matches')).toBeVisible();
  }
  await expect(anaPage.getByRole('link', { name: 'Likes you: 0' })).toBeVisible();
});
