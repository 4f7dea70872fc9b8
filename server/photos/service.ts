import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { PHOTO_REMOVED_NOTICE } from '../../contract/notices';
import {
  PHOTO_MISSING_MESSAGE,
  PHOTO_NOT_FOUND_MESSAGE,
  PHOTO_ORDER_MESSAGE,
  PHOTOS_FULL_MESSAGE,
  PHOTOS_MAX,
  type MemberPhoto,
  type PhotosResponse,
} from '../../contract/photos/photos';
import { recordAdminAction } from '../admin/queries/audit';
import type { UserRow } from '../db/schema';
import type { OrbitDatabase } from '../db/types';
import { addNotice } from '../notices/notices';
import type { CoinEntry } from '../../contract/coins/ledger';
import { earnForCompleteProfile } from '../coins/earning';
import { HttpError } from '../plugins/errors';
import { toUserView } from '../members/views';
import { processPhoto } from './processing';
import { deletePhoto, insertPhoto, listPhotoRows, lockMember, saveProfilePhotos, toMemberPhoto } from './queries';
import { allPhotoFileKeys, PHOTO_CONTENT_TYPE, photoFileKey, type PhotoStorage } from './storage';

/** What every photo operation needs: the database, the files, and a log for files that would not go. */
export interface PhotoContext {
  db: OrbitDatabase;
  storage: PhotoStorage;
  log: FastifyBaseLogger;
}

/**
 * Removes the files of photos whose rows are gone (or never committed).
 * Never throws: the rows are the truth, and GET /api/photos serves only
 * photos that have one, so a file left behind is unreachable; the log
 * names it for whoever tidies the store.
 */
export async function discardPhotoFiles(context: Pick<PhotoContext, 'storage' | 'log'>, photoIds: readonly string[]): Promise<void> {
  if (photoIds.length === 0) return;
  try {
    await context.storage.deleteMany(photoIds.flatMap(allPhotoFileKeys));
  } catch (error) {
    context.log.warn({ err: error, photoIds, storage: context.storage.kind }, 'photo files could not be deleted');
  }
}

export async function listOwnPhotos(db: OrbitDatabase, userId: string): Promise<MemberPhoto[]> {
  return (await listPhotoRows(db, userId)).map(toMemberPhoto);
}

function photosResponse(saved: Awaited<ReturnType<typeof saveProfilePhotos>>): PhotosResponse {
  return { photos: saved.photos.map(toMemberPhoto), user: toUserView(saved.user) };
}

/**
 * Adds a photo at the end of the member's gallery. The slow part (decoding
 * and encoding, then storing the files) happens before the transaction, so
 * no row lock is held meanwhile; the transaction then checks the count again
 * under the member's lock. When it fails, the files go again.
 */
export async function uploadPhoto(context: PhotoContext, member: UserRow, input: Buffer | undefined): Promise<PhotosResponse & { earned?: CoinEntry }> {
  if (!input || input.length === 0) throw new HttpError(400, PHOTO_MISSING_MESSAGE);
  // A full gallery is refused before any decoding is paid for.
  if ((await listPhotoRows(context.db, member.id)).length >= PHOTOS_MAX) throw new HttpError(409, PHOTOS_FULL_MESSAGE);
  const processed = await processPhoto(input);

  const photoId = randomUUID();
  try {
    await Promise.all(processed.variants.map((variant) => context.storage.put(photoFileKey(photoId, variant.step), variant.data, PHOTO_CONTENT_TYPE)));
    return await context.db.transaction(async (tx) => {
      const locked = await lockMember(tx, member.id);
      const photos = await listPhotoRows(tx, member.id);
      if (photos.length >= PHOTOS_MAX) throw new HttpError(409, PHOTOS_FULL_MESSAGE);
      const added = await insertPhoto(tx, {
        id: photoId,
        userId: member.id,
        position: photos.length,
        width: processed.width,
        height: processed.height,
        widths: processed.variants.map((variant) => variant.step),
      });
      const saved = await saveProfilePhotos(tx, locked, [...photos, added]);
      // A first photo may be what completes the profile: its coins come with the upload.
      const { member: rewarded, earned } = await earnForCompleteProfile(tx, saved.user);
      return { ...photosResponse({ ...saved, user: rewarded }), earned };
    });
  } catch (error) {
    await discardPhotoFiles(context, [photoId]);
    throw error;
  }
}

/** Puts the member's photos in the order given, which must name each of them once; the first becomes the main photo. */
export async function reorderPhotos(db: OrbitDatabase, memberId: string, order: readonly string[]): Promise<PhotosResponse> {
  return db.transaction(async (tx) => {
    const locked = await lockMember(tx, memberId);
    const photos = await listPhotoRows(tx, memberId);
    const byId = new Map(photos.map((photo) => [photo.id, photo]));
    const reordered = order.flatMap((id) => byId.get(id) ?? []);
    if (order.length !== photos.length || new Set(order).size !== order.length || reordered.length !== photos.length) {
      throw new HttpError(400, PHOTO_ORDER_MESSAGE);
    }
    return photosResponse(await saveProfilePhotos(tx, locked, reordered));
  });
}

/** Takes one photo out of the gallery and renumbers the rest; the files go once the change has committed. */
async function removePhoto(db: OrbitDatabase, memberId: string, photoId: string, afterRemoval?: (tx: OrbitDatabase, member: UserRow) => Promise<void>) {
  return db.transaction(async (tx) => {
    const locked = await lockMember(tx, memberId);
    const photos = await listPhotoRows(tx, memberId);
    if (!photos.some((photo) => photo.id === photoId)) throw new HttpError(404, PHOTO_NOT_FOUND_MESSAGE);
    await deletePhoto(tx, memberId, photoId);
    const saved = await saveProfilePhotos(tx, locked, photos.filter((photo) => photo.id !== photoId));
    await afterRemoval?.(tx, locked);
    return saved;
  });
}

/** The member deletes one of their own photos; anyone else's reads as not found. */
export async function deleteOwnPhoto(context: PhotoContext, memberId: string, photoId: string): Promise<PhotosResponse> {
  const saved = await removePhoto(context.db, memberId, photoId);
  await discardPhotoFiles(context, [photoId]);
  return photosResponse(saved);
}

export interface ModeratorRemoval {
  message: string;
  photos: MemberPhoto[];
}

/**
 * An operator removes a photo that breaks the rules: the photo and its
 * files go, the owner gets a notice saying why, and the audit log records
 * who did it, all in the one transaction (the files after it).
 */
export async function removePhotoAsModerator(context: PhotoContext, adminId: string, memberId: string, photoId: string): Promise<ModeratorRemoval> {
  let username = '';
  const saved = await removePhoto(context.db, memberId, photoId, async (tx, locked) => {
    username = locked.username;
    await addNotice(tx, memberId, 'photo_removed', PHOTO_REMOVED_NOTICE);
    await recordAdminAction(tx, { adminId, action: 'remove-photo', targetType: 'user', targetId: memberId, details: `Photo ${photoId}` });
  });
  await discardPhotoFiles(context, [photoId]);
  return { message: `Removed one of ${username}'s photos; they have been told why`, photos: saved.photos.map(toMemberPhoto) };
}
