import fs from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityResponseSchema } from '../../../contract/admin/console';
import { adminMemberPhotosResponseSchema, adminPhotoRemovedResponseSchema } from '../../../contract/photos/admin';
import { adminReportListResponseSchema } from '../../../contract/admin/reports';
import { dataExportSchema } from '../../../contract/members/data-export';
import { NOTICE_NOT_FOUND_MESSAGE, noticesResponseSchema, PHOTO_REMOVED_NOTICE } from '../../../contract/notices';
import { PHOTO_AVATAR_WIDTH, PHOTO_GALLERY_WIDTH, PHOTO_NOT_FOUND_MESSAGE, photoUrl } from '../../../contract/photos/photos';
import { memberNotices, memberPhotos, userReports } from '../../../server/db/schema';
import { defaultAvatarUrl } from '../../../server/members/views';
import { bearer, loginAdmin, registerUser, type RegisteredUser } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { addPhoto, cameraJpeg, getPhotoFile } from './photo-fixtures';

let testApp: TestApp;
let adminToken: string;
let small: Buffer;

beforeAll(async () => {
  testApp = await createTestApp();
  adminToken = await loginAdmin(testApp.app);
  small = await cameraJpeg({ width: 240, height: 180 });
});
afterAll(async () => {
  await testApp?.close();
});

function call(method: 'GET' | 'POST' | 'DELETE', url: string, token: string, payload?: object) {
  return testApp.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
}

function hasFiles(photoId: string): boolean {
  return fs.existsSync(path.join(testApp.photosDir ?? '', photoId));
}

async function photoIdsOf(member: RegisteredUser, count: number): Promise<string[]> {
  let ids: string[] = [];
  for (let index = 0; index < count; index += 1) ids = (await addPhoto(testApp.app, member.token, small)).photos.map((photo) => photo.id);
  return ids;
}

async function notices(token: string) {
  const response = await call('GET', '/api/user/me/notices', token);
  expect(response.statusCode, response.body).toBe(200);
  return noticesResponseSchema.parse(response.json()).notices;
}

async function reportQueue() {
  const response = await call('GET', '/api/admin/reports?status=open&limit=100', adminToken);
  expect(response.statusCode, response.body).toBe(200);
  return adminReportListResponseSchema.parse(response.json()).reports;
}

describe('deleting an account', () => {
  it('deletes the member\'s photo files once the account is gone', async () => {
    const member = await registerUser(testApp.app);
    const ids = await photoIdsOf(member, 2);
    expect(ids.every(hasFiles)).toBe(true);

    const response = await call('DELETE', '/api/auth/account', member.token, { password: member.body.password });
    expect(response.statusCode, response.body).toBe(200);
    expect(ids.some(hasFiles)).toBe(false);
    expect(await testApp.db.select().from(memberPhotos).where(eq(memberPhotos.userId, member.user._id))).toEqual([]);
    for (const id of ids) expect((await getPhotoFile(testApp.app, photoUrl(id, PHOTO_AVATAR_WIDTH))).statusCode).toBe(404);
  });

  it('keeps the files when the deletion is refused', async () => {
    const member = await registerUser(testApp.app);
    const [id] = await photoIdsOf(member, 1);
    expect((await call('DELETE', '/api/auth/account', member.token, { password: 'not-the-password' })).statusCode).toBe(400);
    expect(hasFiles(id ?? '')).toBe(true);
  });
});

describe('the data export', () => {
  it('lists the member\'s photos, largest copy and when each was added, in profile order', async () => {
    const member = await registerUser(testApp.app);
    const ids = await photoIdsOf(member, 2);
    const response = await call('GET', '/api/user/me/export', member.token);
    expect(response.statusCode, response.body).toBe(200);
    const exported = dataExportSchema.parse(response.json());
    // 240 pixels wide: the largest copy is the one stored as 320.
    expect(exported.photos.map((photo) => photo.url)).toEqual(ids.map((id) => photoUrl(id, 320)));
    for (const photo of exported.photos) expect(Number.isNaN(Date.parse(photo.createdAt))).toBe(false);
  });
});

describe('reporting a photo', () => {
  it('files the report with the photo, which the operators\' queue shows until it is removed', async () => {
    const owner = await registerUser(testApp.app);
    const reporter = await registerUser(testApp.app);
    const [first, second] = await photoIdsOf(owner, 2);

    const response = await call('POST', `/api/users/${owner.user._id}/report`, reporter.token, { reason: 'inappropriate_content', photoId: second, block: false });
    expect(response.statusCode, response.body).toBe(201);
    const [stored] = await testApp.db.select().from(userReports).where(and(eq(userReports.reporterId, reporter.user._id), eq(userReports.reportedId, owner.user._id)));
    expect(stored?.photoId).toBe(second);

    const queued = (await reportQueue()).find((report) => report.reported._id === owner.user._id);
    expect(queued).toMatchObject({ photoId: second, photoUrl: photoUrl(second ?? '', PHOTO_GALLERY_WIDTH) });
    expect((await getPhotoFile(testApp.app, queued?.photoUrl ?? '')).statusCode).toBe(200);

    // Amending the report without a photo keeps the photo it named.
    expect((await call('POST', `/api/users/${owner.user._id}/report`, reporter.token, { reason: 'harassment', block: false })).statusCode).toBe(201);
    expect((await reportQueue()).find((report) => report.reported._id === owner.user._id)).toMatchObject({ reason: 'harassment', photoId: second });

    // The operator looks at the member's photos and removes the reported one.
    const listed = await call('GET', `/api/admin/users/${owner.user._id}/photos`, adminToken);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(adminMemberPhotosResponseSchema.parse(listed.json()).photos.map((photo) => photo.id)).toEqual([first, second]);
    const removed = await call('POST', `/api/admin/users/${owner.user._id}/photos/${second ?? ''}/remove`, adminToken);
    expect(removed.statusCode, removed.body).toBe(200);

    const after = (await reportQueue()).find((report) => report.reported._id === owner.user._id);
    expect(after).toMatchObject({ photoId: second, photoUrl: null });
    expect(first).toBeDefined();
  });

  it('refuses a photo that is not one of the reported person\'s with 404, filing nothing', async () => {
    const owner = await registerUser(testApp.app);
    const stranger = await registerUser(testApp.app);
    const reporter = await registerUser(testApp.app);
    const [strangersPhoto] = await photoIdsOf(stranger, 1);
    for (const photoId of [strangersPhoto, '00000000-0000-4000-8000-000000000000']) {
      const response = await call('POST', `/api/users/${owner.user._id}/report`, reporter.token, { reason: 'inappropriate_content', photoId });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ success: false, message: PHOTO_NOT_FOUND_MESSAGE });
    }
    const malformed = await call('POST', `/api/users/${owner.user._id}/report`, reporter.token, { reason: 'other', photoId: 'x' });
    expect(malformed.statusCode).toBe(400);
    expect(await testApp.db.select().from(userReports).where(eq(userReports.reporterId, reporter.user._id))).toEqual([]);
  });
});

describe('an operator removing a photo', () => {
  it('deletes the photo and its files, tells the owner why, and writes the audit log', async () => {
    const owner = await registerUser(testApp.app, { gender: 'female' });
    const [only] = await photoIdsOf(owner, 1);

    const response = await call('POST', `/api/admin/users/${owner.user._id}/photos/${only ?? ''}/remove`, adminToken);
    expect(response.statusCode, response.body).toBe(200);
    const body = adminPhotoRemovedResponseSchema.parse(response.json());
    expect(body.photos).toEqual([]);
    expect(body.message).toBe(`Removed one of ${owner.body.username}'s photos; they have been told why`);

    expect(hasFiles(only ?? '')).toBe(false);
    expect((await getPhotoFile(testApp.app, photoUrl(only ?? '', PHOTO_GALLERY_WIDTH))).statusCode).toBe(404);
    const me = await call('GET', '/api/user/me', owner.token);
    expect(me.json<{ user: { avatar: string; photos: string[] } }>().user).toMatchObject({ avatar: defaultAvatarUrl(owner.body.username, 'female'), photos: [] });

    const shown = await notices(owner.token);
    expect(shown).toEqual([{ id: expect.any(String) as string, kind: 'photo_removed', text: PHOTO_REMOVED_NOTICE, createdAt: expect.any(String) as string }]);

    const activity = activityResponseSchema.parse((await call('GET', '/api/admin/activity?limit=10', adminToken)).json());
    expect(activity.activity[0]).toMatchObject({ action: 'remove-photo', targetType: 'user', targetId: owner.user._id, targetName: owner.body.username, details: `Photo ${only ?? ''}` });

    // Removing it again, or a photo of someone else, is 404.
    expect((await call('POST', `/api/admin/users/${owner.user._id}/photos/${only ?? ''}/remove`, adminToken)).statusCode).toBe(404);
    const other = await registerUser(testApp.app);
    const [othersPhoto] = await photoIdsOf(other, 1);
    const mismatched = await call('POST', `/api/admin/users/${owner.user._id}/photos/${othersPhoto ?? ''}/remove`, adminToken);
    expect(mismatched.statusCode).toBe(404);
    expect(mismatched.json()).toEqual({ success: false, message: PHOTO_NOT_FOUND_MESSAGE });
    expect(hasFiles(othersPhoto ?? '')).toBe(true);
    const unknownMember = await call('GET', '/api/admin/users/00000000-0000-4000-8000-000000000000/photos', adminToken);
    expect(unknownMember.statusCode).toBe(404);
    expect(unknownMember.json()).toEqual({ success: false, message: 'User not found' });
  });

  it('is for operators only', async () => {
    const owner = await registerUser(testApp.app);
    const [id] = await photoIdsOf(owner, 1);
    expect((await call('POST', `/api/admin/users/${owner.user._id}/photos/${id ?? ''}/remove`, owner.token)).statusCode).toBe(403);
    expect((await testApp.app.inject({ method: 'GET', url: `/api/admin/users/${owner.user._id}/photos` })).statusCode).toBe(401);
    expect(hasFiles(id ?? '')).toBe(true);
  });
});

describe('member notices', () => {
  it('shows a notice until its member dismisses it; nobody else can', async () => {
    const member = await registerUser(testApp.app);
    const other = await registerUser(testApp.app);
    const [row] = await testApp.db.insert(memberNotices).values({ userId: member.user._id, kind: 'photo_removed', text: PHOTO_REMOVED_NOTICE }).returning();
    const id = row?.id ?? '';
    expect((await notices(member.token)).map((notice) => notice.id)).toEqual([id]);
    expect(await notices(other.token)).toEqual([]);

    const stranger = await call('POST', `/api/user/me/notices/${id}/seen`, other.token);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toEqual({ success: false, message: NOTICE_NOT_FOUND_MESSAGE });
    expect(await notices(member.token)).toHaveLength(1);

    const seen = await call('POST', `/api/user/me/notices/${id}/seen`, member.token);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(noticesResponseSchema.parse(seen.json()).notices).toEqual([]);
    const [stored] = await testApp.db.select().from(memberNotices).where(eq(memberNotices.id, id));
    const firstSeen = stored?.seenAt;
    expect(firstSeen).toBeInstanceOf(Date);
    // Dismissing twice succeeds and keeps the first time.
    expect((await call('POST', `/api/user/me/notices/${id}/seen`, member.token)).statusCode).toBe(200);
    const [again] = await testApp.db.select().from(memberNotices).where(eq(memberNotices.id, id));
    expect(again?.seenAt).toEqual(firstSeen);
    expect((await call('POST', '/api/user/me/notices/not-an-id/seen', member.token)).statusCode).toBe(400);
  });

  it('is for members: 401 signed out, 403 for an admin', async () => {
    expect((await testApp.app.inject({ method: 'GET', url: '/api/user/me/notices' })).statusCode).toBe(401);
    expect((await call('GET', '/api/user/me/notices', adminToken)).statusCode).toBe(403);
  });
});
