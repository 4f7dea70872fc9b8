import { queryOptions } from '@tanstack/react-query';
import type { PublicConfigResponse, PublicConfig } from '../../contract/site-settings';
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

/** The site settings' query keys; a change of any setting refreshes everything under `all`. */
export const siteSettingsKeys = {
  all: ['config'] as const,
  public: () => ['config', 'public'] as const,
  app: () => ['config', 'app'] as const,
};

export const publicConfigQueryOptions = () =>
  queryOptions({
    queryKey: siteSettingsKeys.public(),
    queryFn: ({ signal }) => fetchPublicConfig(signal),
    staleTime: 60_000,
  });
