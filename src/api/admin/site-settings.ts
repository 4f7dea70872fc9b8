import { queryOptions } from '@tanstack/react-query';
import type { AppConfigsResponse, UpdateAppConfigBody, UpdateAppConfigResponse } from '../../../contract/site-settings';
import { apiRequest } from '../client';
import { siteSettingsKeys } from '../site-settings';

// The admin's side of the site settings, apart from the public config every page reads, so only the admin's pages carry it.

/** SPEC section 8 fallback texts for the admin's home content calls. */
export const HOME_CONTENT_MESSAGES = {
  read: 'Failed to fetch home page content',
  update: 'Failed to update home page content',
} as const;

/** Admin: every editable setting with its type, description and public flag. */
export const appConfigQueryOptions = () =>
  queryOptions({
    queryKey: siteSettingsKeys.app(),
    queryFn: async ({ signal }) => {
      const body = await apiRequest<AppConfigsResponse>('/config/app', {
        fallbackMessage: HOME_CONTENT_MESSAGES.read,
        signal,
      });
      return body.data.configs;
    },
  });

/** Admin: saves settings; afterwards invalidate ['config'] so the public config refreshes too. */
export function updateAppConfig(body: UpdateAppConfigBody) {
  return apiRequest<UpdateAppConfigResponse>('/config/app', {
    method: 'POST',
    body,
    fallbackMessage: HOME_CONTENT_MESSAGES.update,
  });
}
