import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES } from '../../../contract/members/preferences';
import { meResponseSchema, publicUserResponseSchema } from '../../../contract/members/profile';
import { users } from '../../../server/db/schema';
import { bearer, loginAdmin, registerUser, type RegisteredUser } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/test-app';

// PATCH /api/user/me with preferences and the guided set-up's progress (issue 35).

let testApp: TestApp;
let member: RegisteredUser;

beforeAll(async () => {
  testApp = await createTestApp();
  member = await registerUser(testApp.app, { age: 27, gender: 'female' });
});
afterAll(async () => {
  await testApp?.close();
});

function patchMe(payload: unknown, token = member.token) {
  return testApp.app.inject({ method: 'PATCH', url: '/api/user/me', headers: bearer(token), payload: payload as object });
}

async function patchedUser(payload: object) {
  const response = await patchMe(payload);
  expect(response.statusCode, response.body).toBe(200);
  return meResponseSchema.parse(response.json()).user;
}

describe('a new registration', () => {
  it('starts the guided set-up at photos, open to meeting everyone of any age, anywhere', () => {
    expect(member.user.onboarding).toEqual({ completed: false, step: 'photos' });
    expect(member.user.preferences).toEqual(DEFAULT_PREFERENCES);
    expect(member.user.preferences).toEqual({ showMe: 'everyone', minAge: 18, maxAge: 99, maxDistanceKm: null });
    expect(member.user.photoNudgeSeen).toBe(false);
  });
});

describe('PATCH /api/user/me preferences', () => {
  it('stores who the member wants to meet, whole, and shows it back only to them', async () => {
    const preferences = { showMe: 'men', minAge: 25, maxAge: 38, maxDistanceKm: 40 } as const;
    expect((await patchedUser({ preferences })).preferences).toEqual(preferences);
    const [row] = await testApp.db.select().from(users).where(eq(users.id, member.user._id));
    expect(row).toMatchObject({ showMe: 'men', prefMinAge: 25, prefMaxAge: 38, prefMaxDistanceKm: 40 });
    expect((await patchedUser({ preferences: { ...preferences, maxDistanceKm: null } })).preferences.maxDistanceKm).toBeNull();

    const other = await registerUser(testApp.app);
    const profile = await testApp.app.inject({ method: 'GET', url: `/api/user/${member.user._id}`, headers: bearer(other.token) });
    expect(publicUserResponseSchema.parse(profile.json()).user).not.toHaveProperty('preferences');
    expect(profile.body).not.toMatch(/showMe|maxDistanceKm|onboarding/);
  });

  it.each([
    [{ showMe: 'men', minAge: 40, maxAge: 30, maxDistanceKm: null }, 'preferences.minAge', 'The youngest age must not be more than the oldest'],
    [{ showMe: 'aliens', minAge: 18, maxAge: 99, maxDistanceKm: null }, 'preferences.showMe', 'Show me must be women, men or everyone'],
    [{ showMe: 'men', minAge: 17, maxAge: 99, maxDistanceKm: null }, 'preferences.minAge', 'Youngest age must be between 18 and 99'],
    [{ showMe: 'men', minAge: 18, maxAge: 100, maxDistanceKm: null }, 'preferences.maxAge', 'Oldest age must be between 18 and 99'],
    [{ showMe: 'men', minAge: 18.5, maxAge: 99, maxDistanceKm: null }, 'preferences.minAge', 'Youngest age must be a whole number'],
    [{ showMe: 'men', minAge: 18, maxAge: 99, maxDistanceKm: 0 }, 'preferences.maxDistanceKm', 'Distance must be between 1 and 500 km'],
    [{ showMe: 'men', minAge: 18, maxAge: 99, maxDistanceKm: 501 }, 'preferences.maxDistanceKm', 'Distance must be between 1 and 500 km'],
    [{ showMe: 'men', minAge: 18, maxAge: 99 }, 'preferences.maxDistanceKm', 'Distance must be a number'],
    [{ showMe: 'men', minAge: 18, maxAge: 99, maxDistanceKm: null, pets: true }, 'preferences.pets', 'Unknown field'],
  ])('refuses %j with a message for %s', async (preferences, field, message) => {
    const response = await patchMe({ preferences });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, message: `${field}: ${message}`, errors: [{ field, message }] });
  });

  it('leaves the stored preferences as they were after a refusal', async () => {
    await patchedUser({ preferences: { showMe: 'women', minAge: 21, maxAge: 31, maxDistanceKm: 10 } });
    expect((await patchMe({ preferences: { showMe: 'women', minAge: 50, maxAge: 30, maxDistanceKm: 10 } })).statusCode).toBe(400);
    const me = await testApp.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(member.token) });
    expect(meResponseSchema.parse(me.json()).user.preferences).toEqual({ showMe: 'women', minAge: 21, maxAge: 31, maxDistanceKm: 10 });
  });
});

describe('PATCH /api/user/me set-up progress', () => {
  it('remembers the step to come back to, then the set-up as finished, for good', async () => {
    const newcomer = await registerUser(testApp.app);
    const patch = async (payload: object) => {
      const response = await patchMe(payload, newcomer.token);
      expect(response.statusCode, response.body).toBe(200);
      return meResponseSchema.parse(response.json()).user;
    };
    expect((await patch({ onboardingStep: 'interests' })).onboarding).toEqual({ completed: false, step: 'interests' });
    expect((await patch({ onboardingStep: 'preferences', onboardingCompleted: true })).onboarding).toEqual({ completed: true, step: 'preferences' });
    const [row] = await testApp.db.select({ onboardedAt: users.onboardedAt }).from(users).where(eq(users.id, newcomer.user._id));
    // Finishing again keeps the first time.
    await patch({ onboardingCompleted: true });
    const [again] = await testApp.db.select({ onboardedAt: users.onboardedAt }).from(users).where(eq(users.id, newcomer.user._id));
    expect(again?.onboardedAt).toEqual(row?.onboardedAt);
    expect((await patch({ photoNudgeSeen: true })).photoNudgeSeen).toBe(true);
    expect((await patch({ photoNudgeSeen: true })).photoNudgeSeen).toBe(true);
  });

  it.each([
    [{ onboardingCompleted: false }, 'onboardingCompleted', 'Onboarding completed can only be true'],
    [{ onboardingStep: 'dance' }, 'onboardingStep', 'Onboarding step must be one of photos, about, interests, location, preferences'],
    [{ photoNudgeSeen: false }, 'photoNudgeSeen', 'Photo nudge seen can only be true'],
  ])('refuses %j with a message for %s', async (payload, field, message) => {
    const response = await patchMe(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, errors: [{ field, message }] });
  });

  it('is for members: an admin gets 403', async () => {
    const response = await patchMe({ preferences: DEFAULT_PREFERENCES }, await loginAdmin(testApp.app));
    expect(response.statusCode).toBe(403);
  });
});
