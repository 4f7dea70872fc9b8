import { FREE_DAILY_LIKES } from '../contract/constants';
import { expect, test, type APIRequestContext } from './support/test';
import { adminToken, memberPage, registerMember, type Member } from './support/members';

// Issue 48, point 3: a free member has FREE_DAILY_LIKES likes a UTC day; the
// next like says so, with when more come (in the member's own time) and VIP.

/** Other members' ids, from the admin's list: people to like through the API. */
async function othersToLike(request: APIRequestContext, member: Member, count: number): Promise<string[]> {
  const token = await adminToken(request);
  const ids: string[] = [];
  for (let page = 1; ids.length < count; page += 1) {
    const listed = await request.get(`/api/admin/users?limit=100&page=${page}`, { headers: { Authorization: `Bearer ${token}` } });
    expect(listed.status(), await listed.text()).toBe(200);
    const { users } = (await listed.json()) as { users: Array<{ _id: string; role: string; isBanned: boolean }> };
    if (users.length === 0) throw new Error(`only ${ids.length} people to like`);
    ids.push(...users.filter((user) => user.role === 'user' && !user.isBanned && user._id !== member.id).map((user) => user._id));
  }
  return ids.slice(0, count);
}

test("a free member's like past today's allowance is refused, saying when more come and that VIP has no limit", async ({ browser, request }) => {
  const member = await registerMember(request, `Lina ${Math.floor(Math.random() * 1e6).toString(36)}`);
  const targets = await othersToLike(request, member, FREE_DAILY_LIKES);
  let left: number | null = null;
  for (const targetId of targets) {
    const liked = await request.post('/api/users/like', { headers: { Authorization: `Bearer ${member.token}` }, data: { targetId, type: 'like' } });
    expect(liked.status(), await liked.text()).toBe(200);
    left = ((await liked.json()) as { likesLeftToday: number | null }).likesLeftToday;
  }
  expect(left).toBe(0);

  const page = await memberPage(browser, member);
  await page.goto('/users');
  const card = page.getByRole('main').getByRole('article').first();
  const likeButton = card.getByRole('button', { name: /^Like / });
  await expect(likeButton).toBeVisible();
  // Accepted inside the handler: once a waitForEvent listener has fired, no listener is left and
  // Playwright dismisses the alert itself, racing an accept() made afterwards (which then hangs).
  const alerted = new Promise<string>((resolve) => {
    page.once('dialog', (dialog) => {
      resolve(dialog.message());
      void dialog.accept();
    });
  });
  await likeButton.click();
  expect(await alerted).toMatch(new RegExp(`^You've used today's ${FREE_DAILY_LIKES} likes; more at \\d\\d:\\d\\d, or go VIP$`));
  // Nothing was liked: the card still offers the like.
  await expect(likeButton).toBeVisible();
  await expect(card.getByRole('button', { name: /^Liked / })).toHaveCount(0);
});
