import { queryOptions } from '@tanstack/react-query';
import type { NotificationSettings, NotificationSettingsResponse, PushSubscriptionBody, UpdateNotificationSettingsBody } from '../../contract/notifications';
import { apiRequest } from './client';

/** Under ['me', ...]: the switches belong to the signed-in account, removed with it on sign-in. */
export const notificationSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['me', 'notifications'] as const,
    queryFn: async ({ signal }): Promise<NotificationSettings> =>
      (await apiRequest<NotificationSettingsResponse>('/notifications/settings', { fallbackMessage: 'Failed to load your notification settings', signal })).settings,
  });

/** PATCH /notifications/settings: all the switches as saved. */
export async function updateNotificationSettings(change: UpdateNotificationSettingsBody): Promise<NotificationSettings> {
  const answer = await apiRequest<NotificationSettingsResponse>('/notifications/settings', {
    method: 'PATCH',
    body: change,
    fallbackMessage: 'Failed to save your notification settings',
  });
  return answer.settings;
}

/** The server's VAPID public key (base64url), for PushManager.subscribe. */
export async function fetchPushKey(): Promise<string> {
  return (await apiRequest<{ publicKey: string }>('/notifications/push-key', { fallbackMessage: 'Failed to set up notifications' })).publicKey;
}

/** PUT /notifications/push-subscription: this browser receives the member's pushes. */
export async function savePushSubscription(subscription: PushSubscriptionBody): Promise<void> {
  await apiRequest('/notifications/push-subscription', { method: 'PUT', body: subscription, fallbackMessage: 'Failed to turn on notifications' });
}

/** DELETE /notifications/push-subscription: this browser stops receiving them. */
export async function deletePushSubscription(endpoint: string): Promise<void> {
  await apiRequest('/notifications/push-subscription', { method: 'DELETE', body: { endpoint }, fallbackMessage: 'Failed to turn off notifications' });
}

/** POST /notifications/email-unsubscribe: the news email's link, no sign-in needed; answers what the member reads. */
export async function stopNewsEmails(token: string): Promise<string> {
  const answer = await apiRequest<{ message: string }>('/notifications/email-unsubscribe', {
    method: 'POST',
    query: { token },
    fallbackMessage: 'Failed to stop news emails',
  });
  return answer.message;
}
