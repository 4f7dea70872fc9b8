import { expect, test, type APIRequestContext, type Page } from './support/test';
import sharp from 'sharp';
import { expectNoAxeViolations, expectNoSidewaysScroll } from './support/layout';

// Issue 35: a newcomer registers, walks the guided set-up with a real photo
// file, and lands on a Discover that respects who they want to meet; another
// member sees that photo on their card; reordering changes the main photo.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

function uniqueUsername(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}

/** A real photo file as a phone would give it: a JPEG with a gradient and some texture. */
async function photoFile(hue: number): Promise<Buffer> {
  const base = await sharp({ create: { width: 300, height: 400, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 50 } } })
    .blur(2)
    .png()
    .toBuffer();
  return sharp(base).modulate({ hue }).resize(1200, 1600).jpeg({ quality: 85 }).toBuffer();
}

interface Member {
  id: string;
  username: string;
  token: string;
}

async function registerThroughApi(request: APIRequestContext, prefix: string, age: number, gender: 'female' | 'male'): Promise<Member> {
  const username = uniqueUsername(prefix);
  const response = await request.post('/api/auth/register', {
    data: { username, email: `${username}@example.com`, password: 'correct-horse-battery', age, gender, acceptTerms: true },
  });
  expect(response.status()).toBe(201);
  const body = (await response.json()) as { token: string; user: { _id: string } };
  return { id: body.user._id, username, token: body.token };
}

async function uploadThroughApi(request: APIRequestContext, member: Member, jpeg: Buffer): Promise<Array<{ id: string }>> {
  const response = await request.post('/api/user/me/photos', {
    headers: { authorization: `Bearer ${member.token}`, 'content-type': 'image/jpeg' },
    data: jpeg,
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { photos: Array<{ id: string }> }).photos;
}

async function checkedStep(page: Page, title: string, step: number, width: number) {
  const heading = page.getByRole('heading', { level: 1, name: title });
  await expect(heading).toBeVisible();
  await expect(page.getByText(`Step ${step} of 5`)).toBeVisible();
  await expectNoSidewaysScroll(page, width);
  await expectNoAxeViolations(page);
}

for (const viewport of [PHONE, DESKTOP]) {
  test(`a newcomer at ${viewport.width} px registers, sets up a profile with a photo, and lands on a Discover that respects their preferences`, async ({ page, request }) => {
    await page.setViewportSize(viewport);
    const username = uniqueUsername('nia');
    await page.goto('/register');
    const form = page.getByRole('form', { name: 'Sign up' });
    await form.getByLabel('First name').fill('Nia');
    await form.getByLabel('Username').fill(username);
    await form.getByLabel('Email').fill(`${username}@example.com`);
    await form.getByLabel('Password').fill('correct-horse-battery');
    await form.getByLabel('Age').fill('30');
    await form.getByLabel('Gender').selectOption('female');
    await form.getByRole('checkbox', { name: /18 or over/ }).check();
    await form.getByRole('button', { name: 'Sign Up' }).click();

    // 1. Photos: a real file through the file picker, re-encoded by the server.
    await expect(page).toHaveURL(/\/onboarding$/);
    await checkedStep(page, 'Add your photos', 1, viewport.width);
    await page.getByLabel('Add photos').setInputFiles({ name: 'beach.jpg', mimeType: 'image/jpeg', buffer: await photoFile(0) });
    const photos = page.getByRole('list', { name: 'Your photos' }).or(page.getByLabel('Your photos'));
    const firstPhoto = photos.locator('img').first();
    await expect(firstPhoto).toHaveAttribute('src', /^\/api\/photos\/[0-9a-f-]{36}\/\d+\.webp$/);
    await expect(firstPhoto).toHaveJSProperty('complete', true);
    expect(await firstPhoto.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Continue' }).click();

    // 2. About.
    await checkedStep(page, 'About you', 2, viewport.width);
    await page.getByLabel('Your bio').fill('Sea swims at dawn, street food at night.');
    await page.getByRole('button', { name: 'Continue' }).click();

    // 3. Interests, picked as chips.
    await checkedStep(page, 'Your interests', 3, viewport.width);
    const interests = page.getByRole('group', { name: 'Your interests' });
    await interests.getByRole('button', { name: 'Beach' }).click();
    await interests.getByRole('button', { name: 'Street Food' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();

    // 4. Location: a city typed in, picked from the suggestions.
    await checkedStep(page, 'Where are you?', 4, viewport.width);
    await page.getByRole('textbox', { name: 'City' }).fill('Mumb');
    await page.getByRole('button', { name: /^Mumbai, / }).click();
    await page.getByRole('button', { name: 'Continue' }).click();

    // 5. Who they want to meet: men of 25 to 40 within 50 km.
    await checkedStep(page, 'Who would you like to meet?', 5, viewport.width);
    await expect(page.getByRole('radio', { name: 'Men', exact: true })).toBeChecked(); // pre-filled from her gender
    await page.getByLabel('Youngest').fill('25');
    await page.getByLabel('Oldest').fill('40');
    await page.getByLabel('Distance').selectOption({ label: 'Within 50 km' });
    await page.getByRole('button', { name: 'Finish' }).click();

    // Discover: every card is someone inside the preferences.
    await expect(page).toHaveURL(/\/users/);
    const cards = page.getByRole('article');
    await expect(cards.first()).toBeVisible();
    const headings = await cards.getByRole('heading').allTextContents();
    expect(headings.length).toBeGreaterThan(0);
    for (const heading of headings) {
      const age = Number(/,\s*(\d+)/.exec(heading)?.[1]);
      expect(age, heading).toBeGreaterThanOrEqual(25);
      expect(age, heading).toBeLessThanOrEqual(40);
    }
    await expectNoSidewaysScroll(page, viewport.width);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `test-results/screens/profiles-discover-after-onboarding-${viewport.width}.png`, fullPage: true });

    // What the screen shows is what the server decided: all men, all 25 to 40, all within reach.
    const token = await page.evaluate(() => window.localStorage.getItem('user_token'));
    const me = await request.get('/api/user/me', { headers: { authorization: `Bearer ${token}` } });
    const { user } = (await me.json()) as { user: { onboarding: { completed: boolean }; preferences: unknown; region: string; interests: string[]; avatar: string } };
    expect(user.onboarding.completed).toBe(true);
    expect(user.preferences).toEqual({ showMe: 'men', minAge: 25, maxAge: 40, maxDistanceKm: 50 });
    expect(user.region).toMatch(/^Mumbai/);
    expect(user.interests).toEqual(expect.arrayContaining(['Beach', 'Street Food']));
    expect(user.avatar).toMatch(/^\/api\/photos\//);
    const shown = await request.get('/api/users?limit=50', { headers: { authorization: `Bearer ${token}` } });
    const people = ((await shown.json()) as { users: Array<{ gender: string | null; age: number | null }> }).users;
    expect(people.length).toBeGreaterThan(0);
    for (const person of people) {
      expect(person.gender).toBe('male');
      expect(person.age).toBeGreaterThanOrEqual(25);
      expect(person.age).toBeLessThanOrEqual(40);
    }

    // The header shows the member's own photo and name, not the word "User".
    if (viewport.width >= DESKTOP.width) {
      // The header greets her by the first name she gave, not her username.
      const account = page.getByRole('button', { name: 'Nia, account menu' });
      await expect(account.locator('img')).toHaveAttribute('src', user.avatar);
    } else {
      await page.getByRole('button', { name: 'Menu' }).click();
      await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' })).toBeVisible();
    }
  });
}

test("a member's photo shows on their card in another member's Discover, and reordering changes the main photo", async ({ browser, request }) => {
  const nia = await registerThroughApi(request, 'nia', 31, 'female');
  const [first] = await uploadThroughApi(request, nia, await photoFile(0));
  const photos = await uploadThroughApi(request, nia, await photoFile(180));
  const second = photos[1];
  expect(first && second).toBeTruthy();

  // Raj wants to meet women of exactly Nia's age, so she is among the first people Discover shows him.
  const raj = await registerThroughApi(request, 'raj', 33, 'male');
  const preferences = await request.patch('/api/user/me', {
    headers: { authorization: `Bearer ${raj.token}` },
    data: { preferences: { showMe: 'women', minAge: 31, maxAge: 31, maxDistanceKm: null }, onboardingCompleted: true },
  });
  expect(preferences.status()).toBe(200);

  const rajContext = await browser.newContext({ viewport: DESKTOP });
  const niaContext = await browser.newContext({ viewport: DESKTOP });
  try {
    await rajContext.addInitScript((token) => window.localStorage.setItem('user_token', token), raj.token);
    await niaContext.addInitScript((token) => window.localStorage.setItem('user_token', token), nia.token);
    const rajPage = await rajContext.newPage();
    await rajPage.goto('/users');
    const card = rajPage.getByRole('article', { name: new RegExp(`^${nia.username}`) });
    await expect(card.getByRole('img', { name: nia.username })).toHaveAttribute('src', new RegExp(`/api/photos/${first?.id}/`));
    await expect(card.getByRole('img', { name: nia.username })).toHaveAttribute('srcset', /320w/);

    // Nia opens Edit Profile and makes her second photo the main one, with the keyboard-reachable button.
    const niaPage = await niaContext.newPage();
    await niaPage.goto('/profile');
    await niaPage.getByRole('button', { name: 'Edit Profile' }).click();
    const editor = niaPage.getByRole('dialog', { name: 'Edit Profile' });
    await expect(editor.getByLabel('Name')).toBeFocused();
    await editor.getByRole('button', { name: 'Make photo 2 your main photo' }).click();
    await expect(editor.getByRole('status').filter({ hasText: 'This is now your main photo' })).toBeAttached();
    await expect(niaPage.getByRole('button', { name: `${nia.username}, account menu` }).locator('img')).toHaveAttribute('src', new RegExp(`/api/photos/${second?.id}/`));
    await expectNoAxeViolations(niaPage);
    await niaPage.screenshot({ path: 'test-results/screens/profiles-edit-profile-photos-1280.png' });
    await niaPage.setViewportSize(PHONE);
    await expectNoSidewaysScroll(niaPage, PHONE.width);
    await niaPage.screenshot({ path: 'test-results/screens/profiles-edit-profile-photos-390.png' });
    await niaPage.setViewportSize(DESKTOP);

    // Raj's next look at Discover shows the new main photo.
    await rajPage.reload();
    await expect(card.getByRole('img', { name: nia.username })).toHaveAttribute('src', new RegExp(`/api/photos/${second?.id}/`));
  } finally {
    await rajContext.close();
    await niaContext.close();
  }
});
