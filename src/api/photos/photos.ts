import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { PhotosResponse } from '../../../contract/photos/photos';
import { apiRequest } from '../client';
import { memberKeys } from '../member-keys';
import { currentUserQueryOptions } from '../members';

/**
 * The signed-in member's own photos with their account (GET /user/me/photos).
 * Under ['me', ...] so that the sign-in's removal of ['me'] takes them too:
 * one account's photos never show for the next.
 */
export const myPhotosQueryOptions = () =>
  queryOptions({
    queryKey: memberKeys.photos(),
    queryFn: ({ signal }) => apiRequest<PhotosResponse>('/user/me/photos', { fallbackMessage: 'Failed to load your photos', signal }),
  });

/** POST /user/me/photos: the file itself is the body, with its own type (JPEG, PNG or WebP). */
export function uploadPhoto(file: Blob): Promise<PhotosResponse> {
  return apiRequest<PhotosResponse>('/user/me/photos', { method: 'POST', blob: file, fallbackMessage: 'Failed to upload photo' });
}

/** PUT /user/me/photos/order: every photo id, once, the main photo first. */
export function reorderPhotos(order: readonly string[]): Promise<PhotosResponse> {
  return apiRequest<PhotosResponse>('/user/me/photos/order', { method: 'PUT', body: { order }, fallbackMessage: 'Failed to reorder photos' });
}

/** DELETE /user/me/photos/:photoId. */
export function deletePhoto(photoId: string): Promise<PhotosResponse> {
  return apiRequest<PhotosResponse>(`/user/me/photos/${encodeURIComponent(photoId)}`, { method: 'DELETE', fallbackMessage: 'Failed to delete photo' });
}

/**
 * Every photo call answers with the photos and the account as they now read
 * (avatar and photos follow the order): both cached reads take it as it is.
 */
export function keepPhotosResponse(queryClient: QueryClient, response: PhotosResponse): void {
  queryClient.setQueryData(myPhotosQueryOptions().queryKey, response);
  queryClient.setQueryData(currentUserQueryOptions().queryKey, response.user);
}
