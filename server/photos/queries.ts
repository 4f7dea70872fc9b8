import { and, asc, eq } from 'drizzle-orm';
import { PHOTO_AVATAR_WIDTH, PHOTO_GALLERY_WIDTH, PHOTO_WIDTHS, photoUrl, type MemberPhoto } from '../../contract/photos/photos';
import { memberPhotos, users, type MemberPhotoRow, type UserRow } from '../db/schema';
import type { OrbitDatabase } from '../db/types';
import { USER_NOT_FOUND_MESSAGE } from '../discovery/record-decision';
import { HttpError } from '../plugins/errors';
import { defaultAvatarUrl } from '../members/views';

/** A transaction or the database: both run the same queries. */
export type Executor = OrbitDatabase;

/** A member's photos in profile order (the first is the main photo). */
export async function listPhotoRows(db: Executor, userId: string): Promise<MemberPhotoRow[]> {
  return db.select().from(memberPhotos).where(eq(memberPhotos.userId, userId)).orderBy(asc(memberPhotos.position), asc(memberPhotos.createdAt));
}

export function toMemberPhoto(row: MemberPhotoRow): MemberPhoto {
  return {
    id: row.id,
    url: photoUrl(row.id, PHOTO_GALLERY_WIDTH),
    width: row.width,
    height: row.height,
    position: row.position,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The address of the photo's largest stored copy: the best a member can take away. */
export function largestPhotoUrl(photoId: string, storedWidths: readonly number[]): string {
  const largest = PHOTO_WIDTHS.filter((width) => storedWidths.includes(width)).at(-1) ?? PHOTO_GALLERY_WIDTH;
  return photoUrl(photoId, largest);
}

/**
 * Locks the member's row for the rest of the transaction: every change to
 * someone's photos takes it first, so two uploads (or an upload and a
 * reorder) at once are applied one after the other and the count of six
 * holds.
 */
export async function lockMember(tx: Executor, userId: string): Promise<UserRow> {
  const [row] = await tx.select().from(users).where(eq(users.id, userId)).for('update').limit(1);
  if (!row) throw new HttpError(404, USER_NOT_FOUND_MESSAGE);
  return row;
}

/**
 * Numbers `photos` 0, 1, 2... in the order given, and points users.avatar
 * (the first, at the avatar width) and users.photos (all, at the gallery
 * width) at them, so every list that shows people reads them without a
 * join. With no photos left the account's generated picture comes back.
 */
export async function saveProfilePhotos(tx: Executor, member: UserRow, photos: readonly MemberPhotoRow[]): Promise<{ user: UserRow; photos: MemberPhotoRow[] }> {
  const numbered: MemberPhotoRow[] = [];
  for (const [position, photo] of photos.entries()) {
    if (photo.position !== position) await tx.update(memberPhotos).set({ position }).where(eq(memberPhotos.id, photo.id));
    numbered.push({ ...photo, position });
  }
  const [main] = numbered;
  const [user] = await tx
    .update(users)
    .set({
      avatar: main ? photoUrl(main.id, PHOTO_AVATAR_WIDTH) : defaultAvatarUrl(member.username, member.gender),
      photos: numbered.map((photo) => photoUrl(photo.id, PHOTO_GALLERY_WIDTH)),
    })
    .where(eq(users.id, member.id))
    .returning();
  if (!user) throw new HttpError(404, USER_NOT_FOUND_MESSAGE);
  return { user, photos: numbered };
}

/**
 * The widths stored for a photo that may be shown, or null when there is no
 * such photo (any more) or its member is banned: a ban takes their face off
 * Orbit, not only their profile.
 */
export async function servableWidthsOf(db: Executor, photoId: string): Promise<number[] | null> {
  const [row] = await db
    .select({ widths: memberPhotos.widths })
    .from(memberPhotos)
    .innerJoin(users, eq(users.id, memberPhotos.userId))
    .where(and(eq(memberPhotos.id, photoId), eq(users.isBanned, false)))
    .limit(1);
  return row?.widths ?? null;
}

/** The ids of a member's photos, for removing their files once the account is gone. */
export async function photoIdsOf(db: Executor, userId: string): Promise<string[]> {
  const rows = await db.select({ id: memberPhotos.id }).from(memberPhotos).where(eq(memberPhotos.userId, userId));
  return rows.map((row) => row.id);
}

/** Adds a photo at the end of the member's gallery (its position given by the caller, who holds the member's lock). */
export async function insertPhoto(tx: Executor, values: Pick<MemberPhotoRow, 'id' | 'userId' | 'position' | 'width' | 'height' | 'widths'>): Promise<MemberPhotoRow> {
  const [added] = await tx.insert(memberPhotos).values(values).returning();
  if (!added) throw new Error('photo insert returned no row');
  return added;
}

/** Deletes one of the member's photos (someone else's stays). */
export async function deletePhoto(tx: Executor, memberId: string, photoId: string): Promise<void> {
  await tx.delete(memberPhotos).where(and(eq(memberPhotos.id, photoId), eq(memberPhotos.userId, memberId)));
}
