import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PHOTO_AVATAR_WIDTH,
  PHOTO_GALLERY_WIDTH,
  PHOTO_NOT_FOUND_MESSAGE,
  PHOTO_ORDER_MESSAGE,
  PHOTOS_FULL_MESSAGE,
  PHOTOS_MAX,
  photosResponseSchema,
  photoUrl,
} from '../../../contract/photos/photos';
import { publicUserResponseSchema } from '../../../contract/members/profile';
import { memberPhotos, users } from '../../../server/db/schema';
import { defaultAvatarUrl } from '../../../server/members/views';
import { bearer, loginAdmin, registerUser, type RegisteredUser } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { addPhoto, cameraJpeg, getPhotoFile, uploadPhoto } from './photo-fixtures';

let testApp: TestApp;
let small: Buffer;

beforeAll(async () => {
  testApp = await createTestApp();
  small = await cameraJpeg({ width: 240, height: 180 });
});
afterAll(async () => {
  await testApp?.close();
});

function call(method: 'GET' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) {
  return testApp.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
}
const listPhotos = (token: string) => call('GET', '/api/user/me/photos', token);
const reorder = (token: string, order: string[]) => call('PUT', '/api/user/me/photos/order', token, { order });
const deletePhoto = (token: string, id: string) => call('DELETE', `/api/user/me/photos/${id}`, token);

async function stored(userId: string) {
  const [row] = await testApp.db.select({ avatar: users.avatar, photos: users.photos }).from(users).where(eq(users.id, userId));
  return row;
}

/** Files of a photo on disk (the test app's temporary photo directory). */
function filesOf(photoId: string): string[] {
  const folder = path.join(testApp.photosDir ?? '', photoId);
  return fs.existsSync(folder) ? fs.readdirSync(folder).sort() : [];
}

describe('a member\'s photos', () => {
  let member: RegisteredUser;
  const ids: string[] = [];

  beforeAll(async () => {
    member = await registerUser(testApp.app, { gender: 'male' });
  });

  it('starts with none and the generated picture', async () => {
    const response = await listPhotos(member.token);
    expect(response.statusCode).toBe(200);
    const body = photosResponseSchema.parse(response.json());
    expect(body.photos).toEqual([]);
    expect(body.user.avatar).toBe(defaultAvatarUrl(member.body.username, 'male'));
    expect(body.user.photos).toEqual([]);
  });

  it('adds photos in order: the first is the avatar everywhere, all of them the profile\'s gallery', async () => {
    for (let index = 0; index < 3; index += 1) {
      const body = await addPhoto(testApp.app, member.token, small);
      expect(body.photos).toHaveLength(index + 1);
      ids.push(body.photos.at(-1)?.id ?? '');
    }
    const body = photosResponseSchema.parse((await listPhotos(member.token)).json());
    expect(body.photos.map((photo) => [photo.id, photo.position, photo.url])).toEqual(ids.map((id, index) => [id, index, photoUrl(id, PHOTO_GALLERY_WIDTH)]));
    expect(body.photos[0]).toMatchObject({ width: 240, height: 180 });
    expect(body.user.avatar).toBe(photoUrl(ids[0] ?? '', PHOTO_AVATAR_WIDTH));
    expect(body.user.profile.avatar).toBe(body.user.avatar);
    expect(body.user.photos).toEqual(ids.map((id) => photoUrl(id, PHOTO_GALLERY_WIDTH)));
    expect(await stored(member.user._id)).toEqual({ avatar: body.user.avatar, photos: body.user.photos });

    // What others see of the profile.
    const viewer = await registerUser(testApp.app);
    const profile = publicUserResponseSchema.parse((await call('GET', `/api/user/${member.user._id}`, viewer.token)).json());
    expect(profile.user.avatar).toBe(body.user.avatar);
    expect(profile.user.profile.photos).toEqual(body.user.photos);
    // Each stored width is a file (a 240-wide photo: 160, and "320" at its own 240).
    expect(filesOf(ids[0] ?? '')).toEqual(['160.webp', '320.webp']);
  });

  it('puts them in a new order; the new first one becomes the main photo', async () => {
    const order = [ids[2] ?? '', ids[0] ?? '', ids[1] ?? ''];
    const response = await reorder(member.token, order);
    expect(response.statusCode, response.body).toBe(200);
    const body = photosResponseSchema.parse(response.json());
    expect(body.photos.map((photo) => [photo.id, photo.position])).toEqual(order.map((id, index) => [id, index]));
    expect(body.user.avatar).toBe(photoUrl(order[0] ?? '', PHOTO_AVATAR_WIDTH));
    expect(body.user.photos).toEqual(order.map((id) => photoUrl(id, PHOTO_GALLERY_WIDTH)));
    expect(await stored(member.user._id)).toEqual({ avatar: body.user.avatar, photos: body.user.photos });
    ids.splice(0, ids.length, ...order);
  });

  it.each([
    ['leaves one out', (all: string[]) => all.slice(1)],
    ['names one twice', (all: string[]) => [all[0] ?? '', all[0] ?? '', all[1] ?? '']],
    ['names one that is not theirs', (all: string[]) => [...all.slice(1), '00000000-0000-4000-8000-000000000000']],
  ])('refuses an order that %s with 400, changing nothing', async (_name, build) => {
    const response = await reorder(member.token, build(ids));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, message: PHOTO_ORDER_MESSAGE });
    expect(photosResponseSchema.parse((await listPhotos(member.token)).json()).photos.map((photo) => photo.id)).toEqual(ids);
  });

  it('refuses a malformed order with the field\'s message', async () => {
    const response = await call('PUT', '/api/user/me/photos/order', member.token, { order: ['not-an-id'] });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errors: [{ field: 'order.0', message: 'Invalid id' }] });
  });

  it('serves each photo publicly, as WebP fresh for ten minutes then revalidated, with an ETag and the security headers, uncompressed', async () => {
    const url = photoUrl(ids[0] ?? '', PHOTO_AVATAR_WIDTH);
    const response = await getPhotoFile(testApp.app, url, { 'accept-encoding': 'br, gzip' });
    expect(response.statusCode).toBe(200);
    expect(response.headers).toMatchObject({
      'content-type': 'image/webp',
      'cache-control': 'public, max-age=600, must-revalidate',
      etag: `"${ids[0] ?? ''}-320"`,
      'x-content-type-options': 'nosniff',
      'cross-origin-resource-policy': 'same-origin',
    });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    expect(response.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');

    const head = await testApp.app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload).toHaveLength(0);
    expect(head.headers['content-length']).toBe(response.headers['content-length']);

    const again = await getPhotoFile(testApp.app, url, { 'if-none-match': `"${ids[0] ?? ''}-320"` });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload).toHaveLength(0);
    expect(again.headers.etag).toBe(`"${ids[0] ?? ''}-320"`);
  });

  it('takes a banned member\'s photos away, from a browser asking again with the copy it holds too, and gives them back on unban', async () => {
    const person = await registerUser(testApp.app);
    const [photo] = (await addPhoto(testApp.app, person.token, small)).photos;
    const url = photoUrl(photo?.id ?? '', PHOTO_AVATAR_WIDTH);
    const shown = await getPhotoFile(testApp.app, url);
    expect(shown.statusCode).toBe(200);
    const etag = shown.headers.etag ?? '';
    const adminToken = await loginAdmin(testApp.app);
    const ban = await testApp.app.inject({ method: 'POST', url: `/api/admin/user/${person.user._id}/ban`, payload: { reason: 'Fake profile' }, headers: bearer(adminToken) });
    expect(ban.statusCode, ban.body).toBe(200);

    const askedFor: Array<Record<string, string>> = [{}, { 'if-none-match': etag }];
    for (const headers of askedFor) {
      const gone = await getPhotoFile(testApp.app, url, headers);
      expect(gone.statusCode).toBe(404);
      expect(gone.json()).toEqual({ success: false, message: PHOTO_NOT_FOUND_MESSAGE });
    }
    const unban = await testApp.app.inject({ method: 'POST', url: `/api/admin/user/${person.user._id}/unban`, headers: bearer(adminToken) });
    expect(unban.statusCode, unban.body).toBe(200);
    expect((await getPhotoFile(testApp.app, url, { 'if-none-match': etag })).statusCode).toBe(304);
  });

  it('answers 404 for an unknown photo and 400 for a width that is not one of the stored sizes', async () => {
    const unknown = await getPhotoFile(testApp.app, photoUrl('00000000-0000-4000-8000-000000000000', 320));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ success: false, message: PHOTO_NOT_FOUND_MESSAGE });
    expect(unknown.headers['cache-control']).toBeUndefined();
    const odd = await getPhotoFile(testApp.app, `/api/photos/${ids[0] ?? ''}/321.webp`);
    expect(odd.statusCode).toBe(400);
    expect(odd.json<{ message: string }>().message).toMatch(/^file: File must be one of 160\.webp, 320\.webp, 640\.webp, 1080\.webp$/);
    expect((await getPhotoFile(testApp.app, `/api/photos/${ids[0] ?? ''}/..%2F..%2Fjwt-secret`)).statusCode).toBe(400);
  });

  it('serves a photo named by its id in capitals as the same photo, and an unknown one in capitals as 404 (both were 500)', async () => {
    const upper = await getPhotoFile(testApp.app, photoUrl((ids[0] ?? '').toUpperCase(), 160));
    expect(upper.statusCode).toBe(200);
    expect(upper.rawPayload).toEqual((await getPhotoFile(testApp.app, photoUrl(ids[0] ?? '', 160))).rawPayload);
    expect((await getPhotoFile(testApp.app, photoUrl('0000000A-0000-4000-8000-00000000000B', 160))).statusCode).toBe(404);
  });

  it('does not let another member reorder or delete them: their own list cannot name them, and a delete reads as not found', async () => {
    const other = await registerUser(testApp.app);
    await addPhoto(testApp.app, other.token, small);
    const before = await stored(member.user._id);

    const steal = await reorder(other.token, [ids[0] ?? '']);
    expect(steal.statusCode).toBe(400);
    const remove = await deletePhoto(other.token, ids[0] ?? '');
    expect(remove.statusCode).toBe(404);
    expect(remove.json()).toEqual({ success: false, message: PHOTO_NOT_FOUND_MESSAGE });

    expect(await stored(member.user._id)).toEqual(before);
    expect(await testApp.db.select({ id: memberPhotos.id }).from(memberPhotos).where(eq(memberPhotos.userId, member.user._id))).toHaveLength(3);
    expect(filesOf(ids[0] ?? '')).not.toEqual([]);
  });

  it('deletes one: its files go, the rest close up, and the next one becomes the main photo', async () => {
    const [first, second, third] = ids;
    const response = await deletePhoto(member.token, first ?? '');
    expect(response.statusCode, response.body).toBe(200);
    const body = photosResponseSchema.parse(response.json());
    expect(body.photos.map((photo) => [photo.id, photo.position])).toEqual([[second, 0], [third, 1]]);
    expect(body.user.avatar).toBe(photoUrl(second ?? '', PHOTO_AVATAR_WIDTH));
    expect(filesOf(first ?? '')).toEqual([]);
    expect(fs.existsSync(path.join(testApp.photosDir ?? '', first ?? ''))).toBe(false);
    expect((await getPhotoFile(testApp.app, photoUrl(first ?? '', PHOTO_AVATAR_WIDTH))).statusCode).toBe(404);
    expect((await deletePhoto(member.token, first ?? '')).statusCode).toBe(404);
  });

  it('goes back to the generated picture when the last photo goes', async () => {
    for (const id of ids.slice(1)) expect((await deletePhoto(member.token, id)).statusCode).toBe(200);
    const body = photosResponseSchema.parse((await listPhotos(member.token)).json());
    expect(body.photos).toEqual([]);
    expect(body.user.avatar).toBe(defaultAvatarUrl(member.body.username, 'male'));
    expect(await stored(member.user._id)).toEqual({ avatar: defaultAvatarUrl(member.body.username, 'male'), photos: [] });
    // ...which follows a gender change again, as a picture nobody chose does.
    const patched = await testApp.app.inject({ method: 'PATCH', url: '/api/user/me', headers: bearer(member.token), payload: { gender: 'female' } });
    expect(patched.json<{ user: { avatar: string } }>().user.avatar).toBe(defaultAvatarUrl(member.body.username, 'female'));
  });
});

describe('the limit of six', () => {
  it(`refuses a ${PHOTOS_MAX + 1}th photo with 409, and keeps no file of it`, async () => {
    const member = await registerUser(testApp.app);
    for (let index = 0; index < PHOTOS_MAX; index += 1) await addPhoto(testApp.app, member.token, small);
    const filesBefore = fs.readdirSync(testApp.photosDir ?? '').length;
    const response = await uploadPhoto(testApp.app, member.token, small);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ success: false, message: PHOTOS_FULL_MESSAGE });
    expect(fs.readdirSync(testApp.photosDir ?? '').length).toBe(filesBefore);
  });

  it('holds when the last free place is raced for: one upload gets it, the other is refused and its files go', async () => {
    const member = await registerUser(testApp.app);
    for (let index = 0; index < PHOTOS_MAX - 1; index += 1) await addPhoto(testApp.app, member.token, small);
    const filesBefore = fs.readdirSync(testApp.photosDir ?? '').length;
    const answers = await Promise.all([uploadPhoto(testApp.app, member.token, small), uploadPhoto(testApp.app, member.token, small)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const photos = photosResponseSchema.parse((await listPhotos(member.token)).json()).photos;
    expect(photos.map((photo) => photo.position)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(fs.readdirSync(testApp.photosDir ?? '').length).toBe(filesBefore + 1);
  });
});

describe('people without uploaded photos', () => {
  it('keep the generated pictures they had', async () => {
    const member = await registerUser(testApp.app, { gender: 'female' });
    const drawn = { avatar: '/api/media/avatar/seeded-person?look=feminine', photos: ['/api/media/avatar/seeded-person?look=feminine&photo=2'] };
    await testApp.db.update(users).set(drawn).where(eq(users.id, member.user._id));
    const body = photosResponseSchema.parse((await listPhotos(member.token)).json());
    expect(body.photos).toEqual([]);
    expect({ avatar: body.user.avatar, photos: body.user.photos }).toEqual(drawn);
  });
});
