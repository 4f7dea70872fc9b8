import { queryOptions } from '@tanstack/react-query';
import type { AdminMemberPhotosResponse, AdminPhotoRemovedResponse } from '../../../contract/photos/admin';
import { apiRequest } from '../client';

// Operators and members' photos (contract/admin-photos.ts): look at them, and remove one that breaks the rules.

export const adminPhotoKeys = {
  member: (userId: string) => ['admin', 'memberPhotos', userId] as const,
};

const memberPhotosPath = (userId: string) => `/admin/users/${encodeURIComponent(userId)}/photos`;

/** GET /admin/users/:id/photos: the member's photos in profile order. */
export const adminMemberPhotosQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: adminPhotoKeys.member(userId),
    queryFn: async ({ signal }) =>
      (await apiRequest<AdminMemberPhotosResponse>(memberPhotosPath(userId), { fallbackMessage: 'Failed to fetch photos', signal })).photos,
  });

/** POST /admin/users/:id/photos/:photoId/remove: the server's message, and the photos the member has left. */
export const removeMemberPhoto = (userId: string, photoId: string) =>
  apiRequest<AdminPhotoRemovedResponse>(`${memberPhotosPath(userId)}/${encodeURIComponent(photoId)}/remove`, {
    method: 'POST',
    fallbackMessage: 'Failed to remove photo',
  });
