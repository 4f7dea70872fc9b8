import { z } from 'zod';
import { idSchema } from '../common';
import { memberPhotoSchema } from './photos';

// Operators looking at a member's photos and removing one that breaks the
// rules (the member is told by a notice, see notices.ts). Kept apart from
// photos.ts so member screens do not load admin schemas.

export const adminMemberPhotoParamsSchema = z.object({ id: idSchema, photoId: idSchema });

/** GET /admin/users/:id/photos: the member's photos in profile order. */
export const adminMemberPhotosResponseSchema = z.object({ success: z.literal(true), photos: z.array(memberPhotoSchema) });
export type AdminMemberPhotosResponse = z.infer<typeof adminMemberPhotosResponseSchema>;

/** POST /admin/users/:id/photos/:photoId/remove: what was done, and the photos the member has left. */
export const adminPhotoRemovedResponseSchema = adminMemberPhotosResponseSchema.extend({ message: z.string() });
export type AdminPhotoRemovedResponse = z.infer<typeof adminPhotoRemovedResponseSchema>;
