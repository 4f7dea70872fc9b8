import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photosResponseSchema } from '../../../contract/photos/photos';
import { meResponseSchema, publicUserResponseSchema } from '../../../contract/members/profile';
import { users } from '../../../server/db/schema';
import { insertPerson } from '../discovery/people-fixtures';
import { bearer, loginAdmin, registerUser, type RegisteredUser } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/test-app';

let testApp: TestApp;
let viewer: RegisteredUser;
let other: RegisteredUser;

beforeAll(async () => {
  testApp = await createTestApp();
  viewer = await registerUser(testApp.app);
  other = await registerUser(testApp.app, { age: 33, gender: 'male' });
  await testApp.db.update(users).set({ latitude: 19.1, longitude: 72.9, coins: 777, banReason: 'old note' }).where(eq(users.id, other.user._id));
});
afterAll(async () => {
  await testApp?.close();
});

function getUser(id: string, token = viewer.token) {
  return testApp.app.inject({ method: 'GET', url: `/api/user/${id}`, headers: bearer(token) });
}

function patchMe(payload: unknown, token = viewer.token) {
  return testApp.app.inject({ method: 'PATCH', url: '/api/user/me', headers: bearer(token), payload: payload as object });
}

describe('GET /api/user/:id', () => {
  it("shows another person's profile without their email, coins, coordinates or ban details", async () => {
    const response = await getUser(other.user._id);
    expect(response.statusCode).toBe(200);
    const { user, relationship } = publicUserResponseSchema.parse(response.json());
    expect(user).toMatchObject({ _id: other.user._id, username: other.body.username, age: 33, gender: 'male', profile: { vipLevel: 'Gold', age: 33 } });
    expect(relationship).toEqual({ decision: null, isMatch: false });
    expect(response.body).not.toContain(other.body.email);
    // Coordinates are matched as JSON numbers: a timestamp such as "08:43:19.172Z" must not count as a leak.
    expect(response.body).not.toMatch(/"email"|"coins"|:777[,}]|latitude|longitude|[:,[]19\.1\d*[,\]}]|[:,[]72\.9\d*[,\]}]|ban|password|"role"/i);
  });

  it('tells the viewer their own decision and whether they matched', async () => {
    await testApp.app.inject({ method: 'POST', url: '/api/users/like', headers: bearer(viewer.token), payload: { targetId: other.user._id, type: 'super' } });
    await testApp.app.inject({ method: 'POST', url: '/api/users/like', headers: bearer(other.token), payload: { targetId: viewer.user._id } });
    const { relationship } = publicUserResponseSchema.parse((await getUser(other.user._id)).json());
    expect(relationship).toEqual({ decision: 'super', isMatch: true });
  });

  it('answers 404 for an unknown id, a banned person or an admin, and 400 for a malformed id', async () => {
    const banned = await insertPerson(testApp.db, { isBanned: true });
    const [admin] = await testApp.db.select({ id: users.id }).from(users).where(eq(users.role, 'admin'));
    for (const id of ['00000000-0000-4000-8000-000000000000', banned.id, admin?.id ?? '']) {
      const response = await getUser(id);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ success: false, message: 'User not found' });
    }
    const malformed = await getUser('not-a-uuid');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ message: 'id: Invalid id' });
  });

  it('needs a signed-in account', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: `/api/user/${other.user._id}` });
    expect(response.statusCode).toBe(401);
  });
});

describe('PATCH /api/user/me', () => {
  it('updates every editable field and answers with the updated user', async () => {
    const changes = {
      name: '  Sam Rivera ',
      bio: 'Sunsets and street food.',
      age: 31,
      gender: 'other',
      language: 'Hindi',
      region: 'Pune',
      interests: ['Hiking', 'hiking', 'Jazz'],
      location: { latitude: 18.52, longitude: 73.86 },
    };
    const response = await patchMe(changes);
    expect(response.statusCode).toBe(200);
    const { user } = meResponseSchema.parse(response.json());
    expect(user).toMatchObject({
      age: 31,
      gender: 'other',
      region: 'Pune',
      bio: 'Sunsets and street food.',
      lang: 'Hindi',
      interests: ['Hiking', 'Jazz'],
      profile: { name: 'Sam Rivera', location: 'Pune', language: 'Hindi' },
    });
    expect(response.body).not.toMatch(/latitude|longitude|[:,[]18\.52\d*[,\]}]/);
    const [stored] = await testApp.db.select().from(users).where(eq(users.id, viewer.user._id));
    expect(stored).toMatchObject({ latitude: 18.52, longitude: 73.86 });
  });

  it('lets the generated default picture follow a gender change, but never a photo the member uploaded', async () => {
    const member = await registerUser(testApp.app, { username: 'pat_lee', gender: 'female' });
    const seed = '/api/media/avatar/pat-lee';
    expect(member.user.avatar).toBe(`${seed}?look=feminine`);

    const avatarAfter = async (payload: object) => {
      const response = await patchMe(payload, member.token);
      expect(response.statusCode).toBe(200);
      return meResponseSchema.parse(response.json()).user.avatar;
    };
    expect(await avatarAfter({ gender: 'male' })).toBe(`${seed}?look=masculine`);
    expect(await avatarAfter({ gender: 'other' })).toBe(seed);

    const photo = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#c86' } }).jpeg().toBuffer();
    const upload = await testApp.app.inject({
      method: 'POST',
      url: '/api/user/me/photos',
      headers: { ...bearer(member.token), 'content-type': 'image/jpeg' },
      payload: photo,
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const photoAvatar = photosResponseSchema.parse(upload.json()).user.avatar;
    expect(photoAvatar).toMatch(/^\/api\/photos\/[0-9a-f-]{36}\/320\.webp$/);
    expect(await avatarAfter({ gender: 'female' })).toBe(photoAvatar);
  });

  it.each([
    [{ avatar: '/api/media/avatar/sunny-day' }, 'avatar'],
    [{ avatar: 'https://evil.example/x.png' }, 'avatar'],
    [{ photos: ['/api/media/avatar/sam-1'] }, 'photos'],
    [{ bio: 'Still here', photos: [] }, 'photos'],
  ])('refuses %j: pictures change only through /user/me/photos', async (payload, field) => {
    const before = await testApp.db.select({ avatar: users.avatar, photos: users.photos }).from(users).where(eq(users.id, viewer.user._id));
    const response = await patchMe(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, errors: expect.arrayContaining([{ field, message: 'Unknown field' }]) as unknown });
    expect(await testApp.db.select({ avatar: users.avatar, photos: users.photos }).from(users).where(eq(users.id, viewer.user._id))).toEqual(before);
  });

  it('forgets the stored location when sent null', async () => {
    expect((await patchMe({ location: null })).statusCode).toBe(200);
    const [stored] = await testApp.db.select().from(users).where(eq(users.id, viewer.user._id));
    expect(stored).toMatchObject({ latitude: null, longitude: null });
  });

  it("takes the caller off everyone else's radar with showOnRadar false, and back with true", async () => {
    const radarNames = async () => {
      const response = await testApp.app.inject({ method: 'GET', url: '/api/users/radar?around=home-page&radiusKm=50&limit=20', headers: bearer(viewer.token) });
      expect(response.statusCode).toBe(200);
      return response.json<{ users: Array<{ _id: string }> }>().users.map((person) => person._id);
    };
    expect(await radarNames()).toContain(other.user._id);

    const hide = await patchMe({ showOnRadar: false }, other.token);
    expect(hide.statusCode).toBe(200);
    expect(meResponseSchema.parse(hide.json()).user.showOnRadar).toBe(false);
    expect(await radarNames()).not.toContain(other.user._id);
    // Their profile is still there for people who find them elsewhere, without saying they hide.
    const profile = await getUser(other.user._id);
    expect(profile.statusCode).toBe(200);
    expect(profile.body).not.toContain('showOnRadar');

    expect(meResponseSchema.parse((await patchMe({ showOnRadar: true }, other.token)).json()).user.showOnRadar).toBe(true);
    expect(await radarNames()).toContain(other.user._id);
  });

  it('stores a name in its composed form, and keeps names that only share a word with staff titles', async () => {
    for (const [sent, stored] of [
      ['Zoe\u0301 Martin', 'Zoé Martin'],
      ['Mod Sequeira-Team', 'Mod Sequeira-Team'],
      ['Helen Orbiting', 'Helen Orbiting'],
      ['Renée 🚀', 'Renée 🚀'],
      // Another script is not a disguise, and a staff word alone inside a longer word is not a title.
      ['Никола Прохоров', 'Никола Прохоров'],
      ['Orbital Modeste', 'Orbital Modeste'],
      ['Teamwork Tess', 'Teamwork Tess'],
    ]) {
      const response = await patchMe({ name: sent });
      expect(response.statusCode, response.body).toBe(200);
      const [row] = await testApp.db.select({ name: users.name }).from(users).where(eq(users.id, viewer.user._id));
      expect(row?.name).toBe(stored);
    }
  });

  it.each([
    [{ showOnRadar: 'no' }, 'showOnRadar', 'Show on radar must be true or false'],
    [{ bio: 'x'.repeat(501) }, 'bio', 'Bio must be at most 500 characters'],
    [{ age: 17 }, 'age', 'You must be at least 18'],
    [{ age: 100 }, 'age', 'Age must be at most 99'],
    [{ age: 'thirty' }, 'age', 'Age must be a number'],
    [{ name: '   ' }, 'name', 'Name is required'],
    // Invisible and direction-changing characters (ASVS 5.0: what others read must be what is stored).
    [{ name: 'Sam\u200bRivera' }, 'name', 'Name must not contain invisible or text-direction characters'],
    [{ name: 'Sam \u202eareviR' }, 'name', 'Name must not contain invisible or text-direction characters'],
    [{ name: '\u2067Sam\u2069' }, 'name', 'Name must not contain invisible or text-direction characters'],
    [{ bio: 'My files: \u202egpj.exe' }, 'bio', 'Bio must not contain invisible or text-direction characters'],
    [{ region: '\u2066Berlin\u2069' }, 'region', 'Region must not contain invisible or text-direction characters'],
    [{ interests: ['hik\u200bing'] }, 'interests.0', 'Each interest must not contain invisible or text-direction characters'],
    // Names that pose as the people who run Orbit.
    [{ name: 'Orbit Support ✅' }, 'name', 'Name must not look like an Orbit staff account'],
    [{ name: '0rbit-Team' }, 'name', 'Name must not look like an Orbit staff account'],
    [{ name: 'ADMIN' }, 'name', 'Name must not look like an Orbit staff account'],
    [{ name: 'Sam ✔' }, 'name', 'Name must not look like an Orbit staff account'],
    // Issue 50, finding 11: lookalike letters of other scripts, and the words run together.
    [{ name: '\u041erbit Team' }, 'name', 'Name must not look like an Orbit staff account'],
    [{ name: 'Adm\u0456n' }, 'name', 'Name must not look like an Orbit staff account'],
    [{ name: 'OrbitSupport' }, 'name', 'Name must not look like an Orbit staff account'],
    [{ name: 'The_Orbit_Team' }, 'name', 'Name must not look like an Orbit staff account'],
    [{ name: '\uff2f\uff52\uff42\uff49\uff54 \uff33\uff41\uff46\uff45\uff54\uff59' }, 'name', 'Name must not look like an Orbit staff account'],
    [{ name: 'Sam from SupportOrbit' }, 'name', 'Name must not look like an Orbit staff account'],
    [{ gender: 'robot' }, 'gender', 'Gender must be male, female or other'],
    [{ interests: Array.from({ length: 11 }, (_, index) => `Interest ${index}`) }, 'interests', 'At most 10 interests'],
    [{ interests: ['x'.repeat(31)] }, 'interests.0', 'Each interest must be at most 30 characters'],
    [{ location: { latitude: 91, longitude: 0 } }, 'location.latitude', 'Latitude must be between -90 and 90'],
  ])('refuses %j with a message for %s', async (payload, field, message) => {
    const response = await patchMe(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, errors: [{ field, message }] });
  });

  it.each([['coins', 99999], ['isVIP', true], ['role', 'admin'], ['isBanned', false], ['banReason', ''], ['email', 'x@example.com'], ['vipTier', 'Diamond']])(
    'refuses the protected or unknown field %s',
    async (field, value) => {
      const storedNow = async () => (await testApp.db.select().from(users).where(eq(users.id, viewer.user._id)))[0];
      const coinsBefore = (await storedNow())?.coins;
      const response = await patchMe({ bio: 'ok', [field]: value });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ errors: [{ field, message: 'Unknown field' }] });
      expect(await storedNow()).toMatchObject({ coins: coinsBefore, role: 'user', isVip: false });
    },
  );

  it('refuses an empty change', async () => {
    const response = await patchMe({});
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'Send at least one field to update' });
  });

  it('is for user accounts: 401 signed out, 403 for an admin', async () => {
    expect((await testApp.app.inject({ method: 'PATCH', url: '/api/user/me', payload: { bio: 'x' } })).statusCode).toBe(401);
    expect((await patchMe({ bio: 'x' }, await loginAdmin(testApp.app))).statusCode).toBe(403);
  });
});
