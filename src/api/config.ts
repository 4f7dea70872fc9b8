import { queryOptions } from '@tanstack/react-query';
import { publicConfigResponseSchema, type PublicConfig } from '../../contract/config';
import { apiRequest } from './client';

export const DEFAULT_APP_NAME = 'Orbit';

async function fetchPublicConfig(signal: AbortSignal): Promise<PublicConfig> {
  try {
    const body = await apiRequest('/config/public', {
      schema: publicConfigResponseSchema,
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
