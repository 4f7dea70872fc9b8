import { queryOptions } from '@tanstack/react-query';
import type {
  AppConfigsResponse,
  PublicConfigResponse,
  UpdateAppConfigResponse,
  PublicConfig,
  UpdateAppConfigBody,
} from '../../contract/config';
import { apiRequest } from './client';

export const DEFAULT_APP_NAME = 'Orbit';

async function fetchPublicConfig(signal: AbortSignal): Promise<PublicConfig> {
  try {
    const body = await apiRequest<PublicConfigResponse>('/config/public', {
      fallbackMessage: 'Failed to fetch home page content',
      signal,
    });
    return body.data.config;
  } catch (error) {
    // SPEC section 4: a failed config fetch is only logged; built-in defaults stay.
    console.warn('Public config unavailable, using defaults', error);
    return {};
  }
}

export const publicConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['config', 'public'],
    queryFn: ({ signal }) => fetchPublicConfig(signal),
    staleTime: 60_000,
  });

/** SPEC section 8 fallback texts for the admin's home content calls. */
export const HOME_CONTENT_MESSAGES = {
  read: 'Failed to fetch home page content',
  update: 'Failed to update home page content',
} as const;

/** Admin: every editable setting with its type, description and public flag. */
export const appConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['config', 'app'],
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
